import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from '../../domain/digest';
import { DEMO_PASSWORD, auth, env, expectEnvelopeError, login, loginRaw, startApp, userIdOf, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.close();
});

const UNAUTHORIZED = 'token过期，请重新登录';
const TOKEN_INVALID = 'token过了有效期或账号被其他用户登录, 请重新登录！';
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const row = (token: string) =>
  t.app.db.selectFrom('auth_token').selectAll().where('tokenHash', '=', hashOf(token)).executeTakeFirstOrThrow();
const me = (token: string) => t.app.inject({ method: 'GET', url: '/auth/v1/user', headers: auth(token) });
const checktoken = (token: string) => t.app.inject({ method: 'POST', url: '/auth/v1/checktoken', payload: { token } });

function expectUnauthorized(res: Awaited<ReturnType<typeof me>>) {
  expect(res.statusCode).toBe(401);
  expect(expectEnvelopeError(res)).toMatchObject({ code: 401, msg: UNAUTHORIZED, data: null });
}

describe('bearer tokens', () => {
  it('every call but login and checktoken needs one', async () => {
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/auth/v1/user' }));
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/auth/v1/permissions' }));
    expectUnauthorized(await t.app.inject({ method: 'POST', url: '/auth/v1/logout' }));
    expectUnauthorized(await t.app.inject({ method: 'POST', url: '/model/v1/query', payload: { rootLabel: 'project' } }));
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/auth/v1/user', headers: { authorization: 'Bearer nonsense' } }));
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/auth/v1/user', headers: { authorization: 'Basic cm9vdDpyb290' } }));
  });

  it('a fresh token lives 12 hours by default', async () => {
    const { token } = await login(t.app, 'zhangsan');
    const r = await row(token);
    expect(r.expiresAt - r.createdAt).toBe(12 * 3600_000);
    expect(r.revokedAt).toBeNull();
  });
});

describe('expiry', () => {
  it('an expired token gets 401 and checktoken refuses it', async () => {
    const { token } = await login(t.app, 'zhangsan');
    expect(env(await me(token)).code).toBe(0);
    await t.app.db
      .updateTable('auth_token')
      .set({ expiresAt: Date.now() - 1 })
      .where('tokenHash', '=', hashOf(token))
      .execute();
    expectUnauthorized(await me(token));
    expect(expectEnvelopeError(await checktoken(token))).toMatchObject({ msg: TOKEN_INVALID });
  });

  it('the expiry slides: using a token pushes its expiry out again', async () => {
    const { token } = await login(t.app, 'zhangsan');
    const soon = Date.now() + 10 * 60_000;
    await t.app.db.updateTable('auth_token').set({ expiresAt: soon }).where('tokenHash', '=', hashOf(token)).execute();
    const before = Date.now();
    expect(env(await me(token)).code).toBe(0);
    const r = await row(token);
    expect(r.expiresAt).toBeGreaterThanOrEqual(before + 12 * 3600_000);
    expect(r.expiresAt).toBeLessThanOrEqual(Date.now() + 12 * 3600_000);
  });
});

describe('revocation', () => {
  it('logout revokes that token only', async () => {
    const a = await login(t.app, 'lisi');
    const b = await login(t.app, 'lisi', undefined, 'api');
    const out = await t.app.inject({ method: 'POST', url: '/auth/v1/logout', headers: auth(a.token) });
    expect(env(out).code).toBe(0);
    expectUnauthorized(await me(a.token));
    expect(expectEnvelopeError(await checktoken(a.token)).msg).toBe(TOKEN_INVALID);
    expect((await row(a.token)).revokedAt).not.toBeNull();
    // a second logout with the same token is unauthorised
    expectUnauthorized(await t.app.inject({ method: 'POST', url: '/auth/v1/logout', headers: auth(a.token) }));
    // the other session of the same user goes on
    expect(env(await me(b.token))).toMatchObject({ code: 0, data: { name: 'lisi' } });
  });

  it('a password change revokes every token of that user, and the old password stops working', async () => {
    const a = await login(t.app, 'wangwu');
    const b = await login(t.app, 'wangwu', undefined, 'kiosk');
    const other = await login(t.app, 'guest');
    const id = await userIdOf(t.app, 'wangwu');
    const NEW = 'New#Pass2025';
    const update = (token: string, oldPlain: string) =>
      Promise.all([passwordDigest(oldPlain), passwordDigest(NEW)]).then(([oldPassword, newPassword]) =>
        t.app.inject({
          method: 'PUT',
          url: '/auth/v1/user/password/update',
          headers: auth(token),
          payload: { id, name: 'wangwu', oldPassword, newPassword },
        }),
      );

    // a wrong old password changes nothing and revokes nothing
    const hashBefore = (await t.app.db.selectFrom('app_user').select('passwordHash').where('id', '=', id).executeTakeFirstOrThrow())
      .passwordHash;
    expect(expectEnvelopeError(await update(a.token, 'Wrong#Pass2024'))).toMatchObject({ code: 4013, msg: '原密码错误' });
    expect(env(await me(a.token)).code).toBe(0);

    const ok = env(await update(a.token, DEMO_PASSWORD));
    expect(ok).toMatchObject({ code: 0, msg: '密码修改成功' });
    expectUnauthorized(await me(a.token));
    expectUnauthorized(await me(b.token));
    expect(env(await me(other.token)).code).toBe(0);

    const hashAfter = (await t.app.db.selectFrom('app_user').select('passwordHash').where('id', '=', id).executeTakeFirstOrThrow())
      .passwordHash;
    expect(hashAfter).not.toBe(hashBefore);
    expect(hashAfter).toMatch(/^scram\$/);
    expect(env(await loginRaw(t.app, 'wangwu', DEMO_PASSWORD)).code).toBe(4010);
    expect(env(await loginRaw(t.app, 'wangwu', NEW)).code).toBe(0);
  });

  it("a user cannot change another user's password", async () => {
    const { token } = await login(t.app, 'lisi');
    const target = await userIdOf(t.app, 'zhangsan');
    const before = (await t.app.db.selectFrom('app_user').select('passwordHash').where('id', '=', target).executeTakeFirstOrThrow())
      .passwordHash;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user/password/update',
      headers: auth(token),
      payload: {
        id: target,
        name: 'zhangsan',
        oldPassword: await passwordDigest(DEMO_PASSWORD),
        newPassword: await passwordDigest('Hacked#2025'),
      },
    });
    expect(expectEnvelopeError(res).msg).toBe('无操作权限!');
    const after = (await t.app.db.selectFrom('app_user').select('passwordHash').where('id', '=', target).executeTakeFirstOrThrow())
      .passwordHash;
    expect(after).toBe(before);
  });

  it("root's reset (updateByRoot) revokes the target's tokens; nobody else may use it", async () => {
    const root = await login(t.app, 'root');
    const guest = await login(t.app, 'guest');
    const zhangsan = await login(t.app, 'zhangsan');
    const guestId = await userIdOf(t.app, 'guest');
    const newPassword = await passwordDigest('Reset#Pass2025');

    const denied = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user/password/updateByRoot',
      headers: auth(zhangsan.token),
      payload: { rootId: 1, rootName: 'root', userId: guestId, newPassword },
    });
    expect(expectEnvelopeError(denied).code).toBe(4032);
    expect(env(await me(guest.token)).code).toBe(0);

    const res = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user/password/updateByRoot',
      headers: auth(root.token),
      payload: { rootId: 1, rootName: 'root', userId: guestId, newPassword },
    });
    expect(env(res)).toMatchObject({ code: 0, msg: '密码修改成功' });
    expectUnauthorized(await me(guest.token));
    expect(env(await me(root.token)).code).toBe(0);
    expect(env(await loginRaw(t.app, 'guest', 'Reset#Pass2025')).code).toBe(0);
  });
});
