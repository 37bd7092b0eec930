import type { ComponentProps, ReactNode } from 'react';
import { Modal } from '../Modal';
import { FormActions } from './FormActions';
import { FormTreeField } from './FormTreeField';
import type { FormDialog } from './useFormDialog';

/**
 * A save dialog in two columns: its fields on the left, a checkable tree (a role's permissions, a
 * group's members) on the right, 取消/确定 under both.
 */
export function TreeFormDialog({
  open,
  onClose,
  title,
  width,
  form,
  columns,
  fields,
  tree,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  width: number;
  form: Pick<FormDialog<unknown>, 'formProps' | 'busy'>;
  /** the grid's column widths, a Tailwind grid-cols class */
  columns: string;
  fields: ReactNode;
  tree: ComponentProps<typeof FormTreeField>;
}) {
  return (
    <Modal open={open} onClose={onClose} title={title} width={width}>
      <form {...form.formProps} className={`grid ${columns} gap-5`}>
        <div>{fields}</div>
        <FormTreeField {...tree} />
        <FormActions onClose={onClose} busy={form.busy} className="col-span-2 flex justify-end gap-2" />
      </form>
    </Modal>
  );
}
