import { describeDisposalFinding, type ReportDisposal } from '../../../domain/schemas/reportDisposal';
import { t, type Language } from '../../app/i18n/i18n';
import { Card, Kpi, OrNone } from './Panels';
import { durationText, shareText, typeText } from './reportText';

/**
 * The report's 处置 section on screen (issue 29): the review figures against the period before, the
 * devices with repeated alarms and the section's own conclusion, in the UI language.
 */
export function DisposalSection({ disposal: d, lang }: { disposal: ReportDisposal; lang: Language }) {
  const { current: c, previous: p } = d;
  const before = (v: string | number) => t('analysisReport.previous', { n: v });
  return (
    <Card title={t('analysisReport.disposal')} testId="report-disposal" className="xl:col-span-2">
      <div className="grid grid-cols-2 gap-2 md:grid-cols-3 2xl:grid-cols-6">
        <Kpi label={t('stats.orders')} value={c.orders} hint={before(p.orders)} testId="disposal-orders" />
        <Kpi
          label={t('stats.mttaMedian')}
          value={<span className="text-base">{durationText(c.mttaMs)}</span>}
          hint={before(durationText(p.mttaMs))}
          testId="disposal-mtta"
        />
        <Kpi
          label={t('stats.mttrMedian')}
          value={<span className="text-base">{durationText(c.mttrMs)}</span>}
          hint={before(durationText(p.mttrMs))}
          testId="disposal-mttr"
        />
        <Kpi label={t('stats.closedCount')} value={c.closed} hint={before(p.closed)} />
        <Kpi label={t('stats.overdue')} value={c.overdue} hint={before(p.overdue)} testId="disposal-overdue" />
        <Kpi
          label={t('stats.falseShare')}
          value={shareText(c.falseAlarmShare)}
          hint={before(shareText(p.falseAlarmShare))}
          testId="disposal-false"
        />
      </div>
      <div className="mt-3 grid grid-cols-1 gap-3 xl:grid-cols-2">
        <div>
          <h3 className="mb-1 text-xs font-medium text-muted">{t('stats.repeatedList', { n: d.repeatMin })}</h3>
          <OrNone has={d.repeated.length > 0} none={t('stats.none')}>
            <table className="w-full text-sm" data-testid="disposal-repeated">
              <tbody>
                {d.repeated.map((r) => (
                  <tr key={`${r.deviceId}:${r.type}`} className="border-t border-line">
                    <td className="py-1" title={r.code}>
                      {r.name}
                    </td>
                    <td className="text-muted">{r.projectName}</td>
                    <td>{typeText(r.type)}</td>
                    <td className="text-right tabular-nums">{r.alarms}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </OrNone>
        </div>
        <ol className="list-decimal space-y-0.5 pl-5 text-sm" data-testid="disposal-conclusion">
          {d.findings.map((f, i) => (
            <li key={i}>{describeDisposalFinding(f, lang)}</li>
          ))}
        </ol>
      </div>
    </Card>
  );
}
