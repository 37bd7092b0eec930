import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MEASURE_BY_ID } from '../../../domain/telemetry';
import { fetchBlob } from '../../app/api/blob';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Trend, type TrendSeries } from '../../app/trend/Trend';
import { seriesService } from '../../app/trend/seriesClient';
import { Button } from '../../app/ui/Modal';
import { DateSelector } from '../../app/widgets/dateSelector/DateSelector';
import { defaultRange, type DateRange } from '../../app/widgets/dateSelector/dateRange';
import { ScreenFrame } from '../../app/widgets/ScreenFrame';
import { defaultExportName, saveBlob } from '../../app/widgets/table/exportXlsx';
import { TreeSideLayout } from '../../app/widgets/tree/TreeSideLayout';
import { deviceTreeQuery } from '../../app/liveDevices/deviceTree';
import { MAX_SERIES, checkedDevices, deviceKey, parseHistoryLink, toWidgetTree } from './historyModel';
import { MeasurePicker } from './MeasurePicker';
import { useHistoryEvidence } from './useHistoryEvidence';
import { evidenceSummary } from '../../app/device/evidenceText';
import { typeKey } from '../../app/monitor/palette';
import { measureText } from '../../app/i18n/measureText';

function rangeOfLink(link: ReturnType<typeof parseHistoryLink>): DateRange | undefined {
  return link.from !== undefined && link.to !== undefined
    ? { type: 'custom', start: new Date(link.from), end: new Date(link.to) }
    : undefined;
}

const sameSet = <T,>(a: ReadonlySet<T>, b: ReadonlySet<T>) => a.size === b.size && [...a].every((k) => b.has(k));
const sameList = <T,>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** /historyData: device tree, measures, date selector, the trend component and the xlsx export. */
export default function HistoryDataScreen() {
  useLanguage();
  const initial = useMemo(() => parseHistoryLink(window.location.hash), []);
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set((initial.devices ?? []).map(deviceKey)));
  const [measures, setMeasures] = useState<number[]>(initial.measures ?? [1001]);
  const [range, setRange] = useState<DateRange>(() => rangeOfLink(initial) ?? defaultRange());
  const [diff, setDiff] = useState(false);
  // The range the curve shows, for the export only: held, not rendered (a new view renders nothing here).
  const shown = useRef<{ from: number; to: number } | null>(null);
  const tree = useQuery(deviceTreeQuery);
  const names = useMemo(() => new Map<number, string>(), []);
  const nodes = useMemo(() => toWidgetTree(tree.data ?? [], names), [tree.data, names]);

  // The series worker starts with the screen, while the user picks: the first query does not wait for it.
  useEffect(() => void seriesService(), []);

  // A changed link (shared URL, bench runs) replaces the selection.
  useEffect(() => {
    const onHash = () => {
      // What the link leaves as it was keeps its identity: the tree and the picker do not render again.
      const link = parseHistoryLink(window.location.hash);
      if (link.devices) {
        const keys = new Set(link.devices.map(deviceKey));
        setChecked((was) => (sameSet(was, keys) ? was : keys));
      }
      const measures = link.measures;
      if (measures) setMeasures((was) => (sameList(was, measures) ? was : measures));
      const r = rangeOfLink(link);
      if (r) setRange(r);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const devices = checkedDevices(checked);
  const cumulative = measures.some((d) => MEASURE_BY_ID.get(d)?.cumulative);
  const all: TrendSeries[] = devices.flatMap((deviceId) =>
    measures.flatMap((dataId) => {
      const m = MEASURE_BY_ID.get(dataId);
      if (!m) return [];
      const label = devices.length > 1 ? `${names.get(deviceId) ?? deviceId} ${measureText(m.dataId)}` : measureText(m.dataId);
      // Differences only make sense for counters; other measures stay as read.
      return [{ deviceId, dataId, label, isDiffValue: diff && m.cumulative }];
    }),
  );
  const series = all.slice(0, MAX_SERIES);
  const evidence = useHistoryEvidence(series);
  const evidenceUnit = evidence ? (MEASURE_BY_ID.get(evidence.dataId)?.unit ?? '') : '';
  const from = range.start.getTime();
  const to = range.end.getTime();

  const exportShown = async () => {
    const span = shown.current ?? { from, to };
    for (const deviceId of devices) {
      const fileName = devices.length > 1 ? `${defaultExportName()}-${names.get(deviceId) ?? deviceId}` : defaultExportName();
      const body = { pecDeviceId: deviceId, dataIds: measures, startTime: span.from, endTime: span.to, isDiffValue: diff, fileName };
      const blob = await fetchBlob('/wisdompower/v1/history/export/device/datalog', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).catch(() => null);
      if (blob) saveBlob(blob, `${fileName}.xlsx`);
    }
  };

  return (
    <ScreenFrame title={t('route.historyData')} testId="history-data">
      <TreeSideLayout tree={{ load: tree, nodes, checkable: true, checked, onCheckedChange: setChecked, testId: 'history-tree' }}>
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface p-3">
          <DateSelector value={range} onChange={setRange} />
          {cumulative && (
            <label className="inline-flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                data-testid="history-diff"
                checked={diff}
                onChange={(e) => setDiff(e.target.checked)}
                className="accent-brand"
              />
              {t('history.diffValue')}
            </label>
          )}
          <Button
            className="ml-auto"
            kind="primary"
            disabled={devices.length === 0 || measures.length === 0}
            onClick={() => void exportShown()}
            data-testid="history-export"
          >
            {t('history.export')}
          </Button>
          <div className="basis-full">
            <MeasurePicker value={measures} onChange={setMeasures} />
          </div>
        </div>
        <div className="rounded-lg border border-line bg-surface p-3">
          {devices.length === 0 ? (
            <p className="grid h-48 place-items-center text-sm text-muted" data-testid="history-hint">
              {t('history.pickDevice')}
            </p>
          ) : measures.length === 0 ? (
            <p className="grid h-48 place-items-center text-sm text-muted" data-testid="history-hint">
              {t('history.pickMeasure')}
            </p>
          ) : (
            <>
              {all.length > MAX_SERIES && <p className="mb-2 text-xs text-amber-600">{t('history.tooMany', { n: MAX_SERIES })}</p>}
              {evidence && (
                <p className="mb-2 text-sm" data-testid="history-evidence" data-types={evidence.open.map((o) => o.type).join(',')}>
                  <span className="font-medium">{t('evidence.title')}</span>
                  {t('punct.colon')}
                  {evidence.open.map((o) => t(typeKey(o.type))).join(t('punct.listSeparator'))}
                  {t('punct.colon')}
                  <span className="text-muted">{evidenceSummary(evidence, evidenceUnit)}</span>
                </p>
              )}
              <Trend
                series={series}
                from={from}
                to={to}
                evidence={evidence}
                onViewChange={(a, b) => (shown.current = { from: a, to: b })}
              />
            </>
          )}
        </div>
      </TreeSideLayout>
    </ScreenFrame>
  );
}
