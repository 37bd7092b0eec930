import { api } from '../../app/api/client';
import type { TreeNode } from '../../app/widgets/tree/treeModel';
import type { ScopeNode } from './filterMapping';

/** GET /devicedata/api/comm/v1/device/tree node (docs/api-telemetry.md "Device tree"). */
interface DeviceTreeNode {
  id: number;
  name: string;
  modelLabel: ScopeNode['modelLabel'];
  children?: DeviceTreeNode[];
}

/** Widget ids carry the model label, because a project and a terminal may share a numeric id. */
export const nodeKey = (n: ScopeNode) => `${n.modelLabel}:${n.id}`;

export function scopeOfKey(key: string): ScopeNode | undefined {
  const [modelLabel, id] = key.split(':');
  const n = Number(id);
  return modelLabel && Number.isInteger(n) ? { id: n, modelLabel: modelLabel as ScopeNode['modelLabel'] } : undefined;
}

const toWidget = (n: DeviceTreeNode): TreeNode => ({
  id: nodeKey(n),
  label: n.name,
  ...(n.children?.length ? { children: n.children.map(toWidget) } : {}),
});

export const loadDeviceTree = () => api.get<DeviceTreeNode[]>('/devicedata/api/comm/v1/device/tree').then((nodes) => nodes.map(toWidget));
