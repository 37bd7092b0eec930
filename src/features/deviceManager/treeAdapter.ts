import type { LedgerLabel, LedgerTreeNode } from '../../../domain/schemas/ledger';
import type { TreeNode } from '../../app/widgets/tree/treeModel';

/** Kept free of React and i18n so the bench can time it on a 20,000-terminal ledger. */
const nodeKey = (n: { modelLabel: string; id: number }) => `${n.modelLabel}:${n.id}`;
export function parseKey(key: string): { modelLabel: LedgerLabel; id: number } {
  const [modelLabel, id] = key.split(':');
  return { modelLabel: modelLabel as LedgerLabel, id: Number(id) };
}

/** The server tree as the shared widget's nodes; a terminal shows its code so it can be searched by it. */
export function toWidgetTree(nodes: LedgerTreeNode[]): TreeNode[] {
  return nodes.map((n) => ({
    id: nodeKey(n),
    label: n.code ? `${n.name} (${n.code})` : n.name,
    ...(n.children?.length ? { children: toWidgetTree(n.children) } : {}),
  }));
}
