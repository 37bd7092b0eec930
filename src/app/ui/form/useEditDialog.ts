import { useState } from 'react';

/** What a record's form dialog takes from its list: whether it shows, the row it edits (none: a new record), its close and its save. */
export interface EditDialogProps<R> {
  open: boolean;
  editing: R | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The form dialog of a record list (users, roles, groups, channels, rules): closed, open on a new
 * record (新增) or on a row (编辑); a save closes it and then does `afterSave` (the list's reload).
 */
export function useEditDialog<R>(afterSave: () => void): {
  create: () => void;
  edit: (row: R) => void;
  dialogProps: EditDialogProps<R>;
} {
  const [dialog, setDialog] = useState<{ editing?: R } | null>(null);
  const close = () => setDialog(null);
  return {
    create: () => setDialog({}),
    edit: (row) => setDialog({ editing: row }),
    dialogProps: { open: dialog !== null, editing: dialog?.editing, onClose: close, onSaved: () => (close(), afterSave()) },
  };
}
