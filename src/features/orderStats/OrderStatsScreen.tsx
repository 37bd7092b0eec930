import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { REPEAT_MIN_DEFAULT, REPEAT_MIN_RANGE, type OrderFiguresDto } from '../../../domain/schemas/orderFigures';
import { t, useLanguage } from '../../app/i18n/i18n';
import { queryKeys } from '../../app/api/queryKeys';
import { deviceTreeQuery, projectsOfTree } from '../../app/liveDevices/deviceTree';
import { Button, TextField } from '../../app/ui/Modal';
import { DateSelector } from '../../app/widgets/dateSelector/DateSelector';
import { rangeOf, type DateRange } from '../../app/widgets/dateSelector/dateRange';
import { LoadError } from '../../app/widgets/LoadError';
import { ScreenFrame } from '../../app/widgets/ScreenFrame';
import { SelectField, type Option } from '../../app/widgets/SelectField';
import { useDebouncedValue } from '../../app/widgets/useDebouncedValue';
import { Kpi } from '../analysisReport/Panels';
import { durationText, shareText } from '../analysisReport/reportText';
import { downloadStats, loadStats, type StatsFilter } from './statsApi';
import { StatsCharts } from './StatsCharts';
import { StatsTables } from './StatsTables';

/** How long typing in the repeated-alarm threshold waits before the figures are asked for again. */
const TYPING_MS = 400;

/** The headline figures as tiles: alarms, MTTA and MTTR (median, p90 under it), orders, overdue, false alarms. */
function Headline({ f }: { f: OrderFiguresDto }) {
  const p90 = (ms: number | null) => `p90 ${durationText(ms)}`;
  return (
    <div className="grid grid-cols-3 gap-2 xl:col-span-2 xl:grid-cols-6" data-testid="stats-headline">
      <Kpi label={t('stats.alarms')} value={f.alarms} hint={t('stats.confirmed', { n: f.confirmed })} testId="stats-alarms" />
      <Kpi
        label={t('stats.mtta')}
        value={<span className="text-base">{durationText(f.mttaMs)}</span>}
        hint={p90(f.mttaP90Ms)}
        testId="stats-mtta"
      />
      <Kpi
        label={t('stats.mttr')}
        value={<span className="text-base">{durationText(f.mttrMs)}</span>}
        hint={p90(f.mttrP90Ms)}
        testId="stats-mttr"
      />
      <Kpi label={t('stats.orders')} value={f.orders} hint={t('stats.closed', { n: f.closed })} testId="stats-orders" />
      <Kpi label={t('stats.overdue')} value={f.overdue} testId="stats-overdue" />
      <Kpi
        label={t('stats.falseShare')}
        value={shareText(f.falseAlarmShare)}
        hint={t('stats.falseCount', { count: f.falseAlarms })}
        testId="stats-false"
      />
    </div>
  );
}

/**
 * /orderStats (处置统计, issue 29 item 4): the review figures of work orders by project, operator and
 * period — the headline tiles, MTTA/MTTR over the period, false-alarm shares, devices with repeated
 * alarms (≥ N of one type, N chosen here), per-operator figures — and their xlsx export.
 */
export default function OrderStatsScreen() {
  useLanguage();
  const [projectId, setProjectId] = useState('');
  const [operator, setOperator] = useState<Option | null>(null);
  const operatorId = operator?.value ?? '';
  const [range, setRange] = useState<DateRange>(() => rangeOf('month', new Date()));
  const [repeatText, setRepeatText] = useState(String(REPEAT_MIN_DEFAULT));
  const typed = Number(useDebouncedValue(repeatText, TYPING_MS));
  const repeatMin = Number.isInteger(typed) && typed >= REPEAT_MIN_RANGE.min && typed <= REPEAT_MIN_RANGE.max ? typed : REPEAT_MIN_DEFAULT;
  const [busy, setBusy] = useState(false);
  const projects = useQuery({ ...deviceTreeQuery, select: projectsOfTree });
  const filter = useMemo<StatsFilter>(() => ({ projectId, operatorId, range, repeatMin }), [projectId, operatorId, range, repeatMin]);
  const stats = useQuery({ queryKey: queryKeys.workOrders.figures(filter), queryFn: () => loadStats(filter) });
  const data = stats.error ? undefined : stats.data;

  // The operators offered are those of the project and period (the answer lists them whatever the
  // operator filter); the chosen one stays offered, by the name it had, when a period has none of its work.
  const offered = (stats.data?.byOperator ?? []).map((o) => ({ value: String(o.userId), label: o.userName ?? String(o.userId) }));
  const operators = operator && !offered.some((o) => o.value === operator.value) ? [...offered, operator] : offered;

  const exportXlsx = async () => {
    setBusy(true);
    try {
      await downloadStats(filter);
    } catch {
      // shown by the API layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <ScreenFrame
      title={t('route.orderStats')}
      testId="order-stats"
      filters={
        <>
          <SelectField
            label={t('stats.project')}
            name="projectId"
            value={projectId}
            dataOptions
            onChange={(v) => (setProjectId(v), setOperator(null))}
            options={(projects.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          />
          <SelectField
            label={t('stats.operator')}
            name="operatorId"
            value={operatorId}
            dataOptions
            onChange={(v) => setOperator(operators.find((o) => o.value === v) ?? null)}
            options={operators}
          />
          <div className="mb-3">
            <DateSelector value={range} onChange={setRange} />
          </div>
          <div className="w-48">
            <TextField
              label={t('stats.repeatMin')}
              name="repeatMin"
              type="number"
              min={REPEAT_MIN_RANGE.min}
              max={REPEAT_MIN_RANGE.max}
              value={repeatText}
              onChange={(e) => setRepeatText(e.target.value)}
            />
          </div>
          <Button className="mb-3 ml-auto" disabled={!data || busy} onClick={() => void exportXlsx()}>
            {busy ? t('app.loading') : t('stats.export')}
          </Button>
        </>
      }
    >
      {/* a scrolled region is reachable by keyboard (tabIndex) and named for screen readers */}
      <div className="min-h-0 flex-1 overflow-auto" tabIndex={0} role="region" aria-label={t('route.orderStats')}>
        {data ? (
          <div className="grid grid-cols-1 gap-3 xl:grid-cols-2">
            <Headline f={data} />
            <StatsCharts figures={data} />
            <StatsTables figures={data} />
          </div>
        ) : stats.error ? (
          <div className="rounded-lg border border-line bg-surface" data-testid="stats-error">
            <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
          </div>
        ) : (
          <div className="p-8 text-center text-sm text-muted">{t('app.loading')}</div>
        )}
      </div>
    </ScreenFrame>
  );
}
