import { t, useLanguage } from '../i18n/i18n';
import type { RealtimeMeasure } from './realtimeTypes';
import { measureText } from '../i18n/measureText';
import { measureValueWithUnit } from '../../../domain/measureFormat';
import { TableHead } from '../ui/TableHead';

/** Parameter and realtime value with unit and the measure's fixed decimals (a state in words); '--' for null; over-limit rows coloured. */
export function RealtimeTable({ rows }: { rows: RealtimeMeasure[] }) {
  const lang = useLanguage();
  return (
    <table className="w-full text-sm" data-testid="realtime-table">
      <TableHead
        className="bg-surface-2 text-left text-muted"
        cellClassName="px-3 py-1.5"
        cells={[t('device.parameter'), { label: t('device.value'), className: 'text-right' }]}
      />
      <tbody>
        {rows.map((r) => (
          <tr
            key={r.dataId}
            data-overproof={r.isOverproof || undefined}
            className={`border-t border-line ${r.isOverproof ? 'bg-danger/10 font-medium text-danger' : ''}`}
          >
            <td className="px-3 py-1">{measureText(r.dataId, r.measureName)}</td>
            <td className="px-3 py-1 text-right font-mono tabular-nums">
              {r.value === null ? '--' : measureValueWithUnit(r.dataId, r.value, lang)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
