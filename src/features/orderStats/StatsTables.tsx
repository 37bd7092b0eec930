import type { ReactNode } from 'react';
import type { OrderFiguresDto } from '../../../domain/schemas/orderFigures';
import { t } from '../../app/i18n/i18n';
import { Card } from '../analysisReport/Panels';
import { durationText, shareText, typeText } from '../analysisReport/reportText';

/** A compact table of figures: headers, then rows; numbers right-aligned; 无数据 when empty. */
function Table({
  testId,
  label,
  head,
  rows,
}: {
  testId: string;
  label: string;
  head: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  if (!rows.length) return <p className="py-4 text-center text-sm text-muted">{t('stats.none')}</p>;
  return (
    // a long table scrolls in its card: reachable by keyboard and named
    <div className="max-h-72 overflow-auto" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full text-sm" data-testid={testId}>
        <thead className="sticky top-0 bg-surface text-left text-xs text-muted">
          <tr>
            {head.map((h, i) => (
              <th key={h} className={`py-1 pr-2 font-normal ${i > 0 ? 'text-right' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-t border-line">
              {r.cells.map((c, i) => (
                <td key={i} className={`py-1 pr-2 ${i > 0 ? 'text-right tabular-nums' : ''}`}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const Device = ({ name, code, projectName }: { name: string; code: string; projectName: string }) => (
  <span title={code}>
    {name} <span className="text-xs text-muted">{projectName}</span>
  </span>
);

/** 处置统计's tables: per operator, false alarms per device, every repeated device. */
export function StatsTables({ figures: f }: { figures: OrderFiguresDto }) {
  return (
    <>
      <Card title={t('stats.byOperator')} testId="stats-operators" className="xl:col-span-2">
        <Table
          testId="stats-operator-table"
          label={t('stats.byOperator')}
          head={[
            t('stats.operator'),
            t('stats.confirmedBy'),
            t('stats.mttaMedian'),
            t('stats.orders'),
            t('stats.closedCount'),
            t('stats.mttrMedian'),
            t('stats.overdue'),
            t('stats.falseShare'),
          ]}
          rows={f.byOperator.map((o) => ({
            key: String(o.userId),
            cells: [
              o.userName ?? o.userId,
              o.confirmed,
              durationText(o.mttaMs),
              o.orders,
              o.closed,
              durationText(o.mttrMs),
              o.overdue,
              shareText(o.falseAlarmShare),
            ],
          }))}
        />
      </Card>
      <Card title={t('stats.falseByDevice')} testId="stats-false-device">
        <Table
          testId="stats-false-device-table"
          label={t('stats.falseByDevice')}
          head={[t('stats.device'), t('stats.ordersWithCause'), t('stats.falseAlarms'), t('stats.falseShare')]}
          rows={f.falseByDevice.map((d) => ({
            key: String(d.deviceId),
            cells: [<Device key="d" {...d} />, d.orders, d.falseAlarms, shareText(d.share)],
          }))}
        />
      </Card>
      <Card title={t('stats.repeatedList', { n: f.repeatMin })} testId="stats-repeated-list">
        <Table
          testId="stats-repeated-table"
          label={t('stats.repeatedList', { n: f.repeatMin })}
          head={[t('stats.device'), t('stats.type'), t('stats.count')]}
          rows={f.repeated.map((r) => ({ key: `${r.deviceId}:${r.type}`, cells: [<Device key="d" {...r} />, typeText(r.type), r.alarms] }))}
        />
      </Card>
    </>
  );
}
