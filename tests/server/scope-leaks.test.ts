import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, env, login, startApp, type TestApp } from './helpers';

/**
 * The one scope rule (docs/security.md), looked for from the outside: every read a screen makes, as a
 * multi-project service user and as a project user of each tenant, and every project, device and event
 * in every answer checked against what that user may see. Any id outside is a leak.
 */
let t: TestApp;
const projectOfDevice = new Map<number, number>();
const projectOfEvent = new Map<number, number>();
let allProjects: { id: number; tenantid: number }[] = [];

beforeAll(async () => {
  t = await startApp();
  allProjects = await t.app.db.selectFrom('project').select(['id', 'tenantid']).execute();
  for (const d of await t.app.db.selectFrom('terminal').select(['id', 'projectid']).execute()) projectOfDevice.set(d.id, d.projectid);
  // an alarm in every project, so the event reads have something to leak
  const root = (await login(t.app, 'root')).token;
  for (const p of allProjects) {
    const dev = [...projectOfDevice].find(([, pid]) => pid === p.id);
    if (!dev) continue;
    const key = await t.app.inject({ method: 'GET', url: `/devicedata/api/comm/v1/device/${dev[0]}/key`, headers: auth(root) });
    const { code, key: deviceKey } = env<{ code: string; key: string }>(key).data;
    await t.app.inject({
      method: 'POST',
      url: '/devicedata/api/comm/v1/ingest',
      headers: { 'x-device-key': deviceKey },
      payload: { device: code, time: Date.now() - 60_000, values: [{ dataId: 1001, value: 900 }] },
    });
  }
  for (const e of await t.app.db.selectFrom('peceventextend').select(['id', 'projectid']).execute()) projectOfEvent.set(e.id, e.projectid);
});
afterAll(async () => {
  await t?.close();
});

/** Every project an answer mentions, however it names it. */
function projectsIn(value: unknown, out: Set<number>, parentKey = ''): Set<number> {
  if (Array.isArray(value)) {
    for (const v of value) projectsIn(v, out, parentKey);
    return out;
  }
  if (!value || typeof value !== 'object') return out;
  const o = value as Record<string, unknown>;
  const label = o.modelLabel;
  if (typeof o.id === 'number') {
    if (label === 'project') out.add(o.id);
    if (label === 'terminal' && projectOfDevice.has(o.id)) out.add(projectOfDevice.get(o.id)!);
    if (label === 'peceventextend' && projectOfEvent.has(o.id)) out.add(projectOfEvent.get(o.id)!);
  }
  for (const [k, v] of Object.entries(o)) {
    if ((k === 'projectid' || k === 'projectId') && typeof v === 'number') out.add(v);
    if ((k === 'deviceid' || k === 'deviceId' || k === 'pecDeviceId') && typeof v === 'number' && projectOfDevice.has(v))
      out.add(projectOfDevice.get(v)!);
    projectsIn(v, out, k);
  }
  return out;
}

const READS: [string, 'GET' | 'POST', string, object?][] = [
  ['model query: projects', 'POST', '/model/v1/query', { rootLabel: 'project' }],
  ['model query: devices', 'POST', '/model/v1/query', { rootLabel: 'terminal' }],
  ['model query: enterprises', 'POST', '/model/v1/query', { rootLabel: 'enterprise' }],
  ['table query with sub-models', 'POST', '/model/v1/query', { modelLabel: 'district', modelList: ['project'], limit: 1000 }],
  ['graph tree', 'GET', '/wisdompower/v1/graph/tree?containLeaf=true'],
  ['device tree', 'GET', '/devicedata/api/comm/v1/device/tree'],
  ['report tree', 'GET', '/devicedata/api/comm/v1/report/tree'],
  ['stations', 'GET', '/devicedata/api/comm/v1/stations'],
  ['ledger tree', 'GET', '/wisdompower/v1/account/root/0/tree?containLeaf=true'],
  ['ledger children', 'GET', '/wisdompower/v1/account/child/list'],
  ['ledger devices', 'POST', '/wisdompower/v1/account/node/list', { page: { index: 0, limit: 1000 } }],
  ['ledger projects', 'POST', '/wisdompower/v1/account/node/list', { modelLabel: 'project', page: { index: 0, limit: 1000 } }],
  ['device access list', 'POST', '/wisdompower/v1/system/query/device/access/list', { page: { index: 0, limit: 1000 } }],
  ['realtime snapshot', 'GET', '/wisdompower/v1/realtime/snapshot'],
  ['event list', 'POST', '/wisdompower/v1/event/list', { rootCondition: { page: { index: 0, limit: 1000 } } }],
  ['monitor project list', 'POST', '/wisdompower/v1/monitor/project/statis/list', {}],
  ['monitor coordinates', 'GET', '/wisdompower/v1/monitor/project/statis/coordinates/0/global'],
  ['operation log', 'POST', '/wisdompower/v1/operationlog/list', { page: { index: 0, limit: 1000 } }],
];

async function leaksOf(userName: string, visible: Set<number>) {
  const { token, user } = await login(t.app, userName);
  const found: string[] = [];
  let seen = 0;
  for (const [what, method, url, body] of READS) {
    const res = await t.app.inject({ method, url, headers: auth(token), ...(body ? { payload: body } : {}) });
    const e = res.json() as { code: number; data: unknown };
    if (e.code !== 0) continue; // refused: nothing leaked
    const mentioned = projectsIn(e.data, new Set());
    seen += mentioned.size;
    for (const p of mentioned) if (!visible.has(p)) found.push(`${what}: project ${p}`);
  }
  const log = await t.app.inject({
    method: 'POST',
    url: '/messageServer/v1/log',
    headers: auth(token),
    payload: { startTime: 0, endTime: Date.now() + 60_000, receiver: user.id, page: { index: 0, limit: 1000 } },
  });
  const notices = projectsIn((log.json() as { data: unknown }).data, new Set());
  for (const p of notices) if (!visible.has(p)) found.push(`message log: project ${p}`);
  return { found, seen };
}

describe('zero leaks', () => {
  it('the multi-project service user sees only the projects it serves', async () => {
    const id = (await t.app.db.selectFrom('app_user').select('id').where('name', '=', 'service').executeTakeFirstOrThrow()).id;
    const served = await t.app.db
      .selectFrom('user_model_node')
      .select('nodeId')
      .where('userId', '=', id)
      .where('modelLabel', '=', 'project')
      .execute();
    const visible = new Set(served.map((s) => s.nodeId));
    expect(visible.size).toBe(2);
    const sameTenants = allProjects.filter(
      (p) => !visible.has(p.id) && allProjects.some((q) => visible.has(q.id) && q.tenantid === p.tenantid),
    );
    expect(sameTenants.length).toBeGreaterThan(0); // other projects of the tenants it serves exist: the trap of "filter by tenant"
    const { found, seen } = await leaksOf('service', visible);
    expect(seen).toBeGreaterThan(10);
    expect(found).toEqual([]);
  });

  it.each(['zhangsan', 'lisi', 'wangwu'])('project user %s sees only its tenant', async (name) => {
    const tenant = (await t.app.db.selectFrom('app_user').select('tenantId').where('name', '=', name).executeTakeFirstOrThrow()).tenantId;
    const visible = new Set(allProjects.filter((p) => p.tenantid === tenant).map((p) => p.id));
    const { found, seen } = await leaksOf(name, visible);
    expect(seen).toBeGreaterThan(0);
    expect(found).toEqual([]);
  });

  it('a role without pages reads its own user and nothing else', async () => {
    const { found, seen } = await leaksOf('guest', new Set());
    expect(seen).toBe(0);
    expect(found).toEqual([]);
    const { token } = await login(t.app, 'guest');
    expect(env(await t.app.inject({ method: 'GET', url: '/auth/v1/user', headers: auth(token) })).code).toBe(0);
  });
});

describe('writes take the tenant from the stored row', () => {
  it('a platform user saving a project without tenantid leaves it, and its devices, in their tenant', async () => {
    const { token } = await login(t.app, 'platform');
    const project = await t.app.db.selectFrom('project').selectAll().where('tenantid', '!=', 1).orderBy('id').executeTakeFirstOrThrow();
    const before = await t.app.db.selectFrom('terminal').select(['id', 'tenantid']).where('projectid', '=', project.id).execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/model/v1/write/hierachy',
      headers: auth(token),
      payload: [
        {
          modelLabel: 'project',
          id: project.id,
          name: `${project.name}（改）`,
          provinceid: project.provinceid,
          cityid: project.cityid,
          districtid: project.districtid,
        },
      ],
    });
    expect(env(res).code).toBe(0);
    const after = await t.app.db.selectFrom('project').select(['tenantid', 'name']).where('id', '=', project.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ tenantid: project.tenantid, name: `${project.name}（改）` });
    const devices = await t.app.db.selectFrom('terminal').select(['id', 'tenantid']).where('projectid', '=', project.id).execute();
    expect(devices).toEqual(before);
  });

  it('a tenant that does not exist is refused, and nothing moves', async () => {
    const { token } = await login(t.app, 'platform');
    const project = await t.app.db.selectFrom('project').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/wisdompower/v1/account/node',
      headers: auth(token),
      payload: [{ modelLabel: 'project', id: project.id, name: project.name, districtid: project.districtid, tenantid: 999 }],
    });
    expect(res.statusCode).toBe(404);
    expect(env(res).msg).toBe('租户 999 不存在');
    expect((await t.app.db.selectFrom('project').select('tenantid').where('id', '=', project.id).executeTakeFirstOrThrow()).tenantid).toBe(
      project.tenantid,
    );
  });
});
