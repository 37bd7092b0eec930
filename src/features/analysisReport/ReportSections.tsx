import { describeFinding, RATING_TEXT, type ReportFigures } from '../../../domain/schemas/report';
import { t, type Language } from '../../app/i18n/i18n';
import { Bars } from '../../app/monitor/charts/Bars';
import { Columns } from './Columns';
import { ProjectedCrossings } from './ProjectedCrossings';
import { AlarmIcon } from '../../app/alarm/AlarmIcon';
import { levelState } from '../../../domain/alarmLanguage';
import { durationText, LEVEL_COLOR, levelText, typeText } from './reportText';
import { Card, Kpi, OrNone, rankedDeviceHead } from './Panels';
import { DisposalSection } from './DisposalSection';
import { TableHead } from '../../app/ui/TableHead';

const BRAND = 'var(--color-brand, #1f6feb)';

const RATING_CLASS = { good: 'text-ok', attention: 'text-warn', serious: 'text-danger' } as const;

/** The report's sections on screen: the same figures as the printed report, in the console's style. */
export function ReportSections({ figures, lang }: { figures: ReportFigures; lang: Language }) {
  const { overview: o, nodeDistribute, timeDistribute, typeDistribute, disposal, conclusion } = figures;
  const c = o.confirmation;
  return (
    <div className="grid grid-cols-1 gap-3 xl:grid-cols-2">
      <Card title={t('analysisReport.overview')} testId="report-overview" className="xl:col-span-2">
        <div className="grid grid-cols-2 gap-2 md:grid-cols-4 2xl:grid-cols-8">
          <Kpi label={t('analysisReport.projects')} value={o.projectCount} />
          <Kpi label={t('analysisReport.devices')} value={o.deviceCount} />
          <Kpi
            label={t('analysisReport.total')}
            value={o.total}
            hint={t('analysisReport.previous', { n: o.previous.total })}
            testId="kpi-total"
          />
          {o.byLevel.map((l) => (
            <Kpi
              key={l.id}
              label={levelText(l.id)}
              value={
                <span className="inline-flex items-center gap-1.5" data-level={l.id}>
                  <AlarmIcon state={levelState(l.id)} size="0.8em" />
                  {l.count}
                </span>
              }
            />
          ))}
          <Kpi
            label={t('analysisReport.unconfirmed')}
            value={o.unconfirmed}
            hint={`${t('analysisReport.confirmed')} ${o.confirmed}`}
            testId="kpi-unconfirmed"
          />
          <Kpi label={t('analysisReport.avgConfirm')} value={<span className="text-base">{durationText(c.avgMs)}</span>} />
        </div>
      </Card>

      <Card title={t('analysisReport.conclusion')} testId="report-conclusion" className="xl:col-span-2">
        <p className="mb-1 text-sm">
          {t('analysisReport.rating')}
          {t('punct.colon')}
          <strong className={RATING_CLASS[conclusion.rating]} data-testid="report-rating">
            {RATING_TEXT[lang][conclusion.rating]}
          </strong>
        </p>
        <ol className="list-decimal space-y-0.5 pl-5 text-sm">
          {conclusion.findings.map((f, i) => (
            <li key={i}>{describeFinding(f, lang)}</li>
          ))}
        </ol>
      </Card>

      <Card title={t('analysisReport.byNode')} testId="report-nodes">
        <OrNone has={nodeDistribute.nodes.length > 0} none={t('analysisReport.none')}>
          <Bars
            testId="node-bars"
            bars={nodeDistribute.nodes.map((n) => ({
              key: String(n.id),
              label: n.name,
              value: n.total,
              secondary: n.previous,
              color: BRAND,
            }))}
            secondaryLabel={t('analysisReport.previous', { n: '' })}
          />
        </OrNone>
      </Card>

      <Card title={t('analysisReport.byType')} testId="report-types">
        <Bars
          testId="type-bars"
          bars={typeDistribute.byType.map((x) => ({
            key: String(x.id),
            label: typeText(x.id),
            value: x.total,
            secondary: x.previous,
            color: BRAND,
          }))}
          secondaryLabel={t('analysisReport.previous', { n: '' })}
        />
        <h3 className="mb-1 mt-3 text-xs font-medium text-muted">{t('analysisReport.byLevel')}</h3>
        <Bars
          testId="level-bars"
          bars={typeDistribute.byLevel.map((l) => ({
            key: String(l.id),
            label: levelText(l.id),
            value: l.count,
            color: LEVEL_COLOR[l.id]!,
          }))}
        />
      </Card>

      <Card title={t('analysisReport.byTime')} testId="report-time">
        <Columns
          testId="time-columns"
          label={t('analysisReport.byTime')}
          items={timeDistribute.buckets.map((b) => ({ label: b.label, value: b.total }))}
        />
        <h3 className="mb-1 mt-2 text-xs font-medium text-muted">{t('analysisReport.byHour')}</h3>
        <Columns
          testId="hour-columns"
          label={t('analysisReport.byHour')}
          height={130}
          items={timeDistribute.hourOfDay.map((v, h) => ({ label: String(h), value: v }))}
        />
      </Card>

      <div className="flex flex-col gap-3">
        <Card title={t('analysisReport.topDevices')} testId="report-devices">
          <OrNone has={nodeDistribute.topDevices.length > 0} none={t('analysisReport.none')}>
            <table className="w-full text-sm">
              <TableHead
                className="text-left text-xs text-muted"
                cells={[...rankedDeviceHead(), { label: t('analysisReport.count'), className: 'text-right' }]}
              />
              <tbody>
                {nodeDistribute.topDevices.map((d, i) => (
                  <tr key={d.deviceId} className="border-t border-line">
                    <td className="py-1 text-muted">{i + 1}</td>
                    <td title={d.code}>{d.name}</td>
                    <td className="text-muted">{d.projectName}</td>
                    <td className="text-right tabular-nums">{d.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </OrNone>
        </Card>
        <Card title={t('analysisReport.confirmTimes')} testId="report-confirmation">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">{t('analysisReport.avgConfirm')}</dt>
            <dd>{durationText(c.avgMs)}</dd>
            <dt className="text-muted">{t('analysisReport.medianConfirm')}</dt>
            <dd>{durationText(c.medianMs)}</dd>
            <dt className="text-muted">{t('analysisReport.maxConfirm')}</dt>
            <dd>{durationText(c.maxMs)}</dd>
            <dt className="text-muted">{t('analysisReport.within')}</dt>
            <dd>
              {c.within1h} / {c.within24h}
            </dd>
            <dt className="text-muted">{t('analysisReport.active')}</dt>
            <dd>{o.active}</dd>
          </dl>
        </Card>
      </div>
      <Card title={t('analysisReport.crossings')} testId="report-crossings" className="xl:col-span-2">
        <ProjectedCrossings crossings={figures.projectedCrossings} />
      </Card>
      <DisposalSection disposal={disposal} lang={lang} />
    </div>
  );
}
