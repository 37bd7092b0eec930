import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/client';
import { queryKeys } from '../../app/api/queryKeys';
import type { TreeNode } from '../../app/widgets/tree/treeModel';
import type { ReportNode } from './reportApi';

/** GET /devicedata/api/comm/v1/report/tree: province → city → district → project, visible ones only. */
interface ReportTreeNode {
  id: number;
  name: string;
  modelLabel: 'province' | 'city' | 'district' | 'project';
  children?: ReportTreeNode[];
}

/** Widget ids carry the level, since a city and a project may share a number; the name rides along. */
const toWidget = (n: ReportTreeNode): TreeNode => ({
  id: `${n.modelLabel}:${n.id}:${n.name}`,
  label: n.name,
  ...(n.children?.length ? { children: n.children.map(toWidget) } : {}),
});

export function nodeOfKey(key: string): ReportNode | undefined {
  const [modelLabel, id, ...name] = key.split(':');
  const n = Number(id);
  return modelLabel && Number.isInteger(n)
    ? { modelLabel: modelLabel as ReportNode['modelLabel'], id: n, name: name.join(':') }
    : undefined;
}
export const keyOfNode = (n: ReportNode) => `${n.modelLabel}:${n.id}:${n.name}`;

/** GET report/tree as a cached ledger read, shaped for the tree widget. */
export const reportTreeQuery = queryOptions({
  queryKey: queryKeys.ledger.reportTree(),
  queryFn: () => api.get<ReportTreeNode[]>('/devicedata/api/comm/v1/report/tree'),
  select: (nodes: ReportTreeNode[]) => nodes.map(toWidget),
});
