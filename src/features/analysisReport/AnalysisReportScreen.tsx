import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatTime } from '../../app/time/projectTime';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { ScreenFrame } from '../../app/widgets/ScreenFrame';
import { Tree } from '../../app/widgets/tree/Tree';
import { DateSelector } from '../../app/widgets/dateSelector/DateSelector';
import { rangeOf, type DateRange } from '../../app/widgets/dateSelector/dateRange';
import { queryKeys } from '../../app/api/queryKeys';
import { LoadError } from '../../app/widgets/LoadError';
import { GLOBAL_NODE, affirmReport, downloadExcel, downloadPdf, loadReport, printReport, type ReportNode } from './reportApi';
import { keyOfNode, nodeOfKey, reportTreeQuery } from './reportTree';
import { ReportSections } from './ReportSections';
import { useReportCan } from './useReportCan';

/** The current month: the assessment report is a monthly one unless the user picks otherwise. */
const thisMonth = (): DateRange => rangeOf('month', new Date());

/**
 * /analysisReport (spec §7 "Monitoring and reports", §9): scope from the report tree, period from
 * the date selector; the report's sections, its confirmation, and the printable, PDF and Excel forms.
 */
export default function AnalysisReportScreen() {
  const lang = useLanguage();
  const can = useReportCan();
  const tree = useQuery(reportTreeQuery);
  const [node, setNode] = useState<ReportNode>(GLOBAL_NODE);
  const [range, setRange] = useState<DateRange>(thisMonth);
  const [busy, setBusy] = useState<string | null>(null);
  const report = useQuery({ queryKey: queryKeys.report(node, range), queryFn: () => loadReport(node, range) });
  // a failed report shows why, never the figures of another scope or period
  const data = report.error ? undefined : report.data;

  // One file action at a time; the API layer has already shown any error.
  const run = (key: string, work: () => Promise<unknown>) => async () => {
    setBusy(key);
    try {
      await work();
    } catch {
      // shown by the API client
    } finally {
      setBusy(null);
    }
  };
  const affirm = run('affirm', async () => {
    await affirmReport(node, range);
    toastSuccess(t('analysisReport.affirmDone'));
    await report.refetch();
  });
  const affirmState = data?.affirm;

  return (
    <ScreenFrame
      title={t('route.analysisReport')}
      testId="analysis-report"
      filters={
        <div className="pb-3">
          <DateSelector value={range} onChange={setRange} />
        </div>
      }
    >
      <div className="flex min-h-0 flex-1 gap-3">
        <aside className="flex w-60 shrink-0 flex-col rounded-lg border border-line bg-surface p-3" aria-label={t('analysisReport.scope')}>
          <button
            type="button"
            aria-pressed={node.modelLabel === 'global'}
            onClick={() => setNode(GLOBAL_NODE)}
            className={`mb-2 rounded px-2 py-1 text-left text-sm ${node.modelLabel === 'global' ? 'bg-brand/10 font-medium text-brand' : 'hover:bg-surface-2'}`}
          >
            {t('analysisReport.allScope')}
          </button>
          <Tree
            load={tree}
            testId="report-tree"
            className="min-h-0 flex-1"
            nodes={tree.data ?? []}
            selectedId={node.modelLabel === 'global' ? undefined : keyOfNode(node)}
            onSelect={(n) => setNode(nodeOfKey(n.id) ?? GLOBAL_NODE)}
            defaultExpandDepth={3}
          />
        </aside>
        <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-3 overflow-auto">
          <div className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-surface p-3">
            <div className="mr-auto min-w-0">
              <div className="truncate font-medium" data-testid="report-heading">
                {node.modelLabel === 'global' ? t('analysisReport.allScope') : node.name} · {formatTime(range.start, 'yyyy-MM-dd')} ~{' '}
                {formatTime(new Date(range.end.getTime() - 1), 'yyyy-MM-dd')}
              </div>
              <div className="text-xs text-muted" data-testid="affirm-status">
                {affirmState?.affirmed
                  ? t('analysisReport.affirmed', {
                      who: affirmState.operator ?? '',
                      time: formatTime(affirmState.affirmTime!, 'yyyy-MM-dd HH:mm'),
                    })
                  : affirmState
                    ? t('analysisReport.notAffirmed')
                    : ''}
              </div>
            </div>
            {can.verify && (
              <Button kind="primary" disabled={!data || !!affirmState?.affirmed || busy !== null} onClick={affirm}>
                {t('analysisReport.affirm')}
              </Button>
            )}
            {can.download && (
              <>
                <Button disabled={!data || busy !== null} onClick={run('print', () => printReport(node, range))}>
                  {t('analysisReport.print')}
                </Button>
                <Button disabled={!data || busy !== null} onClick={run('pdf', () => downloadPdf(node, range))}>
                  {busy === 'pdf' ? t('app.loading') : t('analysisReport.pdf')}
                </Button>
                <Button disabled={!data || busy !== null} onClick={run('excel', () => downloadExcel(node, range))}>
                  {t('analysisReport.excel')}
                </Button>
              </>
            )}
          </div>
          {data ? (
            <ReportSections figures={data.figures} lang={lang} />
          ) : report.error ? (
            <div className="rounded-lg border border-line bg-surface" data-testid="report-error">
              <LoadError error={report.error} onRetry={() => void report.refetch()} />
            </div>
          ) : (
            <div className="p-8 text-center text-sm text-muted">{t('app.loading')}</div>
          )}
        </div>
      </div>
    </ScreenFrame>
  );
}
