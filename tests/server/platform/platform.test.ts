import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PERMISSION_MAP } from '../../../domain/permissions';
import { PASSWORD, bearer, digest, login, makeApp } from '../telemetry/helpers';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let platform: string;

beforeAll(async () => {
  ({ app, cleanup } = await makeApp());
  platform = (await login(app, 'platform')).token;
});
afterAll(async () => cleanup());

const get = (url: string, token: string) => app.inject({ url: `/wisdompower/v1${url}`, headers: bearer(token) }).then((r) => r.json());
const send = (method: 'POST' | 'PUT', url: string, token: string, payload: unknown) =>
  app.inject({ method, url: `/wisdompower/v1${url}`, headers: bearer(token), payload: payload as object }).then((r) => r.json());
const projectId = async (name: string) =>
  (await app.db.selectFrom('project').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const userId = async (name: string) =>
  (await app.db.selectFrom('app_user').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

describe('platform endpoints refuse project users', () => {
  it('even when the project user role holds the platform pages', async () => {
    // Give zhangsan's role both platform pages: the user type still decides.
    const pageIds = PERMISSION_MAP.filter((p) => p.name === 'wp_platform_operate' || p.name === 'wp_platform_user').map((p) => p.id);
    const role = await app.db
      .selectFrom('user_role')
      .innerJoin('role', 'role.id', 'user_role.roleId')
      .select(['role.id', 'role.pageNodes'])
      .where('user_role.userId', '=', await userId('zhangsan'))
      .executeTakeFirstOrThrow();
    await app.db
      .updateTable('role')
      .set({ pageNodes: JSON.stringify([...JSON.parse(role.pageNodes), ...pageIds]) })
      .where('id', '=', role.id)
      .execute();
    const zhangsan = (await login(app, 'zhangsan')).token;
    for (const r of [
      await get('/platform/operate/overview', zhangsan),
      await get('/platform/users', zhangsan),
      await get('/platform/districts', zhangsan),
      await send('POST', '/platform/tenant', zhangsan, { name: '越权租户' }),
      await send('PUT', `/platform/project/${await projectId('鄞州商业中心')}/status`, zhangsan, { status: 0 }),
      await send('PUT', `/platform/user/${await userId('service')}/projects`, zhangsan, { projectIds: [] }),
    ])
      expect(r).toMatchObject({ code: 403, msg: '无操作权限!' });
    expect(await app.db.selectFrom('tenant').select('id').where('name', '=', '越权租户').executeTakeFirst()).toBeUndefined();
  });

  it('a service user without the platform pages is refused too', async () => {
    const service = (await login(app, 'service')).token;
    expect((await get('/platform/operate/overview', service)).msg).toBe('无操作权限!');
  });
});

describe('/platform/operate', () => {
  it('overview: tenants, per-project devices, health, unconfirmed alarms and who serves it', async () => {
    const r = await get('/platform/operate/overview', platform);
    expect(r.code).toBe(0);
    expect(r.data.projects).toHaveLength(5);
    const xihu = r.data.projects.find((p: { name: string }) => p.name === '西湖文化广场');
    expect(xihu).toMatchObject({ deviceCount: 8, status: 1, unconfirmedAlarms: 0, region: '浙江省 杭州市 西湖区' });
    expect(xihu.servedBy.map((s: { name: string }) => s.name)).toEqual(['service']);
    expect(r.data.tenants.map((t: { name: string }) => t.name).length).toBeGreaterThanOrEqual(3);
    expect(r.data.tenants.reduce((n: number, t: { projectCount: number }) => n + t.projectCount, 0)).toBe(5);
  });

  it('unconfirmed alarms are counted per project', async () => {
    const pid = await projectId('滨江科技园');
    const device = await app.db.selectFrom('terminal').select(['id', 'code']).where('projectid', '=', pid).executeTakeFirstOrThrow();
    await app.telemetry.ingest({ device: device.code, time: Date.now(), values: [{ dataId: 1001, value: 900 }] }, { trusted: true });
    const r = await get('/platform/operate/overview', platform);
    expect(r.data.projects.find((p: { id: number }) => p.id === pid).unconfirmedAlarms).toBeGreaterThan(0);
  });

  it('creates a tenant once, suspends and restores a project, all in the operation log', async () => {
    const created = await send('POST', '/platform/tenant', platform, { name: '测试租户C' });
    expect(created.code).toBe(0);
    expect((await send('POST', '/platform/tenant', platform, { name: '测试租户C' })).code).toBe(4009);
    expect((await send('POST', '/platform/tenant', platform, { name: '  ' })).msg).toContain('租户名称不能为空');
    const pid = await projectId('武侯购物中心');
    expect((await send('PUT', `/platform/project/${pid}/status`, platform, { status: 0 })).code).toBe(0);
    expect((await send('PUT', `/platform/project/${pid}/status`, platform, { status: 7 })).code).toBe(4000);
    expect((await send('PUT', `/platform/project/99999/status`, platform, { status: 0 })).code).toBe(4005);
    const r = await get('/platform/operate/overview', platform);
    expect(r.data.projects.find((p: { id: number }) => p.id === pid).status).toBe(0);
    expect(r.data.tenants.find((t: { name: string }) => t.name === '测试租户C')).toMatchObject({ status: 1, projectCount: 0 });
    expect((await send('PUT', `/platform/tenant/${created.data}/status`, platform, { status: 0 })).code).toBe(0);
    const kinds = await app.db
      .selectFrom('event_log')
      .select('kind')
      .where('kind', 'in', ['tenant.created', 'tenant.status_changed', 'project.status_changed'])
      .execute();
    expect(kinds.map((k) => k.kind).sort()).toEqual(['project.status_changed', 'tenant.created', 'tenant.status_changed']);
  });
});

describe('/platform/user', () => {
  it('lists platform and service users only, with served projects', async () => {
    const r = await get('/platform/users', platform);
    const names = r.data.map((u: { name: string }) => u.name);
    expect(names).toEqual(expect.arrayContaining(['platform', 'service']));
    expect(names).not.toContain('zhangsan');
    expect(r.data.find((u: { name: string }) => u.name === 'service')).toMatchObject({
      usertype: 2,
      servedProjects: [{ name: '西湖文化广场' }, { name: '武侯购物中心' }],
    });
  });

  it('a platform caller creates a service user and assigns its projects; the assignment decides what it sees', async () => {
    const role = await app.db.selectFrom('role').select('id').where('name', '=', '服务工程师').executeTakeFirst();
    const created = (
      await app.inject({
        method: 'POST',
        url: '/auth/v1/user',
        headers: bearer(platform),
        payload: {
          name: 'svc2',
          nicName: '服务二',
          password: digest(PASSWORD),
          tenantId: 1,
          ...(role ? { roleId: role.id } : {}),
          customConfig: JSON.stringify({ usertype: 2 }),
        },
      })
    ).json();
    expect(created.code).toBe(0);
    const ids = [await projectId('鄞州商业中心'), await projectId('滨江科技园')];
    expect((await send('PUT', `/platform/user/${created.data}/projects`, platform, { projectIds: [...ids, ids[0]] })).code).toBe(0);
    const rows = await app.db
      .selectFrom('user_model_node')
      .select('nodeId')
      .where('userId', '=', created.data)
      .where('modelLabel', '=', 'project')
      .execute();
    expect(rows.map((r) => r.nodeId).sort()).toEqual([...ids].sort());
    const listed = (await get('/platform/users', platform)).data.find((u: { name: string }) => u.name === 'svc2');
    expect(listed).toMatchObject({ usertype: 2 });
    expect(listed.servedProjects.map((p: { name: string }) => p.name).sort()).toEqual(['滨江科技园', '鄞州商业中心'].sort());
    const svc2 = (await login(app, 'svc2')).token;
    const tree = (await app.inject({ url: '/devicedata/api/comm/v1/device/tree', headers: bearer(svc2) })).json();
    expect(JSON.stringify(tree.data)).toContain('滨江科技园');
    expect(JSON.stringify(tree.data)).not.toContain('西湖文化广场');
    const ev = await app.db
      .selectFrom('event_log')
      .select(['payload', 'actorName'])
      .where('kind', '=', 'user.projects_assigned')
      .executeTakeFirstOrThrow();
    expect(ev.actorName).toBe('platform');
  });

  it('refuses to assign projects to a platform user or to an unknown project', async () => {
    expect((await send('PUT', `/platform/user/${await userId('platform')}/projects`, platform, { projectIds: [] })).msg).toBe(
      '请求参数错误：只有服务用户可以分配服务项目',
    );
    expect((await send('PUT', `/platform/user/${await userId('service')}/projects`, platform, { projectIds: [99999] })).code).toBe(4005);
    expect((await send('PUT', `/platform/user/${await userId('service')}/projects`, platform, { projectIds: 'x' })).code).toBe(4000);
  });
});
