import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GraphTreeNode } from '../../../domain/schemas/info';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Tree } from '../../app/widgets/tree/Tree';
import type { TreeNode } from '../../app/widgets/tree/treeModel';
import { queryKeys } from '../../app/api/queryKeys';

const toTree = (n: GraphTreeNode): TreeNode => ({ id: `${n.modelLabel}:${n.id}`, label: n.name, children: n.children.map(toTree) });

/** The graph tree (GET graph/tree with leaves) in the shared virtualized tree. */
export function GraphTreePanel() {
  useLanguage();
  const tree = useQuery({
    queryKey: queryKeys.ledger.graphTree(),
    queryFn: () => api.get<GraphTreeNode[]>('/wisdompower/v1/graph/tree?containLeaf=true'),
  });
  const nodes = useMemo(() => (tree.data ?? []).map(toTree), [tree.data]);
  const [selected, setSelected] = useState<TreeNode | undefined>();
  return (
    <div className="grid min-h-0 flex-1 grid-cols-[23.75rem_1fr] gap-4">
      <Tree
        load={tree}
        nodes={nodes}
        selectedId={selected?.id}
        onSelect={setSelected}
        defaultExpandDepth={3}
        className="h-[calc(100vh-16.25rem)]"
        testId="graph-tree"
      />
      <div className="rounded-lg border border-line bg-surface p-4 text-sm">
        {selected ? (
          <dl className="grid grid-cols-[6.25rem_1fr] gap-2">
            <dt className="text-muted">{t('system.deviceName')}</dt>
            <dd>{selected.label}</dd>
            <dt className="text-muted">ID</dt>
            <dd>
              <code>{selected.id}</code>
            </dd>
          </dl>
        ) : (
          <p className="text-muted">{t('common.noData')}</p>
        )}
      </div>
    </div>
  );
}
