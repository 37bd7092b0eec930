import { measureText } from '../../app/i18n/measureText';
import { memo } from 'react';
import { formatTime } from '../../app/time/projectTime';
import { MEASURES } from '../../../domain/telemetry';
import type { Tile } from '../../../streams/deviceTiles';
import { t, useLanguage, type Language } from '../../app/i18n/i18n';
import { measureValueText } from '../../../domain/measureFormat';
import { deviceStatusText } from '../../app/i18n/enumText';
import { StateMark } from '../../app/ui/StateMark';
import { deviceStatusShape } from '../../app/ui/stateShapes';

const Row = memo(function Row({ tile, onOpen, lang }: { tile: Tile; onOpen: (id: number) => void; lang: Language }) {
  return (
    <tr
      className={`border-t border-line ${tile.alarmRank >= 2 ? 'bg-danger/10' : tile.alarmRank === 1 ? 'bg-warn/10' : ''}`}
      data-testid="realtime-row"
      data-device={tile.deviceId}
    >
      <td className="sticky left-0 bg-surface px-3 py-1.5">
        <button type="button" className="text-brand hover:underline" onClick={() => onOpen(tile.deviceId)}>
          {tile.name}
        </button>
        <div className="font-mono text-[0.6875rem] text-muted">{tile.code}</div>
      </td>
      <td className="px-3 py-1.5">{tile.projectName}</td>
      <td className="px-3 py-1.5">
        <StateMark shape={deviceStatusShape(tile.devicestatus)}>{deviceStatusText(tile.devicestatus)}</StateMark>
      </td>
      {MEASURES.map((m) => {
        const value = tile.values.get(m.dataId);
        return (
          <td key={m.dataId} className="px-3 py-1.5 text-right font-mono tabular-nums" data-measure={m.dataId}>
            {value === undefined ? '--' : measureValueText(m, value, lang)}
          </td>
        );
      })}
      <td className="px-3 py-1.5 font-mono text-xs text-muted">{tile.time ? formatTime(tile.time, 'HH:mm:ss') : '--'}</td>
    </tr>
  );
});

/** The realtime table of the checked devices: one row per device, one column per measure. */
export function RealtimeDataTable({ tiles, onOpen }: { tiles: Tile[]; onOpen: (id: number) => void }) {
  const lang = useLanguage();
  return (
    <div className="min-h-0 flex-1 overflow-auto rounded border border-line bg-surface">
      <table className="w-max min-w-full text-sm" data-testid="realtime-data-table">
        <thead className="sticky top-0 z-10 bg-surface-2 text-left text-muted">
          <tr>
            <th className="sticky left-0 bg-surface-2 px-3 py-2">{t('realtimeData.device')}</th>
            <th className="px-3 py-2">{t('realtimeData.project')}</th>
            <th className="px-3 py-2">{t('realtimeData.status')}</th>
            {MEASURES.map((m) => (
              <th key={m.dataId} className="px-3 py-2 text-right whitespace-nowrap">
                {measureText(m.dataId, m.name)}
                {m.unit && <span className="ml-0.5 text-xs">({m.unit})</span>}
              </th>
            ))}
            <th className="px-3 py-2">{t('realtimeData.time')}</th>
          </tr>
        </thead>
        <tbody>
          {tiles.map((tile) => (
            <Row key={tile.deviceId} tile={tile} onOpen={onOpen} lang={lang} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
