import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEditDialog, type EditDialogProps } from '../../ui/form/useEditDialog';
import type { DataTableProps } from './DataTable';

type NamedRecord = { id: number; name: string };

type RecordTableProps<R extends object> = Required<
  Pick<DataTableProps<R>, 'data' | 'load' | 'getRowId' | 'onCreate' | 'onEdit' | 'onDelete' | 'target'>
>;

/**
 * A record list kept in a form dialog (users, roles, groups, platform users, notify channels and
 * rules): the list's read, its table's 新增/编辑/删除 (delete asking by the record's name) and the
 * dialog's props; a save or a delete reads the list again.
 */
export function useRecordList<R extends NamedRecord, K extends QueryKey>({
  query,
  noun,
  remove,
  reload,
  beforeOpen,
}: {
  query: UseQueryOptions<R[], Error, R[], K>;
  /** what a record is, for the delete question: 确定要删除角色 “值班员” 吗？ */
  noun: string;
  /** deletes the rows on the server; a refusal throws (the table then shows no 删除成功) */
  remove: (rows: R[]) => Promise<unknown>;
  /** reads the list (and what else the records change) again */
  reload: () => void;
  /** runs before the dialog opens, for choices it should offer fresh */
  beforeOpen?: (() => void) | undefined;
}): { table: RecordTableProps<R>; dialog: EditDialogProps<R> } {
  const list = useQuery(query);
  const dialog = useEditDialog<R>(reload);
  return {
    table: {
      data: list.data ?? [],
      load: list,
      getRowId: (r) => String(r.id),
      onCreate: () => (beforeOpen?.(), dialog.create()),
      onEdit: (row) => (beforeOpen?.(), dialog.edit(row)),
      onDelete: async (rows) => {
        await remove(rows);
        reload();
      },
      target: { noun, name: (r) => r.name },
    },
    dialog: dialog.dialogProps,
  };
}
