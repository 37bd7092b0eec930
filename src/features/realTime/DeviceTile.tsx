import { memo } from 'react';
import type { Tile } from '../../../streams/deviceTiles';
import { alarmLabel } from '../../../domain/alarmLanguage';
import { keyValues, tileAge, tileState } from '../../app/liveDevices/tileLook';
import { useNowAs } from '../../app/widgets/useNow';
import { ageText } from '../../app/liveDevices/ageText';
import { AlarmIcon } from '../../app/alarm/AlarmIcon';
import { currentLanguage, t } from '../../app/i18n/i18n';
import { deviceStatusText } from '../../app/i18n/enumText';
import { STALE_HATCH, TILE_STYLE } from './tileStyle';
import { MEASURE_BY_ID } from '../../../domain/measures';
import { measureValueText, tripParts } from '../../app/alarm/alarmValue';

const LEAK = 1001;
/** the tripped value framed, in the text's own colour, so it reads on every state's fill */
const TRIPPED = 'rounded-[0.12em] px-[0.12em] outline outline-[0.07em] -outline-offset-[0.02em]';

/**
 * The second value of a tile: the hottest cable temperature, or the measure that tripped the alarm
 * when that is another one with a unit (a single phase's temperature, the power).
 */
function secondValue(tile: Tile, temp: number | null, trippedId: number | null) {
  if (trippedId !== null && trippedId !== LEAK && MEASURE_BY_ID.get(trippedId)?.unit)
    return { text: measureValueText(trippedId, tile.values.get(trippedId) ?? tile.trip?.value ?? null), tripped: true };
  return { text: measureValueText(1101, temp), tripped: false };
}

/**
 * One device on the wall, sized by its grid (font-size is the value text; everything else is in em).
 * Memoised, and on the clock only through its age: a tile renders when its data changes or the words
 * of its age do, not on every tick.
 */
export const DeviceTile = memo(function DeviceTile({
  tile,
  reportMs,
  onOpen,
}: {
  tile: Tile;
  reportMs: number;
  onOpen: (id: number) => void;
}) {
  const shown = useNowAs((now) => tileAge(tile, now, reportMs));
  const age = shown < 0 ? null : shown;
  const state = tileState(tile);
  const lang = currentLanguage();
  const { leak, temp } = keyValues(tile);
  const stale = age !== null;
  const onSolid = state === 'accident';
  // an alarming tile says why (issue 30): the tripped measure framed, and what it crossed in the bottom line
  const trip = state === 'accident' || state === 'alarm' || state === 'warning' ? tile.trip : null;
  const trippedId = trip?.dataId ?? null;
  const second = secondValue(tile, temp, trippedId);
  const why = trip && tripParts(trip);
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
        <span data-testid="tile-value" data-tripped={trippedId === LEAK || undefined} className={trippedId === LEAK ? TRIPPED : ''}>
          {measureValueText(LEAK, leak)}
        </span>
        <span data-tripped={second.tripped || undefined} className={second.tripped ? TRIPPED : ''}>
          {second.text}
        </span>
      </div>
      <div className="relative flex w-full min-w-0 items-center justify-between gap-[0.3em] text-[max(12px,0.42em)] leading-tight">
        {/* the code names the device and keeps its room; the state word gives way when space is short */}
        <span className="flex min-w-0 items-baseline gap-[0.4em]">
          {/* the state in words too; an offline tile names its communication status (自动退出, 重试…) */}
          {state !== 'normal' && (
            <b className={why ? 'shrink-0' : 'min-w-0 truncate'} data-testid="tile-state">
              {state === 'offline' ? deviceStatusText(tile.devicestatus) : alarmLabel(state, lang)}
            </b>
          )}
          {why ? (
            // what tripped and the limit it crossed take the code's place (the code stays in the tile's title)
            <span
              className="min-w-0 truncate"
              data-testid="tile-trip"
              data-data-id={trip?.dataId ?? undefined}
              data-limit={trip?.limit ?? undefined}
            >
              {why.measure}
              {why.limit && <b className="ml-[0.3em]">{t('wall.tripLimit', { limit: why.limit })}</b>}
            </span>
          ) : (
            <span className={`shrink-0 ${onSolid || stale ? '' : 'text-muted'}`} data-testid="tile-code">
              {tile.code}
            </span>
          )}
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
