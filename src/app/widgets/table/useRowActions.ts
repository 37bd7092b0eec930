import { useState } from 'react';
import { t } from '../../i18n/i18n';
import { showToast, toastError, toastSuccess } from '../../ui/toastStore';

/**
 * The table's delete and edit flows (spec §5, §8): nothing selected → 请先选择需要删除的行 /
 * 请先选择需要编辑的行; delete asks 确定要删除所选项吗？ and ends with 删除成功! or 取消删除！.
 * Handlers are plain closures so they can be passed to onClick unbound.
 */
export function useRowActions<T>(
  selected: () => T[],
  onDelete?: (rows: T[]) => Promise<void>,
  onEdit?: (row: T) => void,
  afterDelete?: () => void,
) {
  const [pending, setPending] = useState<T[] | null>(null);
  /** runs an action on the first selected row, or asks for a selection */
  const withSelected = (run: (row: T) => void) => {
    const [row] = selected();
    if (row === undefined) return toastError(t('table.selectEditRow'));
    run(row);
  };
  return {
    confirmOpen: pending !== null,
    /** the rows the open confirmation is about (named in its question) */
    pending: pending ?? [],
    withSelected,
    edit: () => withSelected((row) => onEdit?.(row)),
    askDelete() {
      const rows = selected();
      if (rows.length === 0) return toastError(t('table.selectDeleteRow'));
      setPending(rows);
    },
    async confirmDelete() {
      const rows = pending ?? [];
      setPending(null);
      try {
        await onDelete?.(rows);
        toastSuccess(t('table.deleteSuccess'));
        afterDelete?.();
      } catch {
        // the API client already showed the server's msg (for example a group still in use)
      }
    },
    cancelDelete() {
      setPending(null);
      showToast(t('table.deleteCancelled'));
    },
  };
}
