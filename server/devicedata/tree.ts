import type { FastifyInstance } from 'fastify';
import { isDeviceStatusNormal } from '../../domain/enums';
import { mayseeProject, type ProjectScope } from '../access/scope';
import { activeAlarmCounts } from '../alarms/activeCounts';

export interface TreeNode {
  id: number;
  name: string;
  modelLabel: 'province' | 'city' | 'district' | 'project' | 'terminal';
  code?: string;
  devicestatus?: number;
  children?: TreeNode[];
}

/**
 * The ledger as a tree province → city → district → project (→ terminal), holding only the
 * projects the caller may see; regions without a visible project are left out.
 */
export async function buildTree(app: FastifyInstance, scope: ProjectScope, withTerminals: boolean): Promise<TreeNode[]> {
  const [provinces, cities, districts, projects] = await Promise.all([
    app.db.selectFrom('province').select(['id', 'name']).orderBy('id').execute(),
    app.db.selectFrom('city').select(['id', 'name', 'provinceid']).orderBy('id').execute(),
    app.db.selectFrom('district').select(['id', 'name', 'cityid']).orderBy('id').execute(),
    app.db.selectFrom('project').select(['id', 'name', 'districtid']).orderBy('id').execute(),
  ]);
  const terminals = withTerminals
    ? await app.db.selectFrom('terminal').select(['id', 'name', 'code', 'devicestatus', 'projectid']).orderBy('id').execute()
    : [];
  const live = app.telemetry.devices;
  const projNodes = new Map<number, TreeNode[]>();
  for (const p of projects) {
    if (!mayseeProject(scope, p.id)) continue;
    const node: TreeNode = { id: p.id, name: p.name, modelLabel: 'project' };
    if (withTerminals) {
      node.children = terminals
        .filter((t) => t.projectid === p.id)
        .map((t) => ({
          id: t.id,
          name: t.name,
          code: t.code,
          devicestatus: live.getSync(t.id)?.devicestatus ?? t.devicestatus,
          modelLabel: 'terminal' as const,
        }));
    }
    const list = projNodes.get(p.districtid) ?? [];
    list.push(node);
    projNodes.set(p.districtid, list);
  }
  const distNodes = new Map<number, TreeNode[]>();
  for (const d of districts) {
    const children = projNodes.get(d.id);
    if (!children) continue;
    distNodes.set(d.cityid, [...(distNodes.get(d.cityid) ?? []), { id: d.id, name: d.name, modelLabel: 'district', children }]);
  }
  const cityNodes = new Map<number, TreeNode[]>();
  for (const c of cities) {
    const children = distNodes.get(c.id);
    if (!children) continue;
    cityNodes.set(c.provinceid, [...(cityNodes.get(c.provinceid) ?? []), { id: c.id, name: c.name, modelLabel: 'city', children }]);
  }
  return provinces.flatMap((p) => {
    const children = cityNodes.get(p.id);
    return children ? [{ id: p.id, name: p.name, modelLabel: 'province' as const, children }] : [];
  });
}

/** Stations: one row per visible project with device and alarm counts. */
export async function stations(app: FastifyInstance, scope: ProjectScope) {
  const projects = await app.db
    .selectFrom('project')
    .select(['id', 'name', 'tenantid', 'address', 'contact', 'contactphone', 'longitude', 'latitude'])
    .orderBy('id')
    .execute();
  const activeBy = await activeAlarmCounts(app.db, 'projectid');
  const devices = app.telemetry.devices.all();
  return projects
    .filter((p) => mayseeProject(scope, p.id))
    .map((p) => {
      const mine = devices.filter((d) => d.projectid === p.id);
      const abnormal = mine.filter((d) => !isDeviceStatusNormal(d.devicestatus)).length;
      return {
        ...p,
        modelLabel: 'project',
        deviceCount: mine.length,
        normalCount: mine.length - abnormal,
        abnormalCount: abnormal,
        activeAlarmCount: activeBy.get(p.id) ?? 0,
      };
    });
}
