import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordDigest } from '../../domain/digest';
import { permissionId } from '../../domain/permissions';
import { auth, authSnapshot, env, expectEnvelopeError, login, startApp, tenantIdOf, userIdOf, type TestApp } from './helpers';

/**
 * A project user (zhangsan, tenant A administrator with every operation permission) sends tenant B's
 * ids to every users/roles/usergroups route: reads are filtered or refused, writes refused, nothing changes.
 */
let t: TestApp;
let token: string;
let tenantA: number;
let tenantB: number;
let wangwu: number;
let guest: number;
let lisi: number;
let roleB: number; // unused role of tenant B
let roleBInUse: number; // wangwu's role
let roleA: number;
let groupB: number; // empty group of tenant B
let groupAEmpty: number; // empty group of tenant A
let projectsA: number[];
let projectsB: number[];

const TENANT_DENIED = { code: 4031, msg: '无权访问其他租户的数据' };

beforeAll(async () => {
  t = await startApp();
  const root = await login(t.app, 'root');
  token = (await login(t.app, 'zhangsan')).token;
  tenantA = await tenantIdOf(t.app, 'zhangsan');
  tenantB = await tenantIdOf(t.app, 'wangwu');
  [wangwu, guest, lisi] = await Promise.all([userIdOf(t.app, 'wangwu'), userIdOf(t.app, 'guest'), userIdOf(t.app, 'lisi')]);
  roleBInUse = (await t.app.db.selectFrom('user_role').select('roleId').where('userId', '=', wangwu).executeTakeFirstOrThrow()).roleId;
  roleA = (await t.app.db.selectFrom('user_role').select('roleId').where('userId', '=', lisi).executeTakeFirstOrThrow()).roleId;
  const mkRole = await t.app.inject({
    method: 'POST',
    url: '/auth/v1/role',
    headers: auth(root.token),
    payload: { name: 'B 只读', tenantId: tenantB, pageNodes: [{ id: permissionId('wp_device')! }], auths: [] },
  });
  roleB = env<number>(mkRole).data;
  const mkGroup = await t.app.inject({
    method: 'POST',
    url: '/auth/v1/usergroup',
    headers: auth(root.token),
    payload: { name: 'B 空组', tenantId: tenantB, users: [] },
  });
  groupB = env<number>(mkGroup).data;
  groupAEmpty = env<number>(
    await t.app.inject({
      method: 'POST',
      url: '/auth/v1/usergroup',
      headers: auth(root.token),
      payload: { name: 'A 空组', tenantId: tenantA, users: [] },
    }),
  ).data;
  expect([roleB, groupB, groupAEmpty].every((n) => Number.isInteger(n))).toBe(true);
  const projects = await t.app.db.selectFrom('project').select(['id', 'tenantid']).orderBy('id').execute();
  projectsA = projects.filter((p) => p.tenantid === tenantA).map((p) => p.id);
  projectsB = projects.filter((p) => p.tenantid === tenantB).map((p) => p.id);
  expect(projectsA.length).toBeGreaterThan(0);
  expect(projectsB.length).toBeGreaterThan(0);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

describe('reads of another tenant', () => {
  it('user queries return only tenant A users, whatever name or role is asked for', async () => {
    const byName = env<{ id: number; tenantId: number }[]>(await call('GET', '/auth/v1/user/queryByName?name='));
    expect(byName.code).toBe(0);
    expect(byName.data.length).toBeGreaterThan(0);
    expect(byName.data.every((u) => u.tenantId === tenantA)).toBe(true);
    expect(env<unknown[]>(await call('GET', '/auth/v1/user/queryByName?name=wangwu')).data).toEqual([]);
    expect(env<unknown[]>(await call('GET', `/auth/v1/user/queryByRole?roleId=${roleBInUse}`)).data).toEqual([]);
  });

  it('roles, user groups and tenants lists hold only tenant A', async () => {
    const roles = env<{ id: number; tenantId: number }[]>(await call('GET', '/auth/v1/roles')).data;
    expect(roles.map((r) => r.id)).toContain(roleA);
    expect(roles.every((r) => r.tenantId === tenantA)).toBe(true);
    const groups = env<{ id: number; tenantId: number }[]>(await call('GET', '/auth/v1/usergroups')).data;
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.every((g) => g.tenantId === tenantA)).toBe(true);
    expect(env<{ id: number }[]>(await call('GET', '/auth/v1/tenant')).data.map((x) => x.id)).toEqual([tenantA]);
  });

  it("a tenant B role's permissions are refused", async () => {
    expect(expectEnvelopeError(await call('GET', `/auth/v1/role/${roleB}/permissions`))).toMatchObject(TENANT_DENIED);
    expect(env(await call('GET', `/auth/v1/role/${roleA}/permissions`)).code).toBe(0);
  });
});

describe('writes with tenant B ids are refused and change nothing', () => {
  const cases: [string, () => Promise<[string, string, object]>][] = [
    ['update a tenant B user', async () => ['PUT', '/auth/v1/user', { id: wangwu, name: 'hacked', mobilePhone: '13800000000' }]],
    ['pull a tenant B user into tenant A', async () => ['PUT', '/auth/v1/user', { id: wangwu, tenantId: tenantA }]],
    ['move an own user into tenant B', async () => ['PUT', '/auth/v1/user', { id: lisi, tenantId: tenantB }]],
    ['give an own user a tenant B role', async () => ['PUT', '/auth/v1/user', { id: lisi, roleId: roleB }]],
    [
      'create a user in tenant B',
      async () => ['POST', '/auth/v1/user', { name: 'intruder', tenantId: tenantB, password: await passwordDigest('Intr#2025x') }],
    ],
    [
      'create an own user with a tenant B role',
      async () => ['POST', '/auth/v1/user', { name: 'intruder2', password: await passwordDigest('Intr#2025x'), roleId: roleB }],
    ],
    ['delete a tenant B user by query', async () => ['DELETE', `/auth/v1/user?id=${guest}`, {}]],
    ['delete a tenant B user by body ids', async () => ['DELETE', '/auth/v1/user', { ids: [guest] }]],
    ['create a role in tenant B', async () => ['POST', '/auth/v1/role', { name: 'B 角色', tenantId: tenantB, pageNodes: [], auths: [] }]],
    ['update a tenant B role', async () => ['PUT', '/auth/v1/role', { id: roleB, name: 'hacked', pageNodes: [], auths: [] }]],
    [
      'move an own role into tenant B',
      async () => ['PUT', '/auth/v1/role', { id: roleA, name: '值班员', tenantId: tenantB, pageNodes: [], auths: [] }],
    ],
    ['delete a tenant B role', async () => ['DELETE', `/auth/v1/role?id=${roleB}`, {}]],
    ['create a user group in tenant B', async () => ['POST', '/auth/v1/usergroup', { name: 'B 组', tenantId: tenantB, users: [] }]],
    ['create an own group with tenant B members', async () => ['POST', '/auth/v1/usergroup', { name: 'A 组', users: [{ id: wangwu }] }]],
    ['update a tenant B group', async () => ['PUT', '/auth/v1/usergroup', { id: groupB, name: 'hacked', users: [] }]],
    ['delete a tenant B group', async () => ['DELETE', '/auth/v1/usergroup', { id: groupB }]],
    ['delete an own and a tenant B group together', async () => ['DELETE', '/auth/v1/usergroup', { ids: [groupAEmpty, groupB] }]],
    [
      "reset a tenant B user's password",
      async () => [
        'PUT',
        '/auth/v1/user/password/updateByRoot',
        { rootId: 1, rootName: 'zhangsan', userId: wangwu, newPassword: await passwordDigest('Hack#2025xx') },
      ],
    ],
    [
      "change a tenant B user's password",
      async () => [
        'PUT',
        '/auth/v1/user/password/update',
        { id: wangwu, name: 'wangwu', oldPassword: await passwordDigest('x'), newPassword: await passwordDigest('Hack#2025xx') },
      ],
    ],
  ];

  it.each(cases)('%s', async (_name, build) => {
    const [method, url, payload] = await build();
    const before = await authSnapshot(t.app);
    const res = await call(method as 'PUT', url, Object.keys(payload).length ? payload : undefined);
    const body = expectEnvelopeError(res);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(body.code).not.toBe(0);
    expect(await authSnapshot(t.app)).toEqual(before);
  });

  it('the same writes inside tenant A do work (the refusals above are about the tenant)', async () => {
    const created = env<number>(await call('POST', '/auth/v1/usergroup', { name: 'A 新组', users: [{ id: lisi }] }));
    expect(created.code).toBe(0);
    const row = await t.app.db.selectFrom('usergroup').selectAll().where('id', '=', created.data).executeTakeFirstOrThrow();
    expect(row.tenantId).toBe(tenantA);
    expect(env(await call('PUT', '/auth/v1/user', { id: lisi, mobilePhone: '13900000000' })).code).toBe(0);
  });

  it('a project user cannot turn a user into a platform or service user', async () => {
    for (const usertype of [1, 2]) {
      expect(env(await call('PUT', '/auth/v1/user', { id: lisi, customConfig: JSON.stringify({ usertype }) })).code).toBe(0);
      const row = await t.app.db.selectFrom('app_user').select('customConfig').where('id', '=', lisi).executeTakeFirstOrThrow();
      expect(JSON.parse(row.customConfig!)).toEqual({ usertype: 3 });
    }
  });

  it('a tenant B user and role survive with their data intact', async () => {
    const w = await t.app.db.selectFrom('app_user').selectAll().where('id', '=', wangwu).executeTakeFirstOrThrow();
    expect(w).toMatchObject({ name: 'wangwu', tenantId: tenantB, mobilePhone: null });
    expect(await t.app.db.selectFrom('app_user').select('id').where('id', '=', guest).executeTakeFirst()).toBeDefined();
    expect(await t.app.db.selectFrom('role').select('name').where('id', '=', roleB).executeTakeFirstOrThrow()).toEqual({ name: 'B 只读' });
    expect(await t.app.db.selectFrom('usergroup').select('name').where('id', '=', groupB).executeTakeFirstOrThrow()).toEqual({
      name: 'B 空组',
    });
    expect(await t.app.db.selectFrom('usergroup').select('name').where('id', '=', groupAEmpty).executeTakeFirstOrThrow()).toEqual({
      name: 'A 空组',
    });
  });
});

describe('model query', () => {
  type Row = { id: number; tenantid: number; modelLabel: string };
  const query = (body: object) => call('POST', '/model/v1/query', body);

  it("a project user's project query returns only its tenant's projects", async () => {
    const all = env<Row[]>(await query({ rootLabel: 'project' }));
    expect(all.code).toBe(0);
    expect(all.data.map((p) => p.id)).toEqual(projectsA);
    expect(all.total).toBe(projectsA.length);
    expect(all.data.every((p) => p.modelLabel === 'project')).toBe(true);
  });

  it.each([
    ['ids of tenant B', () => ({ rootLabel: 'project', ids: projectsB }), () => []],
    ['ids of both tenants', () => ({ rootLabel: 'project', ids: [...projectsB, projectsA[0]!] }), () => [projectsA[0]]],
    ['rootID of tenant B', () => ({ rootLabel: 'project', rootID: projectsB[0] }), () => []],
    [
      'a tenantid filter naming tenant B',
      () => ({ rootLabel: 'project', rootCondition: { filter: { expressions: [{ prop: 'tenantid', operator: 'EQ', limit: tenantB }] } } }),
      () => [],
    ],
    [
      'terminals under a tenant B project',
      () => ({ rootLabel: 'terminal', treeNode: { id: projectsB[0], modelLabel: 'project' } }),
      () => [],
    ],
  ])('%s → only tenant A rows', async (_name, body, expected) => {
    const res = env<Row[]>(await query(body()));
    expect(res.code).toBe(0);
    expect(res.data.map((r) => r.id)).toEqual(expected());
    expect(res.total).toBe(expected().length);
  });

  it('terminals are scoped too', async () => {
    const res = env<Row[]>(await query({ rootLabel: 'terminal' }));
    expect(res.data.length).toBeGreaterThan(0);
    expect(res.data.every((r) => r.tenantid === tenantA)).toBe(true);
  });

  it('a platform user sees both tenants (the scope is per user)', async () => {
    const root = await login(t.app, 'platform');
    const res = env<Row[]>(
      await t.app.inject({ method: 'POST', url: '/model/v1/query', headers: auth(root.token), payload: { rootLabel: 'project' } }),
    );
    expect(res.data.map((p) => p.id).sort((a, b) => a - b)).toEqual([...projectsA, ...projectsB].sort((a, b) => a - b));
  });

  describe('ids must be integers 0 or more, else the query does not run', () => {
    it.each([
      ['negative rootID', { rootID: -1 }, 'rootID'],
      ['fractional rootID', { rootID: 1.5 }, 'rootID'],
      ['string rootID', { rootID: '1' }, 'rootID'],
      ['a negative id among ids', { ids: [1, -2] }, 'ids.1'],
      ['a negative tree node id', { treeNode: { id: -3, modelLabel: 'district' } }, 'treeNode.id'],
      ['a fractional tree node id', { treeNode: { id: 0.5, modelLabel: 'district' } }, 'treeNode.id'],
    ])('%s', async (_name, extra, field) => {
      const spy = vi.spyOn(t.app.db, 'selectFrom');
      try {
        const res = await query({ rootLabel: 'project', ...extra });
        const body = expectEnvelopeError(res);
        expect(res.statusCode).toBe(400);
        expect(body.msg).toContain(field);
        expect(body.msg).toContain('id 须为大于等于 0 的整数');
        const tables = spy.mock.calls.map((c) => c[0]);
        expect(tables).not.toContain('project');
      } finally {
        spy.mockRestore();
      }
    });

    it('(the spy sees a query that does run)', async () => {
      const spy = vi.spyOn(t.app.db, 'selectFrom');
      try {
        expect(env(await query({ rootLabel: 'project', rootID: 0 })).code).toBe(0);
        expect(spy.mock.calls.map((c) => c[0])).toContain('project');
      } finally {
        spy.mockRestore();
      }
    });
  });
});
