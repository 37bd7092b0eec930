import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys';
import { t, useLanguage } from '../i18n/i18n';
import { DataTable, type Column } from '../widgets/table/DataTable';
import { serverPaging, usePaging } from '../widgets/table/usePaging';
import type { SeriesService } from './seriesClient';
import { fmt, fmtTime, type PlotSeries } from './trendPlot';

interface Row {
  time: number;
  values: (number | null)[];
}

/**
 * 表格: time and each series' value, paged out of the worker (it holds the merged series), so a
 * month of minutes never becomes 43,200 row objects on the main thread.
 */
export function TrendTable({
  service,
  series,
  total,
  loadedAt,
}: {
  service: SeriesService;
  series: PlotSeries[];
  total: number;
  /** the load the worker holds (Trend's): its pages are read, and a new one starts at page one */
  loadedAt: number;
}) {
  useLanguage();
  const [page, setPage] = usePaging();
  useEffect(() => setPage((p) => ({ ...p, index: 0 })), [loadedAt, setPage]);
  const rows = useQuery({
    queryKey: queryKeys.trend.rows(loadedAt, page.index, page.limit),
    queryFn: (): Promise<Row[]> => service.rows(page.index * page.limit, page.limit),
    // pages of a load the worker no longer holds are never asked for again
    gcTime: 0,
  });
  const columns: Column<Row>[] = [
    { id: 'time', header: t('trend.time'), value: (r) => fmtTime(r.time), width: 180 },
    ...series.map((s, k) => ({ id: `s${k}`, header: s.unit ? `${s.label}(${s.unit})` : s.label, value: (r: Row) => fmt(r.values[k]) })),
  ];
  return (
    <DataTable
      columns={columns}
      data={rows.data ?? []}
      getRowId={(r) => String(r.time)}
      exportable={false}
      server={serverPaging(page, setPage, total)}
      testId="trend-table"
    />
  );
}
