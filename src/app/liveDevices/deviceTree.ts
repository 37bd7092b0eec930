import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client';
import { queryKeys } from '../api/queryKeys';
import { t } from '../i18n/i18n';
import type { TreeNode } from '../widgets/tree/treeModel';

/** A node of GET /devicedata/api/comm/v1/device/tree (docs/api-telemetry.md "Device tree"). */
export interface DeviceTreeNode {
  id: number;
  name: string;
  modelLabel: 'province' | 'city' | 'district' | 'project' | 'terminal';
  code?: string;
  children?: DeviceTreeNode[];
}

/** Widget ids carry the model label, because a project and a terminal may share a numeric id. */
export const treeKey = (n: { modelLabel: string; id: number }) => `${n.modelLabel}:${n.id}`;

export function parseTreeKey(key: string): { modelLabel: DeviceTreeNode['modelLabel']; id: number } | undefined {
  const [modelLabel, id] = key.split(':');
  const n = Number(id);
  return modelLabel && Number.isInteger(n) ? { modelLabel: modelLabel as DeviceTreeNode['modelLabel'], id: n } : undefined;
}

function toTreeWidget(n: DeviceTreeNode): TreeNode {
  const label = n.code ? `${n.name}${t('punct.parenthesized', { text: n.code })}` : n.name;
  return { id: treeKey(n), label, ...(n.children?.length ? { children: n.children.map(toTreeWidget) } : {}) };
}

/**
 * GET device/tree as one cached read for every screen that scopes by it; each shapes it with
 * `select` (toTreeWidgets, projectsOfTree), so the tree is asked for once however many show it.
 */
export const deviceTreeQuery = queryOptions({
  queryKey: queryKeys.ledger.deviceTree(),
  queryFn: () => api.get<DeviceTreeNode[]>('/devicedata/api/comm/v1/device/tree'),
});

export const toTreeWidgets = (nodes: readonly DeviceTreeNode[]): TreeNode[] => nodes.map(toTreeWidget);

/** The terminal ids among checked tree keys. */
export const checkedTerminals = (checked: ReadonlySet<string>) =>
  [...checked]
    .map(parseTreeKey)
    .filter((k) => k?.modelLabel === 'terminal')
    .map((k) => k!.id);

/** The projects of the device tree, in tree order (the project filters of the work-order screens). */
export function projectsOfTree(nodes: readonly DeviceTreeNode[]): { id: number; name: string }[] {
  return nodes.flatMap((n) => (n.modelLabel === 'project' ? [{ id: n.id, name: n.name }] : projectsOfTree(n.children ?? [])));
}
