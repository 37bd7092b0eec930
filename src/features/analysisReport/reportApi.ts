import type { AffirmStatus, ReportFigures, ReportScope } from '../../../domain/schemas/report';
import { api } from '../../app/api/client';
import { fetchBlob } from '../../app/api/blob';
import { saveBlob } from '../../app/widgets/table/exportXlsx';
import { toWire, type DateRange } from '../../app/widgets/dateSelector/dateRange';
import { t } from '../../app/i18n/i18n';

const BASE = '/wisdompower/v1';

/** The node a report covers; undefined in the screen means everything the user may see. */
export interface ReportNode {
  modelLabel: ReportScope;
  id: number;
  name: string;
}

export const GLOBAL_NODE: ReportNode = { modelLabel: 'global', id: 0, name: '' };

/** id, name, modelLabel, startTime, endTime (spec §7), the query every report call takes. */
function reportQuery(node: ReportNode, range: DateRange): string {
  return new URLSearchParams({
    id: String(node.id),
    name: node.name,
    modelLabel: node.modelLabel,
    startTime: toWire(range.start),
    endTime: toWire(range.end),
  }).toString();
}

export interface LoadedReport {
  figures: ReportFigures;
  affirm: AffirmStatus;
}

/** The six sections and the confirmation, side by side; one failure fails the load (its toast shown once). */
export async function loadReport(node: ReportNode, range: DateRange): Promise<LoadedReport> {
  const q = reportQuery(node, range);
  const [overview, nodeDistribute, timeDistribute, typeDistribute, disposal, conclusion, projectedCrossings, affirm] = await Promise.all([
    api.get<ReportFigures['overview']>(`${BASE}/overview?${q}`),
    api.get<ReportFigures['nodeDistribute']>(`${BASE}/nodeDistribute?${q}`, { quiet: true }),
    api.get<ReportFigures['timeDistribute']>(`${BASE}/timeDistribute?${q}`, { quiet: true }),
    api.get<ReportFigures['typeDistribute']>(`${BASE}/typeDistribute?${q}`, { quiet: true }),
    api.get<ReportFigures['disposal']>(`${BASE}/disposal?${q}`, { quiet: true }),
    api.get<ReportFigures['conclusion']>(`${BASE}/conclusion?${q}`, { quiet: true }),
    api.get<ReportFigures['projectedCrossings']>(`${BASE}/projectedCrossings?${q}`, { quiet: true }),
    api.get<AffirmStatus>(`${BASE}/report/affirmStatus?${q}`, { quiet: true }),
  ]);
  return { figures: { overview, nodeDistribute, timeDistribute, typeDistribute, disposal, conclusion, projectedCrossings }, affirm };
}

export function affirmReport(node: ReportNode, range: DateRange): Promise<AffirmStatus> {
  return api.post<AffirmStatus>(`${BASE}/report/affirm`, {
    id: node.id,
    name: node.name,
    modelLabel: node.modelLabel,
    startTime: toWire(range.start),
    endTime: toWire(range.end),
  });
}

/** 表格导出.xlsx (spec §9), built by the server. */
export async function downloadExcel(node: ReportNode, range: DateRange): Promise<void> {
  saveBlob(await fetchBlob(`${BASE}/report/excel?${reportQuery(node, range)}`), `${t('table.exportName')}.xlsx`);
}

export async function downloadPdf(node: ReportNode, range: DateRange): Promise<void> {
  saveBlob(await fetchBlob(`${BASE}/report/pdf?${reportQuery(node, range)}`), `${t('analysisReport.fileName')}.pdf`);
}

/**
 * The browser's print path: the server's printable HTML in a hidden frame, printed from there so
 * the page's own A4 rules apply (the console's layout never reaches the paper).
 */
export async function printReport(node: ReportNode, range: DateRange): Promise<void> {
  const html = await (await fetchBlob(`${BASE}/report/html?${reportQuery(node, range)}`)).text();
  document.querySelector('iframe[data-testid="report-print-frame"]')?.remove();
  const frame = document.createElement('iframe');
  frame.dataset.testid = 'report-print-frame';
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  await new Promise<void>((resolve) => {
    frame.onload = () => resolve();
    frame.srcdoc = html;
    document.body.appendChild(frame);
  });
  frame.contentWindow?.focus();
  frame.contentWindow?.print();
}
