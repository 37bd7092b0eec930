import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionId } from '../../domain/permissions';
import { auth, login, startApp, userIdOf, type TestApp } from './helpers';

const pid = (name: string) => permissionId(name)!;

/**
 * Sessions are cached per user between requests (server/auth/sessionCache.ts); whatever changes a
 * session must reach the very next request of an already signed-in user, without a new login.
 */
describe('cached sessions follow every change at once', () => {
  let t: TestApp;
  let rootToken: string;
  let lisiToken: string;
  let roleId: number;
  let pages: number[];

  beforeAll(async () => {
    t = await startApp();
    rootToken = (await login(t.app, 'root')).token;
    lisiToken = (await login(t.app, 'lisi')).token;
    const lisi = await userIdOf(t.app, 'lisi');
    const role = await t.app.db
      .selectFrom('user_role')
      .innerJoin('role', 'role.id', 'user_role.roleId')
      .select(['role.id', 'role.pageNodes', 'role.auths', 'role.name'])
      .where('user_role.userId', '=', lisi)
      .executeTakeFirstOrThrow();
    roleId = role.id;
    pages = JSON.parse(role.pageNodes) as number[];
  });
  afterAll(() => t.close());

  const roles = () => t.app.inject({ url: '/auth/v1/roles', headers: auth(lisiToken) });
  const saveRole = (pageNodes: number[], auths: number[]) =>
    t.app.inject({
      method: 'PUT',
      url: '/auth/v1/role',
      headers: auth(rootToken),
      payload: { id: roleId, name: '值班员', pageNodes: pageNodes.map((id) => ({ id })), auths },
    });

  it('a role given a page and a permission opens them on the next request, and taking them away closes them', async () => {
    // Twice: the second answer comes from the cached session.
    expect((await roles()).statusCode).toBe(403);
    expect((await roles()).statusCode).toBe(403);
    expect((await saveRole([...pages, pid('wp_role_manage')], [pid('role_browser')])).json().code).toBe(0);
    expect((await roles()).statusCode).toBe(200);
    expect((await roles()).statusCode).toBe(200);
    expect((await saveRole(pages, [])).json().code).toBe(0);
    expect((await roles()).statusCode).toBe(403);
  });

  it("the user's own record follows a change of one of its groups at once", async () => {
    const me = async () => (await t.app.inject({ url: '/auth/v1/user', headers: auth(lisiToken) })).json().data;
    const lisi = await userIdOf(t.app, 'lisi');
    const group = (await me()).relativeUserGroup[0] as { id: number; name: string };
    expect((await me()).relativeUserGroup[0].name).toBe(group.name);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/usergroup',
      headers: auth(rootToken),
      payload: { id: group.id, name: '夜班组', users: [{ id: lisi }] },
    });
    expect(saved.json().code).toBe(0);
    expect((await me()).relativeUserGroup).toEqual([{ id: group.id, name: '夜班组' }]);
  });

  it('a revoked user is refused on the next request, the session cached or not', async () => {
    const me = () => t.app.inject({ url: '/auth/v1/user', headers: auth(lisiToken) });
    expect((await me()).statusCode).toBe(200);
    await t.app.tokens.revokeAllOf(await userIdOf(t.app, 'lisi'), 'user_disabled');
    expect((await me()).statusCode).toBe(401);
  });
});
