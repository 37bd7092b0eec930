import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from '../../../domain/digest';
import { permissionId } from '../../../domain/permissions';
import { auth, authSnapshot, env, expectEnvelopeError, login, loginRaw, startApp, type TestApp } from '../helpers';

/** The user, role and group rules the information screens rely on (issue 7). */
let t: TestApp;
let zhangsan: string;
let wangwu: string;
let root: string;

beforeAll(async () => {
  t = await startApp();
  [zhangsan, wangwu, root] = (await Promise.all(
    ['zhangsan', 'wangwu', 'root'].map(async (u) => (await login(t.app, u)).token),
  )) as string[] as [string, string, string];
});
afterAll(() => t.close());

describe('roles, users and groups', () => {
  it('a user cannot create a role with a permission it lacks, and nothing changes', async () => {
    const before = await authSnapshot(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/role',
      headers: auth(zhangsan),
      payload: {
        name: '越权角色',
        pageNodes: [{ id: permissionId('wp_user_manage')! }, { id: permissionId('wp_platform_monitor')! }],
        auths: [],
      },
    });
    expect(expectEnvelopeError(res).msg).toBe('无操作权限!');
    expect(expectEnvelopeError(res).data).toEqual({ lacking: ['wp_platform_monitor'] });
    expect(await authSnapshot(t.app)).toEqual(before);
  });

  it("a created user with a role logs in with the digest and holds only that role's pages", async () => {
    const role = env<number>(
      await t.app.inject({
        method: 'POST',
        url: '/auth/v1/role',
        headers: auth(zhangsan),
        payload: {
          name: '日志查看员',
          customConfig: JSON.stringify({ homepage: '/log' }),
          pageNodes: [{ id: permissionId('wp_operate_log')! }],
          auths: [],
        },
      }),
    ).data;
    const created = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/user',
      headers: auth(zhangsan),
      payload: {
        name: 'viewer_log',
        nicName: 'viewer_log',
        password: await passwordDigest('Viewer#2026'),
        customConfig: JSON.stringify({ usertype: 3 }),
        roles: [{ id: role }],
      },
    });
    expect(env(created).code).toBe(0);
    const res = await loginRaw(t.app, 'viewer_log', 'Viewer#2026');
    const user = env<{ user: { roles: { pageNodes: { id: number }[] }[]; customConfig: string } }>(res).data.user;
    expect(user.roles[0]!.pageNodes).toEqual([{ id: permissionId('wp_operate_log') }]);
    expect(JSON.parse(user.customConfig)).toEqual({ usertype: 3 });
  });

  it('root resets a password with updateByRoot; others may not', async () => {
    const id = (await t.app.db.selectFrom('app_user').select('id').where('name', '=', 'lisi').executeTakeFirstOrThrow()).id;
    const body = { rootId: 1, rootName: 'root', userId: id, newPassword: await passwordDigest('Reset#2026x') };
    const denied = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user/password/updateByRoot',
      headers: auth(zhangsan),
      payload: body,
    });
    expect(expectEnvelopeError(denied).code).toBe(4032);
    const okRes = await t.app.inject({ method: 'PUT', url: '/auth/v1/user/password/updateByRoot', headers: auth(root), payload: body });
    expect(env(okRes).code).toBe(0);
    expect(env(await loginRaw(t.app, 'lisi', 'Reset#2026x')).code).toBe(0);
  });

  it('deleting a group in use is refused with the spec message; an empty group deletes', async () => {
    const group = await t.app.db.selectFrom('usergroup').select('id').where('name', '=', '杭州值班组').executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'DELETE', url: `/auth/v1/usergroup?id=${group.id}`, headers: auth(zhangsan) });
    expect(expectEnvelopeError(res).msg).toBe('删除失败，当前用户组被其他账号使用！');
    const empty = env<number>(
      await t.app.inject({ method: 'POST', url: '/auth/v1/usergroup', headers: auth(zhangsan), payload: { name: '空组', users: [] } }),
    ).data;
    expect(env(await t.app.inject({ method: 'DELETE', url: `/auth/v1/usergroup?id=${empty}`, headers: auth(zhangsan) })).msg).toBe(
      '删除成功!',
    );
  });

  it("a project user cannot change another tenant's users or groups", async () => {
    const group = await t.app.db.selectFrom('usergroup').select(['id', 'name']).where('name', '=', '杭州值班组').executeTakeFirstOrThrow();
    const put = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/usergroup',
      headers: auth(wangwu),
      payload: { id: group.id, name: 'x', users: [] },
    });
    expect(expectEnvelopeError(put).code).toBe(4031);
    const users = env<{ name: string }[]>(
      await t.app.inject({ method: 'GET', url: '/auth/v1/user/queryByName?name=', headers: auth(wangwu) }),
    ).data;
    expect(users.map((u) => u.name).sort()).toEqual(['guest', 'wangwu']);
  });
});
