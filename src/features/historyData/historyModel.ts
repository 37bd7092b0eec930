import { MEASURES, type MeasureDef } from '../../../domain/telemetry';
import type { TreeNode } from '../../app/widgets/tree/treeModel';
import { treeKey, type DeviceTreeNode } from '../../app/liveDevices/deviceTree';

/** At most this many curves at once (devices × measures): beyond it a chart stops being readable. */
export const MAX_SERIES = 16;

/** Measures grouped as the device's trend groups (MeasureDef.chart): 剩余电流, 温度, 电流, 电压, 功率, 状态. */
export function measureGroups(measures: readonly MeasureDef[] = MEASURES): { title: string; measures: MeasureDef[] }[] {
  const groups = new Map<string, MeasureDef[]>();
  for (const m of measures) groups.set(m.chart, [...(groups.get(m.chart) ?? []), m]);
  return [...groups].map(([title, list]) => ({ title, measures: list }));
}

export type { DeviceTreeNode } from '../../app/liveDevices/deviceTree';
export { checkedTerminals as checkedDevices } from '../../app/liveDevices/deviceTree';

/** Widget ids carry the model label: a project and a terminal may share a numeric id. */
export const deviceKey = (id: number) => treeKey({ modelLabel: 'terminal', id });

export function toWidgetTree(nodes: readonly DeviceTreeNode[], names: Map<number, string>): TreeNode[] {
  const walk = (n: DeviceTreeNode): TreeNode => {
    if (n.modelLabel === 'terminal') names.set(n.id, n.name);
    return { id: treeKey(n), label: n.name, ...(n.children?.length ? { children: n.children.map(walk) } : {}) };
  };
  return nodes.map(walk);
}

/**
 * A shareable selection in the hash query: #/historyData?devices=1,2&measures=1001,1101&from=<ms>&to=<ms>.
 * Anything missing or malformed is simply left to the defaults.
 */
export interface HistoryLink {
  devices?: number[];
  measures?: number[];
  from?: number;
  to?: number;
}

export function parseHistoryLink(hash: string): HistoryLink {
  const q = new URLSearchParams(hash.split('?')[1] ?? '');
  const ints = (k: string) =>
    q
      .get(k)
      ?.split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 0);
  const num = (k: string) => {
    const v = Number(q.get(k));
    return q.has(k) && Number.isFinite(v) ? v : undefined;
  };
  const link: HistoryLink = {};
  const devices = ints('devices');
  const measures = ints('measures');
  if (devices?.length) link.devices = devices;
  if (measures?.length) link.measures = measures;
  const from = num('from');
  const to = num('to');
  if (from !== undefined && to !== undefined && to > from) Object.assign(link, { from, to });
  return link;
}
