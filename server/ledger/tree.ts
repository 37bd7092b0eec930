import type { FastifyInstance } from 'fastify';
import { isDeviceStatusNormal } from '../../domain/enums';
import {
  CHILD_LABELS,
  childListQuery,
  childStatusBody,
  treeParams,
  treeQuery,
  type ChildStatusDto,
  type LedgerLabel,
  type LedgerTreeNode,
  type TreeLabel,
} from '../../domain/schemas/ledger';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { orEmpty } from '../http/wire';
import { mayseeProject } from '../access/scope';
import { levelWithId, projectFilter, requireNode, scopeOf, type Scope } from './scope';
import { signedIn } from '../access/signedIn';
import { activeAlarmCounts } from '../alarms/activeCounts';

/**
 * The ledger as one tree: province → city → district → project → terminals and enterprises. Regions
 * are shared reference data and show for everyone (so a tenant can place a new project); projects and
 * what is under them only inside the caller's scope. Built with maps in one pass per level, O(n).
 */
async function ledgerTree(
  app: FastifyInstance,
  scope: Scope,
  containLeaf: boolean,
): Promise<{ roots: LedgerTreeNode[]; find: (l: LedgerLabel, id: number) => LedgerTreeNode | undefined }> {
  const visible = projectFilter(scope);
  const db = app.db;
  const [provinces, cities, districts, projects] = await Promise.all([
    db.selectFrom('province').select(['id', 'name']).orderBy('id').execute(),
    db.selectFrom('city').select(['id', 'name', 'provinceid']).orderBy('id').execute(),
    db.selectFrom('district').select(['id', 'name', 'cityid']).orderBy('id').execute(),
    (visible ? db.selectFrom('project').where('id', 'in', visible) : db.selectFrom('project'))
      .select(['id', 'name', 'districtid', 'tenantid'])
      .orderBy('id')
      .execute(),
  ]);
  const index = new Map<string, LedgerTreeNode>();
  const put = (n: LedgerTreeNode) => (index.set(`${n.modelLabel}:${n.id}`, n), n);
  const attach = (parentKey: string, n: LedgerTreeNode) => {
    const p = index.get(parentKey);
    if (p) (p.children ??= []).push(n);
  };
  const roots = provinces.map((p) => put({ id: p.id, name: p.name, modelLabel: 'province', children: [] }));
  for (const c of cities) attach(`province:${c.provinceid}`, put({ id: c.id, name: c.name, modelLabel: 'city', children: [] }));
  for (const d of districts) attach(`city:${d.cityid}`, put({ id: d.id, name: d.name, modelLabel: 'district', children: [] }));
  for (const p of projects)
    attach(`district:${p.districtid}`, put({ id: p.id, name: p.name, modelLabel: 'project', tenantid: p.tenantid, children: [] }));
  if (containLeaf) {
    const live = app.telemetry.devices;
    const [terminals, enterprises] = await Promise.all([
      db.selectFrom('terminal').select(['id', 'name', 'code', 'devicestatus', 'projectid']).orderBy('id').execute(),
      db.selectFrom('enterprise').select(['id', 'name', 'projectid']).orderBy('id').execute(),
    ]);
    for (const e of enterprises)
      if (e.projectid !== null) attach(`project:${e.projectid}`, put({ id: e.id, name: e.name, modelLabel: 'enterprise' }));
    for (const t of terminals) {
      attach(
        `project:${t.projectid}`,
        put({
          id: t.id,
          name: t.name,
          code: t.code,
          devicestatus: live.getSync(t.id)?.devicestatus ?? t.devicestatus,
          modelLabel: 'terminal',
        }),
      );
    }
  }
  return { roots, find: (l, id) => index.get(`${l}:${id}`) };
}

/** Column of pecdeviceinfo that names a device's ancestor at each level. */
const CHAIN: Partial<Record<LedgerLabel, 'provinceid' | 'cityid' | 'districtid' | 'projectid'>> = {
  province: 'provinceid',
  city: 'cityid',
  district: 'districtid',
  project: 'projectid',
};

export async function treeRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.get(
    '/account/:modelLabel/:id/tree',
    { schema: { params: treeParams, querystring: treeQuery }, config: guarded('ledger', 'device_browser') },
    async ({ session, query: { containLeaf }, params: { modelLabel, id } }) => {
      const scope = await scopeOf(app, session);
      if (modelLabel !== 'root') await requireNode(app.db, scope, modelLabel, id);
      const tree = await ledgerTree(app, scope, containLeaf === 'true' || containLeaf === '1');
      if (modelLabel === 'root') return ok(tree.roots);
      const node = tree.find(modelLabel, id);
      if (!node) throw errors.NOT_FOUND(levelWithId(modelLabel, id));
      return ok([node]);
    },
  );

  route.get(
    '/account/child/list',
    { schema: { querystring: childListQuery }, config: guarded('ledger', 'device_browser') },
    async ({ session, query: q }) => {
      const scope = await scopeOf(app, session);
      return ok(await childrenOf(app, scope, q.modelLabel, q.id));
    },
  );

  route.post(
    '/account/child/status/list',
    { schema: { body: orEmpty(childStatusBody) }, config: guarded('ledger', 'device_browser') },
    async ({ session, body }) => {
      const scope = await scopeOf(app, session);
      const children = (await childrenOf(app, scope, body.modelLabel, body.id)).filter((c) => c.modelLabel !== 'enterprise');
      if (!children.length) return ok([]);
      const childLabel = children[0]!.modelLabel;
      const alarmsOf = await activeAlarmCounts(app.db, 'deviceid');
      const live = app.telemetry.devices;
      const rows: ChildStatusDto[] = children.map((c) => ({
        id: c.id,
        name: c.name,
        modelLabel: c.modelLabel,
        deviceCount: 0,
        normalCount: 0,
        abnormalCount: 0,
        activeAlarmCount: 0,
      }));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const count = (row: ChildStatusDto | undefined, deviceId: number, status: number) => {
        if (!row) return;
        row.deviceCount++;
        if (isDeviceStatusNormal(status)) row.normalCount++;
        else row.abnormalCount++;
        row.activeAlarmCount += alarmsOf.get(deviceId) ?? 0;
      };
      if (childLabel === 'terminal') {
        for (const r of rows) {
          r.devicestatus = live.getSync(r.id)?.devicestatus ?? (children.find((c) => c.id === r.id)!.devicestatus as number);
          count(r, r.id, r.devicestatus);
        }
      } else {
        const col = CHAIN[childLabel]!;
        const visible = projectFilter(scope);
        let q = app.db
          .selectFrom('pecdeviceinfo')
          .innerJoin('terminal', 'terminal.id', 'pecdeviceinfo.deviceid')
          .select(['terminal.id', 'terminal.devicestatus', `pecdeviceinfo.${col} as parent`])
          .where(
            `pecdeviceinfo.${col}`,
            'in',
            rows.map((r) => r.id),
          );
        if (visible) q = q.where('terminal.projectid', 'in', visible);
        for (const t of await q.execute()) count(byId.get(t.parent), t.id, live.getSync(t.id)?.devicestatus ?? t.devicestatus);
      }
      return ok(rows);
    },
  );
}

/** Direct children of a node (provinces for the root), within the caller's scope. */
async function childrenOf(app: FastifyInstance, scope: Scope, label: TreeLabel, id: number) {
  if (label !== 'root') await requireNode(app.db, scope, label, id);
  const out: (LedgerTreeNode & { devicestatus?: number })[] = [];
  const visible = projectFilter(scope);
  for (const child of CHILD_LABELS[label]) {
    let q = app.db.selectFrom(child).selectAll();
    if (label !== 'root')
      q = q.where(
        (child === 'city' ? 'provinceid' : child === 'district' ? 'cityid' : child === 'project' ? 'districtid' : 'projectid') as 'id',
        '=',
        id,
      );
    if (child === 'project' && visible) q = q.where('id', 'in', visible);
    for (const r of (await q.orderBy('id').execute()) as Record<string, unknown>[]) {
      if ((child === 'terminal' || child === 'enterprise') && !mayseeProject(scope, r.projectid as number)) continue;
      out.push({
        id: r.id as number,
        name: r.name as string,
        modelLabel: child,
        ...(r.code ? { code: r.code as string } : {}),
        ...(r.devicestatus !== undefined ? { devicestatus: r.devicestatus as number } : {}),
      });
    }
  }
  return out;
}
