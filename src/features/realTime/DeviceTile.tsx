import { memo } from 'react';
import type { Tile } from '../../../streams/deviceTiles';
import { alarmLabel } from '../../../domain/alarmLanguage';
import { keyValues, tileState } from '../../app/liveDevices/tileLook';
import { ageText } from '../../app/liveDevices/ageText';
import { AlarmIcon } from '../../app/alarm/AlarmIcon';
import { currentLanguage, t } from '../../app/i18n/i18n';
import { deviceStatusText } from '../../app/i18n/enumText';
import { STALE_HATCH, TILE_STYLE } from './tileStyle';

const fmt = (v: number | null, unit: string) => (v === null ? '--' : `${v.toFixed(1)}${unit}`);

/**
 * One device on the wall, sized by its grid (font-size is the value text; everything else is in em).
 * Memoised: only tiles whose data or staleness changed re-render. `age` is null while the data is live.
 */
export const DeviceTile = memo(function DeviceTile({
  tile,
  age,
  onOpen,
}: {
  tile: Tile;
  age: number | null;
  onOpen: (id: number) => void;
}) {
  const state = tileState(tile);
  const lang = currentLanguage();
  const { leak, temp } = keyValues(tile);
  const stale = age !== null;
  const onSolid = state === 'accident';
  return (
    <button
      type="button"
      data-testid="device-tile"
      data-device={tile.deviceId}
      data-state={state}
      data-stale={stale || undefined}
      onClick={() => onOpen(tile.deviceId)}
      title={`${tile.projectName} · ${tile.name} (${tile.code})`}
      style={TILE_STYLE[state]}
      className="relative flex h-full w-full min-w-0 flex-col justify-between overflow-hidden rounded-[0.2em] border-solid px-[0.3em] py-[0.15em] text-left text-ink"
    >
      {/* the hatch under the text (the rows are positioned after it), so names and codes stay legible */}
      {stale && <div className="pointer-events-none absolute inset-0" style={STALE_HATCH} data-testid="tile-stale" />}
      <div className="relative flex w-full min-w-0 items-center gap-[0.25em] leading-tight">
        <AlarmIcon state={state} size="0.75em" />
        <span className="min-w-0 flex-1 truncate text-[0.62em] font-semibold" data-testid="tile-name">
          {tile.name}
        </span>
      </div>
      <div
        className="relative flex w-full items-baseline justify-between gap-[0.4em] leading-none font-semibold tabular-nums"
        data-testid="tile-values"
      >
        <span data-testid="tile-value">{fmt(leak, 'mA')}</span>
        <span>{fmt(temp, '℃')}</span>
      </div>
      <div className="relative flex w-full min-w-0 items-center justify-between gap-[0.3em] text-[max(12px,0.42em)] leading-tight">
        {/* the code names the device and keeps its room; the state word gives way when space is short */}
        <span className="flex min-w-0 items-baseline gap-[0.4em]">
          {/* the state in words too; an offline tile names its communication status (自动退出, 重试…) */}
          {state !== 'normal' && (
            <b className="min-w-0 truncate" data-testid="tile-state">
              {state === 'offline' ? deviceStatusText(tile.devicestatus) : alarmLabel(state, lang)}
            </b>
          )}
          <span className={`shrink-0 ${onSolid || stale ? '' : 'text-muted'}`} data-testid="tile-code">
            {tile.code}
          </span>
        </span>
        {stale && (
          <span
            className="inline-flex shrink-0 items-center gap-[0.2em] rounded-[0.15em] px-[0.25em] text-[max(13px,1.05em)] leading-snug font-semibold"
            style={{ background: 'var(--vg-state-stale)', color: 'var(--vg-state-stale-on)' }}
            data-testid="tile-age"
          >
            <AlarmIcon state="stale" size="1em" />
            {tile.time === null ? t('wall.noData') : ageText(age)}
          </span>
        )}
      </div>
    </button>
  );
});
