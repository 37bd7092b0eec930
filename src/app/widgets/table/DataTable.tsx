import { useMemo, useState, type ReactNode } from 'react';
import { createColumnHelper, useTable, type PaginationState, type RowSelectionState } from '@tanstack/react-table';
import { t, useLanguage } from '../../i18n/i18n';
import { Button } from '../../ui/Modal';
import { ConfirmDialog } from '../ConfirmDialog';
import { EmptyOrErrorRow, type ReadState } from '../LoadError';
import { Pagination } from './Pagination';
import { features, type Features } from './tableFeatures';
import { useDefaultPageSize } from '../../settings/settingsStore';
import { defaultExportName, exportXlsx } from './exportXlsx';
import { useRowActions } from './useRowActions';
import { UNSORTED, nextSort, sortRows, type SortState } from './sorting';
import { rem } from '../../ui/rem';
import { SortMark } from './SortMark';

export interface Column<T> {
  id: string;
  header: string;
  /** the value shown (when no cell) and exported */
  value: (row: T) => unknown;
  cell?: (row: T) => ReactNode;
  width?: number;
  /** server-paged tables: the property the server orders by (spec §7 orders); without it the column does not sort */
  sortKey?: string;
  /** tables holding all their rows sort every column by its value unless this is false */
  sortable?: boolean;
}

/** Server paging: the table shows `data` as the current page of `total` rows. */
interface ServerPaging {
  total: number;
  pageIndex: number;
  pageSize: number;
  onChange: (pageIndex: number, pageSize: number) => void;
}

export interface DataTableProps<T extends object> {
  columns: Column<T>[];
  data: T[];
  getRowId: (row: T) => string;
  onCreate?: (() => void) | undefined;
  onEdit?: ((row: T) => void) | undefined;
  onDelete?: ((rows: T[]) => Promise<void>) | undefined;
  /** rows for the export; defaults to all rows the table holds */
  exportRows?: () => Promise<T[]>;
  exportName?: string;
  /** buttons placed after the standard ones */
  actions?: ReactNode;
  /** further actions on the selected row, with the same "select a row first" rule as edit */
  rowActions?: { label: string; run: (row: T) => void }[] | undefined;
  server?: ServerPaging | undefined;
  /** false when the screen exports on the server instead */
  exportable?: boolean;
  /** what a row is, for the delete question: 确定要删除设备 “3#配电柜” 吗？ */
  target?: { noun: string; name: (row: T) => string } | undefined;
  /** server-paged tables: the order the server was asked for, and where a header click sends a new one */
  sort?: { state: SortState; onChange: (next: SortState) => void } | undefined;
  /** the load behind `data`: a failure shows its reason with 重试 instead of rows or 暂无数据 */
  load?: ReadState | undefined;
  testId?: string;
}

/** Names shown in a delete question before it says how many more there are. */
const NAMES_SHOWN = 5;

/** The delete question naming what goes: one row by name, several by count with their first names. */
function deleteQuestion<T>(rows: readonly T[], target: { noun: string; name: (row: T) => string } | undefined): string {
  if (!target || rows.length === 0) return t('table.deleteConfirm');
  if (rows.length === 1) return t('table.deleteOne', { noun: target.noun, name: target.name(rows[0]!) });
  const names = rows.slice(0, NAMES_SHOWN).map((r) => t('table.quoted', { name: target.name(r) }));
  const more = rows.length > NAMES_SHOWN ? t('table.andMore', { count: rows.length - NAMES_SHOWN }) : '';
  return t('table.deleteMany', { noun: target.noun, count: rows.length, names: names.join(t('table.nameSeparator')) + more });
}

const textOf = (v: unknown) => (v === null || v === undefined || v === '' ? '--' : String(v));

/**
 * The shared table (spec §2 "Other widgets") on TanStack Table: row selection with Shift ranges,
 * page size 100 by default (10/20/50/100), delete with confirmation, edit of the selected row and
 * xlsx export.
 */
export function DataTable<T extends object>({
  columns,
  data,
  getRowId,
  onCreate,
  onEdit,
  onDelete,
  exportRows,
  exportName,
  actions,
  rowActions,
  server,
  exportable = true,
  load,
  sort,
  target,
  testId,
}: DataTableProps<T>) {
  useLanguage();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // The default size follows the settings in force until the user picks one on this table.
  const defaultSize = useDefaultPageSize();
  const [chosen, setPagination] = useState<{ pageIndex: number; pageSize?: number }>({ pageIndex: 0 });
  const pagination: PaginationState = { pageIndex: chosen.pageIndex, pageSize: chosen.pageSize ?? defaultSize };
  // Sorting: a server-paged table asks the server (only columns with a sortKey); one holding all its
  // rows sorts them here, over the whole set and not just the page in view.
  const [clientSort, setClientSort] = useState<SortState>(UNSORTED);
  const sortState = server ? (sort?.state ?? UNSORTED) : clientSort;
  const sortIdOf = (c: Column<T>) => (server ? (sort ? c.sortKey : undefined) : c.sortable === false ? undefined : c.id);
  const sortBy = (c: Column<T>) => {
    const id = sortIdOf(c)!;
    const next = nextSort(sortState, id);
    setRowSelection({});
    if (server) sort!.onChange(next);
    else {
      setClientSort(next);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    }
  };
  const sortedColumn = server ? undefined : columns.find((c) => c.id === clientSort.by);
  const rowsInOrder = useMemo(
    () => (server ? data : (sortRows(data, clientSort, sortedColumn?.value) as T[])),
    [server, data, clientSort, sortedColumn],
  );
  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<Features, T>();
    return [
      helper.display({ id: '__select' }),
      ...columns.map((c) => helper.accessor((row: T) => c.value(row), { id: c.id, header: c.header })),
    ];
  }, [columns]);
  const table = useTable({
    features,
    columns: tableColumns,
    data: rowsInOrder,
    getRowId: (row: T) => getRowId(row),
    state: { rowSelection, pagination: server ? { pageIndex: server.pageIndex, pageSize: server.pageSize } : pagination },
    onRowSelectionChange: setRowSelection,
    onPaginationChange: (updater) => {
      const current = server ? { pageIndex: server.pageIndex, pageSize: server.pageSize } : pagination;
      const next = typeof updater === 'function' ? updater(current) : updater;
      if (server) server.onChange(next.pageIndex, next.pageSize);
      else setPagination(next);
    },
    manualPagination: !!server,
    ...(server ? { rowCount: server.total } : {}),
    autoResetPageIndex: false,
  });
  const selectedRows = () => table.getSelectedRowModel().rows.map((r) => r.original);
  const actionsFlow = useRowActions(selectedRows, onDelete, onEdit, () => setRowSelection({}));
  const rows = table.getRowModel().rows;
  const pageIndex = server ? server.pageIndex : pagination.pageIndex;
  const pageSize = server ? server.pageSize : pagination.pageSize;
  const byId = new Map(columns.map((c) => [c.id, c]));

  const doExport = async () =>
    exportXlsx(
      columns.map((c) => ({ header: c.header, value: c.value })),
      exportRows ? await exportRows() : rowsInOrder,
      exportName ?? defaultExportName(),
    );

  return (
    <div className="flex min-h-0 flex-col rounded-lg border border-line bg-surface" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-2 border-b border-line p-3">
        {onCreate && (
          <Button kind="primary" onClick={onCreate}>
            {t('table.create')}
          </Button>
        )}
        {onEdit && <Button onClick={actionsFlow.edit}>{t('table.edit')}</Button>}
        {onDelete && (
          <Button kind="danger" onClick={actionsFlow.askDelete}>
            {t('table.delete')}
          </Button>
        )}
        {rowActions?.map((a) => (
          <Button key={a.label} onClick={() => actionsFlow.withSelected(a.run)}>
            {a.label}
          </Button>
        ))}
        {actions}
        {exportable && (
          <Button className="ml-auto" onClick={() => void doExport()}>
            {t('table.export')}
          </Button>
        )}
      </div>
      <div className="min-h-0 flex-1 overflow-auto">
        <table className="w-full border-collapse text-sm">
          <thead className="sticky top-0 z-10 bg-surface-2 text-left text-muted">
            <tr>
              <th className="w-10 border-b border-line px-3 py-2">
                <input
                  type="checkbox"
                  aria-label={t('table.selectAll')}
                  checked={rows.length > 0 && table.getIsAllPageRowsSelected()}
                  onChange={() => table.toggleAllPageRowsSelected()}
                  className="h-4 w-4 accent-[var(--vg-brand)]"
                />
              </th>
              {columns.map((c) => {
                const id = sortIdOf(c);
                const dir = id !== undefined && sortState.by === id ? sortState.dir : undefined;
                return (
                  <th
                    key={c.id}
                    style={c.width ? { width: rem(c.width) } : undefined}
                    aria-sort={id === undefined ? undefined : dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
                    className="border-b border-line px-3 py-2 font-medium whitespace-nowrap"
                  >
                    {id === undefined ? (
                      c.header
                    ) : (
                      <button
                        type="button"
                        onClick={() => sortBy(c)}
                        className="inline-flex items-center gap-1 hover:text-ink"
                        data-sort-column={c.id}
                      >
                        {c.header}
                        <SortMark dir={dir} />
                      </button>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            <EmptyOrErrorRow empty={rows.length === 0} load={load} colSpan={columns.length + 1} />
            {!load?.error &&
              rows.map((row) => {
                const original = row.original as T;
                return (
                  <tr
                    key={row.id}
                    data-row-id={row.id}
                    aria-selected={row.getIsSelected()}
                    // A plain click on a row selects just that row, so "edit" needs one click.
                    onClick={() => setRowSelection({ [row.id]: true })}
                    className={`cursor-pointer border-b border-line last:border-b-0 ${row.getIsSelected() ? 'bg-brand/10' : 'hover:bg-surface-2'}`}
                  >
                    <td className="px-3 py-2" onClick={(e) => e.stopPropagation()}>
                      <input
                        type="checkbox"
                        aria-label={t('table.selectRow')}
                        checked={row.getIsSelected()}
                        onChange={row.getToggleSelectedHandler()}
                        className="h-4 w-4 accent-[var(--vg-brand)]"
                      />
                    </td>
                    {columns.map((c) => (
                      <td key={c.id} className="max-w-md truncate px-3 py-2">
                        {byId.get(c.id)!.cell ? c.cell!(original) : textOf(c.value(original))}
                      </td>
                    ))}
                  </tr>
                );
              })}
          </tbody>
        </table>
      </div>
      <Pagination
        pageIndex={pageIndex}
        pageSize={pageSize}
        total={server ? server.total : data.length}
        onChange={(i, s) => {
          setRowSelection({});
          if (server) server.onChange(i, s);
          else setPagination({ pageIndex: i, pageSize: s });
        }}
      />
      <ConfirmDialog
        open={actionsFlow.confirmOpen}
        text={deleteQuestion(actionsFlow.pending, target)}
        onConfirm={() => void actionsFlow.confirmDelete()}
        onCancel={actionsFlow.cancelDelete}
      />
    </div>
  );
}
