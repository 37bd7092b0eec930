import { Tree } from '../../widgets/tree/Tree';
import type { TreeNode } from '../../widgets/tree/treeModel';
import type { FieldBinding } from './useFormDialog';

/** A labelled checkable tree (permissions, members) bound to a form-dialog field holding the ticked ids. */
export function FormTreeField({
  label,
  nodes,
  field,
  className,
  testId,
}: {
  label: string;
  nodes: TreeNode[];
  field: FieldBinding<ReadonlySet<string>>;
  /** the tree's height */
  className: string;
  testId: string;
}) {
  return (
    <div className="flex flex-col">
      <span className="mb-1 text-sm text-muted">{label}</span>
      <Tree nodes={nodes} checkable checked={field.value} onCheckedChange={field.onChange} className={className} testId={testId} />
    </div>
  );
}
