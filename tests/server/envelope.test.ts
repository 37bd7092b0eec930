import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, env, expectEnvelopeError, login, startApp, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startApp();
  token = (await login(t.app, 'root')).token;
});
afterAll(async () => {
  await t?.close();
});

const json = { 'content-type': 'application/json' };

describe('malformed JSON', () => {
  it.each([
    ['a cut-off object', '{"userName":'],
    ['single quotes', "{'userName':'root'}"],
    ['trailing garbage', '{"userName":"root"} x'],
  ])('%s on login gets an INVALID_JSON envelope', async (_name, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/v1/login', headers: json, payload });
    expect(res.statusCode).toBe(400);
    const body = expectEnvelopeError(res);
    expect(body.code).toBe(4001);
    expect(body.msg).toContain('JSON');
    expect(body.data).toBeNull();
  });

  it('on an authenticated route as well', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/v1/role', headers: { ...json, ...auth(token) }, payload: '{"name": }' });
    expect(expectEnvelopeError(res).code).toBe(4001);
  });

  it('an empty JSON body says so', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/v1/login', headers: json, payload: '' });
    const body = expectEnvelopeError(res);
    expect(body.code).toBe(4001);
    expect(body.msg).toContain('请求体为空');
  });

  it('an unsupported content type gets an envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(expectEnvelopeError(res).code).toBe(4003);
  });
});

describe('missing and wrong fields: the msg names the field', () => {
  it.each([
    ['userName', { password: 'a'.repeat(64), timestamps: Date.now(), client: 'web' }],
    ['password', { userName: 'root', timestamps: Date.now(), client: 'web' }],
    ['timestamps', { userName: 'root', password: 'a'.repeat(64), client: 'web' }],
    ['client', { userName: 'root', password: 'a'.repeat(64), timestamps: Date.now() }],
  ])('login without %s', async (field, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/v1/login', payload });
    expect(res.statusCode).toBe(400);
    const body = expectEnvelopeError(res);
    expect(body.code).toBe(4000);
    expect(body.msg).toContain(field);
  });

  it('login with an empty object names every missing field', async () => {
    const body = expectEnvelopeError(await t.app.inject({ method: 'POST', url: '/auth/v1/login', payload: {} }));
    for (const f of ['userName', 'password', 'timestamps', 'client']) expect(body.msg).toContain(f);
  });

  it('a wrongly typed field is named', async () => {
    const body = expectEnvelopeError(
      await t.app.inject({
        method: 'POST',
        url: '/auth/v1/login',
        payload: { userName: 'root', password: 'a'.repeat(64), timestamps: 'now', client: 'web' },
      }),
    );
    expect(body.msg).toContain('timestamps');
  });

  it.each([
    ['/auth/v1/role', 'POST', { pageNodes: [], auths: [] }, 'name'],
    ['/auth/v1/usergroup', 'PUT', { name: 'x', users: [] }, 'id'],
    ['/auth/v1/user', 'POST', { name: 'someone' }, 'password'],
    ['/model/v1/query', 'POST', {}, 'rootLabel'],
  ] as const)('%s (%s) without a required field names %s', async (url, method, payload, field) => {
    const res = await t.app.inject({ method, url, headers: auth(token), payload });
    const body = expectEnvelopeError(res);
    expect(res.statusCode).toBe(400);
    expect(body.msg).toContain(field);
  });

  it('a name over 20 characters gets the §5 length message', async () => {
    const body = expectEnvelopeError(
      await t.app.inject({ method: 'POST', url: '/auth/v1/role', headers: auth(token), payload: { name: 'x'.repeat(21) } }),
    );
    expect(body.msg).toContain('name');
    expect(body.msg).toContain('长度在 1 到 20 个字符');
  });
});

describe('lone UTF-16 surrogates (issue 34 item 7)', () => {
  // Written as JSON escapes: the only way a request can carry one.
  it.each([
    ['a high one alone', '{"name":"\\ud800x"}', 'name'],
    ['a low one alone', '{"name":"x\\udc00"}', 'name'],
    ['deep in the body', '{"name":"r","pageNodes":[],"remark":{"a":["ok","\\uDBFF"]}}', 'remark.a.1'],
  ])('%s is refused naming the field, in both languages', async (_what, payload, field) => {
    const zh = expectEnvelopeError(
      await t.app.inject({ method: 'POST', url: '/auth/v1/role', headers: { ...json, ...auth(token) }, payload }),
    );
    expect(zh.code).toBe(4000);
    expect(zh.msg).toBe(`请求参数错误：${field}：含有不成对的 UTF-16 代理项（\\uD800–\\uDFFF），不是有效的文字`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/role',
      headers: { ...json, ...auth(token), 'accept-language': 'en' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(`${field}: holds a lone UTF-16 surrogate`);
    expect(await t.app.db.selectFrom('role').select('id').where('name', 'like', 'x%').executeTakeFirst()).toBeUndefined();
  });

  it('a proper pair (an emoji) is text like any other', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/role',
      headers: { ...json, ...auth(token) },
      payload: '{"name":"值班\\ud83d\\ude00"}',
    });
    expect(res.json().msg).not.toContain('代理项');
  });
});

describe('oversized bodies', () => {
  it('a body over the 1 MiB limit gets a BODY_TOO_LARGE envelope naming the limit', async () => {
    const payload = JSON.stringify({ userName: 'x'.repeat(1_100_000), password: 'a'.repeat(64), timestamps: Date.now(), client: 'web' });
    const res = await t.app.inject({ method: 'POST', url: '/auth/v1/login', headers: json, payload });
    expect(res.statusCode).toBe(413);
    const body = expectEnvelopeError(res);
    expect(body.code).toBe(4002);
    expect(body.msg).toContain('1048576');
  });

  it('also on an authenticated route', async () => {
    const payload = JSON.stringify({ name: 'r', pageNodes: [], auths: Array.from({ length: 300_000 }, (_, i) => i) });
    const res = await t.app.inject({ method: 'POST', url: '/auth/v1/role', headers: { ...json, ...auth(token) }, payload });
    expect(res.statusCode).toBe(413);
    expect(expectEnvelopeError(res).code).toBe(4002);
    expect(await t.app.db.selectFrom('role').select('id').where('name', '=', 'r').executeTakeFirst()).toBeUndefined();
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/auth/v1/nothing'],
    ['POST', '/model/v1/nothing/here'],
    ['GET', '/no/such/thing?x=1'],
  ] as const)('%s %s gets an envelope 404 naming it', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    const body = expectEnvelopeError(res);
    expect(body.code).toBe(4004);
    expect(body.msg).toContain(method);
    expect(body.msg).toContain(url.split('?')[0]!);
  });
});

describe('a known path with another method', () => {
  it('answers 405 with the methods it takes, through the registry', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/auth/v1/login' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    const body = expectEnvelopeError(res);
    expect(body.code).toBe(4006);
    expect(body.msg).toBe('接口 /auth/v1/login 不支持 DELETE 方法（支持：POST）');
  });
});

describe('successes use the envelope too', () => {
  it('code 0 with msg and data', async () => {
    const body = env<unknown[]>(await t.app.inject({ method: 'GET', url: '/auth/v1/permissions', headers: auth(token) }));
    expect(body.code).toBe(0);
    expect(typeof body.msg).toBe('string');
    expect(Array.isArray(body.data)).toBe(true);
  });
});
