import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from '../../domain/digest';
import { PAGE_PERMISSIONS, permissionId } from '../../domain/permissions';
import {
  DEMO_PASSWORD,
  auth,
  authSnapshot,
  env,
  expectEnvelopeError,
  login,
  startApp,
  tenantIdOf,
  userIdOf,
  type TestApp,
} from './helpers';

const DENIED = '无操作权限!';
const GROUP_IN_USE = '删除失败，当前用户组被其他账号使用！';
const pid = (name: string) => permissionId(name)!;

let t: TestApp;
let rootToken: string;
let lisiToken: string; // 值班员: event/history/device permissions only
let zhangsanToken: string; // tenant A admin: every operation, main pages only
let limitedToken: string; // role_create + role_browser only
let tenantA: number;
let zhangsan: number;
let lisi: number;
let roleA: number;
let groupInUse: number;

beforeAll(async () => {
  t = await startApp();
  rootToken = (await login(t.app, 'root')).token;
  lisiToken = (await login(t.app, 'lisi')).token;
  zhangsanToken = (await login(t.app, 'zhangsan')).token;
  tenantA = await tenantIdOf(t.app, 'lisi');
  [zhangsan, lisi] = await Promise.all([userIdOf(t.app, 'zhangsan'), userIdOf(t.app, 'lisi')]);
  roleA = (await t.app.db.selectFrom('user_role').select('roleId').where('userId', '=', lisi).executeTakeFirstOrThrow()).roleId;
  groupInUse = (await t.app.db.selectFrom('usergroup_user').select('groupId').where('userId', '=', lisi).executeTakeFirstOrThrow()).groupId;

  // a role that may create roles but holds little else, and a user with it
  const role = env<number>(
    await t.app.inject({
      method: 'POST',
      url: '/auth/v1/role',
      headers: auth(rootToken),
      payload: {
        name: '角色管理员',
        tenantId: tenantA,
        pageNodes: [{ id: pid('wp_role_manage') }],
        auths: [pid('role_create'), pid('role_browser')],
      },
    }),
  );
  expect(role.code).toBe(0);
  const user = env<number>(
    await t.app.inject({
      method: 'POST',
      url: '/auth/v1/user',
      headers: auth(rootToken),
      payload: { name: 'limited', tenantId: tenantA, password: await passwordDigest(DEMO_PASSWORD), roleId: role.data },
    }),
  );
  expect(user.code).toBe(0);
  limitedToken = (await login(t.app, 'limited')).token;
});
afterAll(async () => {
  await t?.close();
});

const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

describe('a user without the operation permission gets 无操作权限! and nothing changes', () => {
  const writes: [string, 'POST' | 'PUT' | 'DELETE', string, () => Promise<object | undefined>][] = [
    [
      'create a user (user_create)',
      'POST',
      '/auth/v1/user',
      async () => ({ name: 'newbie', password: await passwordDigest('Newb#2025xx') }),
    ],
    ['update a user (user_update)', 'PUT', '/auth/v1/user', async () => ({ id: zhangsan, name: 'renamed' })],
    ['delete a user (user_delete)', 'DELETE', '/auth/v1/user', async () => ({ id: zhangsan })],
    ['create a role (role_create)', 'POST', '/auth/v1/role', async () => ({ name: '新角色', pageNodes: [], auths: [] })],
    ['update a role (role_update)', 'PUT', '/auth/v1/role', async () => ({ id: roleA, name: '改名', pageNodes: [], auths: [] })],
    ['delete a role (role_delete)', 'DELETE', `/auth/v1/role`, async () => ({ id: roleA })],
    ['create a group (group_create)', 'POST', '/auth/v1/usergroup', async () => ({ name: '新组', users: [] })],
    ['update a group (group_update)', 'PUT', '/auth/v1/usergroup', async () => ({ id: groupInUse, name: '改名', users: [] })],
    ['delete a group (group_delete)', 'DELETE', '/auth/v1/usergroup', async () => ({ id: groupInUse })],
  ];

  it.each(writes)('lisi may not %s', async (_name, method, url, payload) => {
    const before = await authSnapshot(t.app);
    const res = await as(lisiToken, method, url, await payload());
    expect(res.statusCode).toBe(403);
    expect(expectEnvelopeError(res)).toEqual({ code: 403, msg: DENIED, data: null });
    expect(await authSnapshot(t.app)).toEqual(before);
  });

  it.each([['/auth/v1/roles'], ['/auth/v1/usergroups'], ['/auth/v1/user/queryByName?name=li']])(
    'lisi may not read %s either',
    async (url) => {
      expect(expectEnvelopeError(await as(lisiToken, 'GET', url))).toMatchObject({ msg: DENIED });
    },
  );

  it('the permission is checked before the body: an invalid body still answers 无操作权限!', async () => {
    expect(expectEnvelopeError(await as(lisiToken, 'POST', '/auth/v1/user', { nonsense: true })).msg).toBe(DENIED);
  });

  it('a user with the permission does the same write (so the refusal is about the permission)', async () => {
    const res = env<number>(
      await as(zhangsanToken, 'POST', '/auth/v1/role', {
        name: '新角色',
        pageNodes: [{ id: pid('wp_device') }],
        auths: [pid('device_browser')],
      }),
    );
    expect(res.code).toBe(0);
    const role = await t.app.db.selectFrom('role').selectAll().where('id', '=', res.data).executeTakeFirstOrThrow();
    expect(role).toMatchObject({
      name: '新角色',
      tenantId: tenantA,
      pageNodes: JSON.stringify([pid('wp_device')]),
      auths: JSON.stringify([pid('device_browser')]),
    });
  });
});

describe('nobody grants a permission they lack', () => {
  it.each<[string, () => string, object]>([
    ['an operation permission (user_delete)', () => limitedToken, { name: '越权角色', pageNodes: [], auths: [pid('user_delete')] }],
    ['a page permission (wp_user_manage)', () => limitedToken, { name: '越权角色', pageNodes: [{ id: pid('wp_user_manage') }], auths: [] }],
    [
      'one lacking permission among held ones',
      () => limitedToken,
      { name: '越权角色', pageNodes: [{ id: pid('wp_role_manage') }], auths: [pid('role_browser'), pid('role_delete')] },
    ],
    [
      'a platform page the tenant admin lacks',
      () => zhangsanToken,
      { name: '越权角色', pageNodes: [{ id: pid('wp_platform_monitor') }], auths: [] },
    ],
  ])('creating a role with %s is refused', async (_name, token, payload) => {
    const before = await authSnapshot(t.app);
    const body = expectEnvelopeError(await as(token(), 'POST', '/auth/v1/role', payload));
    expect(body.msg.startsWith(DENIED)).toBe(true);
    expect(await authSnapshot(t.app)).toEqual(before);
  });

  it('the refusal is exactly 无操作权限! (spec §6), and its data names what is lacking', async () => {
    const body = expectEnvelopeError(await as(limitedToken, 'POST', '/auth/v1/role', { name: 'x', auths: [pid('user_delete')] }));
    expect(body).toEqual({ code: 403, msg: '无操作权限!', data: { lacking: ['user_delete'] } });
  });

  it('granting what one holds is fine', async () => {
    const res = env<number>(
      await as(limitedToken, 'POST', '/auth/v1/role', {
        name: '子角色',
        pageNodes: [{ id: pid('wp_role_manage') }],
        auths: [pid('role_browser')],
      }),
    );
    expect(res.code).toBe(0);
  });

  it('updating a role to add a lacking permission is refused as well', async () => {
    const own = env<number>(await as(zhangsanToken, 'POST', '/auth/v1/role', { name: '待改角色', pageNodes: [], auths: [] })).data;
    const before = await authSnapshot(t.app);
    const body = expectEnvelopeError(
      await as(zhangsanToken, 'PUT', '/auth/v1/role', {
        id: own,
        name: '待改角色',
        pageNodes: [{ id: pid('wp_platform_user') }],
        auths: [],
      }),
    );
    expect(body.msg.startsWith(DENIED)).toBe(true);
    expect(await authSnapshot(t.app)).toEqual(before);
  });

  it('root grants anything', async () => {
    const res = await as(rootToken, 'POST', '/auth/v1/role', {
      name: '全能',
      tenantId: tenantA,
      pageNodes: PAGE_PERMISSIONS.map((p) => ({ id: pid(p) })),
      auths: [pid('user_delete')],
    });
    expect(env(res).code).toBe(0);
  });
});

describe('deleting a user group that has members', () => {
  it('answers 删除失败，当前用户组被其他账号使用！ and keeps the group and its members', async () => {
    const before = await authSnapshot(t.app);
    const res = await as(zhangsanToken, 'DELETE', `/auth/v1/usergroup?id=${groupInUse}`);
    expect(expectEnvelopeError(res).msg).toBe(GROUP_IN_USE);
    expect(await authSnapshot(t.app)).toEqual(before);
    expect(await t.app.db.selectFrom('usergroup_user').selectAll().where('groupId', '=', groupInUse).execute()).toEqual([
      { groupId: groupInUse, userId: lisi },
    ]);
  });

  it('refuses a batch that contains a used group, deleting none of it', async () => {
    const empty = env<number>(await as(zhangsanToken, 'POST', '/auth/v1/usergroup', { name: '空组', users: [] })).data;
    const before = await authSnapshot(t.app);
    expect(expectEnvelopeError(await as(zhangsanToken, 'DELETE', '/auth/v1/usergroup', { ids: [empty, groupInUse] })).msg).toBe(
      GROUP_IN_USE,
    );
    expect(await authSnapshot(t.app)).toEqual(before);
  });

  it('an empty group is deleted', async () => {
    const empty = env<number>(await as(zhangsanToken, 'POST', '/auth/v1/usergroup', { name: '空组2', users: [] })).data;
    expect(env(await as(zhangsanToken, 'DELETE', `/auth/v1/usergroup?id=${empty}`))).toMatchObject({ code: 0, msg: '删除成功!' });
    expect(await t.app.db.selectFrom('usergroup').select('id').where('id', '=', empty).executeTakeFirst()).toBeUndefined();
  });
});
