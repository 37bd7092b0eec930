import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from '../../domain/digest';
import { verifyPassword } from '../../server/auth/passwords';
import { DEMO_PASSWORD, ROOT_PASSWORD, auth, env, expectEnvelopeError, login, loginRaw, startApp, userIdOf, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.close();
});

const tokenCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('auth_token')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('login', () => {
  it('root logs in with the digest of its password and gets a token and its user', async () => {
    const res = await loginRaw(t.app, 'root', ROOT_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = env<{ token: string; user: { id: number; name: string; userName: string; customConfig: string } }>(res);
    expect(body.code).toBe(0);
    expect(body.data.user).toMatchObject({ id: 1, name: 'root', userName: 'root' });
    expect(JSON.parse(body.data.user.customConfig)).toEqual({ usertype: 1 });
    // at least 128 random bits
    expect(Buffer.from(body.data.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const me = await t.app.inject({ method: 'GET', url: '/auth/v1/user', headers: auth(body.data.token) });
    expect(env<{ id: number }>(me)).toMatchObject({ code: 0, data: { id: 1, name: 'root' } });
  });

  it('a project user gets its tenant and role', async () => {
    const { user } = await login(t.app, 'lisi');
    expect(user).toMatchObject({
      name: 'lisi',
      roles: [expect.objectContaining({ name: '值班员', customConfig: '{"homepage":"/alarmEvent"}' })],
    });
  });

  it('two logins give two different tokens', async () => {
    const a = await login(t.app, 'zhangsan');
    const b = await login(t.app, 'zhangsan');
    expect(a.token).not.toBe(b.token);
  });

  it('a wrong password is refused without a token', async () => {
    const before = await tokenCount();
    const res = await loginRaw(t.app, 'zhangsan', 'Wrong#Pass2024');
    expect(expectEnvelopeError(res)).toMatchObject({ code: 4010, msg: '用户名或密码错误', data: null });
    expect(await tokenCount()).toBe(before);
  });

  it('an unknown user gets the same answer as a wrong password', async () => {
    const res = await loginRaw(t.app, 'nobody', DEMO_PASSWORD);
    expect(expectEnvelopeError(res)).toMatchObject({ code: 4010, msg: '用户名或密码错误' });
  });

  it('the plain password instead of its digest is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/login',
      payload: { userName: 'root', password: ROOT_PASSWORD, timestamps: Date.now(), client: 'web' },
    });
    const body = expectEnvelopeError(res);
    expect(body.msg).toContain('password');
  });

  it('a client other than web is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/login',
      payload: { userName: 'root', password: await passwordDigest(ROOT_PASSWORD), timestamps: Date.now(), client: 'app' },
    });
    expect(expectEnvelopeError(res).msg).toContain('client');
  });
});

describe('timestamp skew', () => {
  it.each([
    ['6 minutes behind', -6 * 60_000],
    ['6 minutes ahead', 6 * 60_000],
    ['a day behind', -86_400_000],
  ])('a timestamp %s is refused with a clear message, even with the right password', async (_name, skew) => {
    const before = await tokenCount();
    const res = await loginRaw(t.app, 'root', ROOT_PASSWORD, Date.now() + skew);
    const body = expectEnvelopeError(res);
    expect(body.code).toBe(4012);
    expect(body.msg).toContain('时间戳');
    expect(body.msg).toContain('5 分钟');
    expect(await tokenCount()).toBe(before);
  });

  it('a timestamp 4 minutes off is accepted', async () => {
    expect(env(await loginRaw(t.app, 'root', ROOT_PASSWORD, Date.now() - 4 * 60_000)).code).toBe(0);
    expect(env(await loginRaw(t.app, 'root', ROOT_PASSWORD, Date.now() + 4 * 60_000)).code).toBe(0);
  });
});

describe('lockout: five failures from one address within 15 minutes lock the name there for 15 minutes', () => {
  it('the fifth failure locks, and then even the right password is refused', async () => {
    for (let i = 1; i <= 4; i++) {
      expect(env(await loginRaw(t.app, 'wangwu', `Wrong#${i}xxxxx`)).code).toBe(4010);
    }
    const fifth = expectEnvelopeError(await loginRaw(t.app, 'wangwu', 'Wrong#5xxxxx'));
    expect(fifth.code).toBe(4011);
    expect(fifth.msg).toBe('登录失败次数过多，账号已锁定，请 15 分钟后再试');

    const before = await tokenCount();
    const right = expectEnvelopeError(await loginRaw(t.app, 'wangwu', DEMO_PASSWORD));
    expect(right.code).toBe(4011);
    expect(right.msg).toMatch(/账号已锁定，请 1[45] 分钟后再试/);
    expect(await tokenCount()).toBe(before);

    const lock = await t.app.db
      .selectFrom('login_source_lock')
      .selectAll()
      .where('userName', '=', 'wangwu')
      .where('source', '=', '127.0.0.1')
      .executeTakeFirstOrThrow();
    expect(lock.lockedUntil - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(lock.lockedUntil - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    // the lock is per user name (and source address): another user of the same tenant still logs in
    expect(env(await loginRaw(t.app, 'guest', DEMO_PASSWORD)).code).toBe(0);
  });

  it('once the 15 minutes are over the right password works again', async () => {
    await t.app.db
      .updateTable('login_source_lock')
      .set({ lockedUntil: Date.now() - 1 })
      .where('userName', '=', 'wangwu')
      .execute();
    expect(env(await loginRaw(t.app, 'wangwu', DEMO_PASSWORD)).code).toBe(0);
    // a success clears the failures: one more failure does not lock
    expect(env(await loginRaw(t.app, 'wangwu', 'Wrong#again1')).code).toBe(4010);
    expect(env(await loginRaw(t.app, 'wangwu', DEMO_PASSWORD)).code).toBe(0);
  });

  it('failures older than 15 minutes do not count', async () => {
    const old = Date.now() - 16 * 60_000;
    for (let i = 0; i < 4; i++)
      await t.app.db
        .insertInto('login_failure')
        .values({ userName: 'guest', source: '127.0.0.1', at: old + i })
        .execute();
    expect(env(await loginRaw(t.app, 'guest', 'Wrong#old1xx')).code).toBe(4010);
    expect(env(await loginRaw(t.app, 'guest', DEMO_PASSWORD)).code).toBe(0);
  });

  it('a successful login resets the count', async () => {
    for (let i = 0; i < 4; i++) expect(env(await loginRaw(t.app, 'platform', `Wrong#${i}yyyyy`)).code).toBe(4010);
    expect(env(await loginRaw(t.app, 'platform', DEMO_PASSWORD)).code).toBe(0);
    for (let i = 0; i < 4; i++) expect(env(await loginRaw(t.app, 'platform', `Wrong#${i}zzzzz`)).code).toBe(4010);
    expect(env(await loginRaw(t.app, 'platform', DEMO_PASSWORD)).code).toBe(0);
  });

  it('unknown user names lock too', async () => {
    for (let i = 0; i < 4; i++) expect(env(await loginRaw(t.app, 'ghost', DEMO_PASSWORD)).code).toBe(4010);
    expect(env(await loginRaw(t.app, 'ghost', DEMO_PASSWORD)).code).toBe(4011);
  });
});

describe('checktoken', () => {
  it('answers the user id for a live token sent as a JSON string, as {token} or as plain text', async () => {
    const { token } = await login(t.app, 'lisi');
    const lisi = await userIdOf(t.app, 'lisi');
    const asJson = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/checktoken',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(token),
    });
    expect(env(asJson)).toMatchObject({ code: 0, data: lisi });
    const asObject = await t.app.inject({ method: 'POST', url: '/auth/v1/checktoken', payload: { token } });
    expect(env(asObject)).toMatchObject({ code: 0, data: lisi });
    const asText = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/checktoken',
      headers: { 'content-type': 'text/plain' },
      payload: token,
    });
    expect(env(asText)).toMatchObject({ code: 0, data: lisi });
  });

  it('refuses an unknown token with the token-expired message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/v1/checktoken', payload: { token: 'x'.repeat(43) } });
    expect(expectEnvelopeError(res)).toMatchObject({ msg: 'token过了有效期或账号被其他用户登录, 请重新登录！' });
  });
});

describe('what is stored', () => {
  it('passwords only as the SCRAM stored key of a salted scrypt hash of the digest', async () => {
    const users = await t.app.db.selectFrom('app_user').select(['name', 'passwordHash']).execute();
    expect(users.length).toBe(7);
    const demoDigest = await passwordDigest(DEMO_PASSWORD);
    for (const u of users) {
      expect(u.passwordHash).toMatch(/^scram\$16384\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
      expect(u.passwordHash).not.toContain(u.name === 'root' ? ROOT_PASSWORD : DEMO_PASSWORD);
      expect(u.passwordHash).not.toContain(demoDigest);
    }
    // the demo users share a password but not a hash: salted
    const demo = users.filter((u) => u.name !== 'root').map((u) => u.passwordHash);
    expect(new Set(demo).size).toBe(demo.length);
    const zhangsan = users.find((u) => u.name === 'zhangsan')!;
    expect(await verifyPassword(demoDigest, zhangsan.passwordHash)).toBe(true);
    expect(await verifyPassword(DEMO_PASSWORD, zhangsan.passwordHash)).toBe(false);
  });

  it('tokens only as their sha256, never raw', async () => {
    const { token } = await login(t.app, 'service');
    const rows = await t.app.db.selectFrom('auth_token').selectAll().execute();
    expect(Object.keys(rows[0]!).sort()).toEqual(['client', 'createdAt', 'expiresAt', 'revokedAt', 'tokenHash', 'userId']);
    const hash = createHash('sha256').update(token).digest('hex');
    expect(rows.some((r) => r.tokenHash === hash)).toBe(true);
    for (const r of rows) {
      expect(r.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(r)).not.toContain(token);
    }
    // not in the database files either (the WAL included)
    for (const f of fs.readdirSync(t.dataDir).filter((n) => n.startsWith('voltguard.sqlite'))) {
      expect(fs.readFileSync(path.join(t.dataDir, f)).includes(Buffer.from(token))).toBe(false);
    }
  });
});
