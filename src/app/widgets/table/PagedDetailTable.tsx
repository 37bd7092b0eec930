import { t } from '../../i18n/i18n';
import { DataTable, type Column, type DataTableProps } from './DataTable';

/**
 * A server-paged list of records read one at a time: 详情 on the selected row opens it. No client
 * export (these screens export on the server, or not at all).
 */
export function PagedDetailTable<T extends object>({
  testId,
  columns,
  page,
  rowId,
  onDetail,
}: {
  testId: string;
  columns: Column<T>[];
  /** the rows, their read and the paging, as usePagedList gives them */
  page: Pick<DataTableProps<T>, 'data' | 'load' | 'server'>;
  rowId: (row: T) => string | number;
  onDetail: (row: T) => void;
}) {
  return (
    <DataTable
      testId={testId}
      columns={columns}
      {...page}
      getRowId={(r) => String(rowId(r))}
      rowActions={[{ label: t('common.detail'), run: onDetail }]}
      exportable={false}
    />
  );
}
