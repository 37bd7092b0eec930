import type { OrderFiguresDto } from '../../../domain/schemas/orderFigures';
import { api } from '../../app/api/client';
import { fetchBlob } from '../../app/api/blob';
import { t } from '../../app/i18n/i18n';
import { toWire, type DateRange } from '../../app/widgets/dateSelector/dateRange';
import { saveBlob } from '../../app/widgets/table/exportXlsx';

/** What the 处置统计 screen asks for: project and operator ('' for all), the period, the repeated-alarm threshold. */
export interface StatsFilter {
  projectId: string;
  operatorId: string;
  range: DateRange;
  repeatMin: number;
}

function statsQuery(f: StatsFilter): string {
  return new URLSearchParams({
    ...(f.projectId ? { projectId: f.projectId } : {}),
    ...(f.operatorId ? { operatorId: f.operatorId } : {}),
    start: toWire(f.range.start),
    end: toWire(f.range.end),
    repeatMin: String(f.repeatMin),
  }).toString();
}

/** GET /workorder/v1/figures (docs/workorders.md). */
export const loadStats = (f: StatsFilter) => api.get<OrderFiguresDto>(`/workorder/v1/figures?${statsQuery(f)}`);

/** 表格导出.xlsx of the same figures, built by the server in the UI language. */
export async function downloadStats(f: StatsFilter): Promise<void> {
  saveBlob(await fetchBlob(`/workorder/v1/figures/xlsx?${statsQuery(f)}`), `${t('table.exportName')}.xlsx`);
}
