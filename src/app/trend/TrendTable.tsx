import { useEffect, useState } from 'react';
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
  version,
}: {
  service: SeriesService;
  series: PlotSeries[];
  total: number;
  version: number;
}) {
  useLanguage();
  const [page, setPage] = usePaging();
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => setPage((p) => ({ ...p, index: 0 })), [version, setPage]);
  useEffect(() => {
    let live = true;
    void service.rows(page.index * page.limit, page.limit).then((r) => live && setRows(r));
    return () => {
      live = false;
    };
  }, [service, page, version]);
  const columns: Column<Row>[] = [
    { id: 'time', header: t('trend.time'), value: (r) => fmtTime(r.time), width: 180 },
    ...series.map((s, k) => ({ id: `s${k}`, header: s.unit ? `${s.label}(${s.unit})` : s.label, value: (r: Row) => fmt(r.values[k]) })),
  ];
  return (
    <DataTable
      columns={columns}
      data={rows}
      getRowId={(r) => String(r.time)}
      exportable={false}
      server={serverPaging(page, setPage, total)}
      testId="trend-table"
    />
  );
}
