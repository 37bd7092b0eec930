import { api } from '../api/client';
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

export const loadDeviceTree = () =>
  api.get<DeviceTreeNode[]>('/devicedata/api/comm/v1/device/tree').then((nodes) => nodes.map(toTreeWidget));

/** The terminal ids among checked tree keys. */
export const checkedTerminals = (checked: ReadonlySet<string>) =>
  [...checked]
    .map(parseTreeKey)
    .filter((k) => k?.modelLabel === 'terminal')
    .map((k) => k!.id);

function projectsOfTree(nodes: readonly DeviceTreeNode[]): { id: number; name: string }[] {
  return nodes.flatMap((n) => (n.modelLabel === 'project' ? [{ id: n.id, name: n.name }] : projectsOfTree(n.children ?? [])));
}

/** The projects of the device tree, in tree order (the project filters of the work-order screens). */
export const loadTreeProjects = () => api.get<DeviceTreeNode[]>('/devicedata/api/comm/v1/device/tree').then(projectsOfTree);
