import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginPayload, wireDigest } from '../../scripts/loginClient.mjs';
import { CSP_DIRECTIVES } from '../../server/http/securityHeaders';
import { redactLine, redactUrl } from '../../server/http/logRedaction';
import { DEMO_PASSWORD, ROOT_PASSWORD, auth, env, expectEnvelopeError, login, loginRaw, startApp, type TestApp } from './helpers';

describe('login: a captured login is useless', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const nonceFor = async (userName: string) =>
    env<{ nonce: string; salt: string; n: number; r: number; p: number }>(
      await t.app.inject({ method: 'POST', url: '/auth/v1/login/nonce', payload: { userName } }),
    ).data;
  const send = (payload: object, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/auth/v1/login', payload, remoteAddress });

  it('a replayed login body is refused: its nonce is spent', async () => {
    const body = await loginPayload('zhangsan', DEMO_PASSWORD, await nonceFor('zhangsan'));
    expect(env(await send(body)).code).toBe(0);
    const again = expectEnvelopeError(await send(body));
    expect(again).toMatchObject({ code: 4016, msg: '登录请求已失效（一次性登录码已使用或过期），请重新登录' });
  });

  it('the body holds neither the password nor its digest, and a fresh nonce does not make it work again', async () => {
    const challenge = await nonceFor('lisi');
    const body = await loginPayload('lisi', DEMO_PASSWORD, challenge);
    const text = JSON.stringify(body);
    expect(text).not.toContain(DEMO_PASSWORD);
    expect(text).not.toContain(wireDigest(DEMO_PASSWORD));
    // the captured proof with a new nonce: refused (it is bound to the nonce it answered)
    const fresh = await nonceFor('lisi');
    expect(expectEnvelopeError(await send({ ...body, nonce: fresh.nonce })).code).toBe(4010);
  });

  it('a nonce serves the user it was issued for only, and only once even after a failure', async () => {
    const challenge = await nonceFor('wangwu');
    const forOther = await loginPayload('lisi', DEMO_PASSWORD, challenge);
    expect(expectEnvelopeError(await send(forOther)).code).toBe(4016);
    const wrong = await loginPayload('wangwu', 'Wrong#Pass2024', challenge);
    expect(expectEnvelopeError(await send(wrong)).code).toBe(4016);
  });

  it('an unknown user gets a nonce and a stable salt like anyone else', async () => {
    const a = await nonceFor('nobody-here');
    const b = await nonceFor('nobody-here');
    const real = await nonceFor('root');
    expect(a.salt).toBe(b.salt);
    expect(a.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(a.nonce).not.toBe(b.nonce);
    expect([a.n, a.r, a.p]).toEqual([real.n, real.r, real.p]);
  });

  it('the old login body (a digest, no nonce) is refused with a message naming the field', async () => {
    const res = await send({ userName: 'root', password: wireDigest(ROOT_PASSWORD), timestamps: Date.now(), client: 'web' });
    expect(expectEnvelopeError(res).msg).toContain('nonce');
  });
});

describe('lockout per source address, and throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ loginRateLimit: 12 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('five failures from one address lock root for that address only', async () => {
    const attacker = '203.0.113.9';
    for (let i = 0; i < 4; i++) expect(env(await loginRaw(t.app, 'root', `Wrong#${i}xxxxx`, Date.now(), 'web', attacker)).code).toBe(4010);
    expect(env(await loginRaw(t.app, 'root', 'Wrong#5xxxxx', Date.now(), 'web', attacker)).code).toBe(4011);
    // the right password from the attacker's address is refused while locked
    expect(env(await loginRaw(t.app, 'root', ROOT_PASSWORD, Date.now(), 'web', attacker)).code).toBe(4011);
    // root at its own desk logs in
    expect(env(await loginRaw(t.app, 'root', ROOT_PASSWORD, Date.now(), 'web', '198.51.100.7')).code).toBe(0);
  });

  it('an address that calls too often is throttled (429 through the registry); others are not', async () => {
    const noisy = '203.0.113.77';
    const answers: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/auth/v1/login/nonce', payload: { userName: 'x' }, remoteAddress: noisy });
      answers.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toEqual({ code: 4029, msg: '请求过于频繁，请稍后再试', data: null });
    }
    expect(answers.filter((s) => s === 429).length).toBe(2);
    const other = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/login/nonce',
      payload: { userName: 'x' },
      remoteAddress: '198.51.100.99',
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('no secret in any log line', () => {
  it('redacts URLs, JSON fields and bearer values', () => {
    expect(redactUrl('/a?password=abc&x=1&token=t0k&fileName=a.png')).toBe('/a?password=[redacted]&x=1&token=[redacted]&fileName=a.png');
    expect(redactLine('{"msg":"x","password":"p4ss","nested":{"token":"tt"},"authorization":"Bearer abcdefghijkl"}')).toBe(
      '{"msg":"x","password":"[redacted]","nested":{"token":"[redacted]"},"authorization":"[redacted]"}',
    );
    expect(redactLine('GET /x?key=k3y Bearer abcdefghijklmnop')).toBe('GET /x?key=[redacted] Bearer [redacted]');
  });

  it('at trace level, a day of secrets leaves no trace in the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await startApp({ logger: { level: 'trace', stream } });
    try {
      const { token } = await login(t.app, 'root');
      const zhangsan = await login(t.app, 'zhangsan');
      const secrets = [token, zhangsan.token, ROOT_PASSWORD, DEMO_PASSWORD, wireDigest(ROOT_PASSWORD), wireDigest(DEMO_PASSWORD)];
      const keyRes = await t.app.inject({ method: 'GET', url: '/devicedata/api/comm/v1/device/1/key', headers: auth(token) });
      const deviceKey = (keyRes.json() as { data: { key: string } }).data.key;
      secrets.push(deviceKey);
      // secrets in query strings, headers and bodies, on good and failing calls
      await t.app.inject({ method: 'GET', url: `/auth/v1/user?token=${token}&password=${ROOT_PASSWORD}`, headers: auth(token) });
      await t.app.inject({
        method: 'POST',
        url: `/wisdompower/v1/remote/config/save/dataparam/list?password=${wireDigest(ROOT_PASSWORD)}&timestamp=${Date.now()}`,
        headers: auth(token),
        payload: { deviceId: 1, groupId: 1, params: [{ id: 'leakLimit', value: 1 }] },
      });
      await t.app.inject({
        method: 'POST',
        url: '/devicedata/api/comm/v1/ingest',
        headers: { 'x-device-key': deviceKey },
        payload: { device: 1, time: Date.now(), values: [] },
      });
      await t.app.inject({ method: 'POST', url: '/auth/v1/checktoken', payload: { token } });
      await t.app.inject({ method: 'GET', url: '/nothing?token=' + token });
      await t.app.inject({
        method: 'PUT',
        url: '/auth/v1/user/password/update',
        headers: auth(token),
        payload: { id: 1, name: 'root', oldPassword: wireDigest('Wrong#1234'), newPassword: wireDigest(ROOT_PASSWORD) },
      });
      const text = lines.join('');
      expect(lines.length).toBeGreaterThan(20);
      for (const s of secrets) expect(text).not.toContain(s);
      expect(text).toContain('[redacted]');
    } finally {
      await t.close();
    }
  });
});

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every answer carries the CSP, nosniff, frame-ancestors and no-referrer', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/auth/v1/user' }),
      await t.app.inject({ method: 'POST', url: '/auth/v1/login/nonce', payload: { userName: 'root' } }),
      await t.app.inject({ method: 'GET', url: '/nothing' }),
    ]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      // the rest of helmet's defaults, worked out once at start (securityHeaders.ts)
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
    expect(CSP_DIRECTIVES.scriptSrc).toEqual(["'self'"]);
  });
});
