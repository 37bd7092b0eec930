import { memo } from 'react';
import type { Tile } from '../../../streams/deviceTiles';
import { keyValues, STATE_CLASS, STATE_DOT, tileState } from '../../app/liveDevices/tileLook';
import { deviceStatusText } from '../../app/i18n/enumText';

const fmt = (v: number | null, unit: string) => (v === null ? '--' : `${v.toFixed(1)}${unit}`);

/** One device on the wall; memoised so only the tiles whose data changed re-render. */
export const DeviceTile = memo(function DeviceTile({ tile, onOpen }: { tile: Tile; onOpen: (id: number) => void }) {
  const state = tileState(tile);
  const { leak, temp } = keyValues(tile);
  return (
    <button
      type="button"
      data-testid="device-tile"
      data-device={tile.deviceId}
      data-state={state}
      onClick={() => onOpen(tile.deviceId)}
      title={`${tile.projectName} · ${tile.name} (${tile.code})`}
      className={`flex h-[76px] w-full flex-col justify-between rounded-md border-2 px-2 py-1.5 text-left text-xs ${STATE_CLASS[state]}`}
    >
      <div className="flex items-center gap-1.5">
        <span className={`h-2 w-2 shrink-0 rounded-full ${STATE_DOT[state]}`} />
        <span className="truncate font-medium text-ink">{tile.name}</span>
      </div>
      <div className="truncate font-mono text-[11px] text-muted">{tile.code}</div>
      <div className="flex justify-between font-mono text-ink">
        <span>{fmt(leak, 'mA')}</span>
        <span>{fmt(temp, '℃')}</span>
        {state === 'offline' && <span className="text-muted">{deviceStatusText(tile.devicestatus)}</span>}
      </div>
    </button>
  );
});
