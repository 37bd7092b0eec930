import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errors, STATUS_OF_KIND } from '../../server/errors';
import { parseAcceptLanguage } from '../../server/text/language';
import { auth, expectEnvelopeError, login, startApp, type TestApp } from './helpers';

const HAN = /[\u4e00-\u9fff]/;

describe('the registry', () => {
  const doc = fs.readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');

  it('documents every code with its key, and its kind decides the HTTP status', () => {
    for (const e of Object.values(errors)) {
      expect(doc, e.key).toMatch(new RegExp(`\\| ${e.code} +\\| ${e.key} +\\|`));
      expect(e.statusCode).toBe(STATUS_OF_KIND[e.kind]);
    }
  });

  it('has English for every message', () => {
    for (const e of Object.values(errors)) {
      const made = e('x', 'y', 'z');
      expect(made.messageIn('en'), e.key).not.toMatch(HAN);
      expect(made.messageIn('zh').length).toBeGreaterThan(0);
    }
  });

  it('never answers 5xx for anything but a defect or a dependency out of reach (503)', () => {
    for (const e of Object.values(errors))
      if (e.key !== 'INTERNAL')
        expect(e.statusCode === 503 ? e.kind : e.statusCode, e.key).toSatisfy((v) => v === 'unavailable' || (v as number) < 500);
  });
});

describe('Accept-Language', () => {
  it.each([
    [undefined, 'zh'],
    ['', 'zh'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['fr-FR, en;q=0.5', 'zh'],
    ['zh;q=0.1, en-GB;q=0.7', 'en'],
    ['english', 'zh'],
    ['en;q=0', 'zh'],
    ['*', 'zh'],
  ] as const)('%s → %s', (header, lang) => {
    expect(parseAcceptLanguage(header)).toBe(lang);
  });
});

describe('answers in the client’s language', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp();
    token = (await login(t.app, 'zhangsan')).token;
  });
  afterAll(async () => {
    await t?.close();
  });
  const en = { 'accept-language': 'en-US,en;q=0.9' };

  it('a bad field: Chinese by default, English on request, the field named in both', async () => {
    const payload = { name: 'x'.repeat(30), pageNodes: [], auths: [] };
    const zh = expectEnvelopeError(await t.app.inject({ method: 'POST', url: '/auth/v1/role', headers: auth(token), payload }));
    expect(zh.msg).toBe('请求参数错误：name：长度在 1 到 20 个字符');
    const eng = expectEnvelopeError(
      await t.app.inject({ method: 'POST', url: '/auth/v1/role', headers: { ...auth(token), ...en }, payload }),
    );
    expect(eng.msg).toBe('Bad request: name: Length 1 to 20 characters');
  });

  it('zod’s own rules are ours, not zod’s English', async () => {
    const url = '/wisdompower/v1/event/list';
    const payload = { rootCondition: { page: { index: -1, limit: 'ten' } } };
    const zh = expectEnvelopeError(await t.app.inject({ method: 'POST', url, headers: auth(token), payload }));
    expect(zh.msg).toBe('请求参数错误：rootCondition.page.index：不能小于 0；rootCondition.page.limit：须为数字（收到字符串）');
    const eng = expectEnvelopeError(await t.app.inject({ method: 'POST', url, headers: { ...auth(token), ...en }, payload }));
    expect(eng.msg).toBe(
      'Bad request: rootCondition.page.index: must be at least 0; rootCondition.page.limit: must be a number (got a string)',
    );
  });

  it('path and query fields say where they are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/v1/user/queryByRole?roleId=1abc', headers: { ...auth(token), ...en } });
    expect(expectEnvelopeError(res).msg).toBe('Bad request: query roleId: must be a positive integer');
    const zh = await t.app.inject({ method: 'GET', url: '/wisdompower/v1/realtime/0x10', headers: auth(token) });
    expect(expectEnvelopeError(zh).msg).toBe('请求参数错误：路径参数 deviceId：须为正整数');
  });

  it('denials, missing routes and framework failures too', async () => {
    const guest = (await login(t.app, 'guest')).token;
    const denied = await t.app.inject({ method: 'GET', url: '/devicedata/api/comm/v1/stations', headers: { ...auth(guest), ...en } });
    expect(denied.json()).toEqual({ code: 403, msg: 'No permission for this operation!', data: null });
    const missing = await t.app.inject({ method: 'GET', url: '/nothing', headers: en });
    expect(missing.json()).toEqual({ code: 4004, msg: 'No such service: GET /nothing', data: null });
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/login',
      headers: { 'content-type': 'application/json', ...en },
      payload: '{"a":',
    });
    expect(expectEnvelopeError(badJson).msg).toMatch(/^The request body is not valid JSON: syntax error/);
  });
});
