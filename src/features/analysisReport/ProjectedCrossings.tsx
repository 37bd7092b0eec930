import { MEASURE_BY_ID } from '../../../domain/telemetry';
import type { ReportProjectedCrossings } from '../../../domain/schemas/report';
import { t } from '../../app/i18n/i18n';
import { measureText } from '../../app/i18n/measureText';
import { formatTime } from '../../app/time/projectTime';
import { evidenceNumber } from '../../app/device/evidenceText';
import { TableHead } from '../../app/ui/TableHead';
import { OrNone, rankedDeviceHead } from './Panels';

const DAY_MS = 86_400_000;

/**
 * The devices by projected time to threshold (issue 31): every open 趋势预警 of the report's scope,
 * soonest crossing first, as the projection stands now — a report looks back over its period, this
 * list looks ahead from today.
 */
export function ProjectedCrossings({ crossings }: { crossings: ReportProjectedCrossings }) {
  const { devices, total, asOf } = crossings;
  return (
    <>
      <p className="mb-2 text-xs text-muted" data-testid="crossings-as-of">
        {t('analysisReport.crossingsAsOf', { time: formatTime(asOf, 'yyyy-MM-dd HH:mm') })}
        {total > devices.length && ` ${t('analysisReport.crossingsMore', { total, shown: devices.length })}`}
      </p>
      <OrNone has={devices.length > 0} none={t('analysisReport.noCrossings')}>
        <table className="w-full text-sm" data-testid="crossings-table">
          <TableHead
            className="text-left text-xs text-muted"
            cells={[
              ...rankedDeviceHead(),
              t('evidence.measure'),
              { label: t('analysisReport.slopePerDay'), className: 'text-right' },
              { label: t('analysisReport.crossingAt'), className: 'pl-4' },
              { label: t('analysisReport.remaining'), className: 'text-right' },
            ]}
          />
          <tbody>
            {devices.map((d, i) => {
              const unit = MEASURE_BY_ID.get(d.dataId)?.unit ?? '';
              return (
                <tr key={d.eventId} className="border-t border-line" data-testid="crossing-row" data-device={d.deviceId}>
                  <td className="py-1 text-muted">{i + 1}</td>
                  <td title={d.code}>{d.name}</td>
                  <td className="text-muted">{d.projectName}</td>
                  <td>{measureText(d.dataId)}</td>
                  <td className="text-right tabular-nums">{d.slopePerDay === null ? '--' : `${evidenceNumber(d.slopePerDay)} ${unit}`}</td>
                  <td className="pl-4 tabular-nums">
                    {d.crossingAt === null
                      ? t('analysisReport.noCrossing')
                      : `${formatTime(d.crossingAt, 'yyyy-MM-dd HH:mm')} (${d.limit} ${unit})`}
                  </td>
                  <td className="text-right tabular-nums" data-testid="crossing-remaining">
                    {d.crossingAt === null
                      ? '--'
                      : t('analysisReport.remainingDays', { days: Math.max(0, (d.crossingAt - asOf) / DAY_MS).toFixed(1) })}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </OrNone>
    </>
  );
}
