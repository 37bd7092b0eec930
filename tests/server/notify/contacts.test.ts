import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Envelope } from '../../../domain/envelope';
import { CONTACT_MESSAGES } from '../../../domain/schemas/auth';
import { bearer, digest, login, makeApp } from '../telemetry/helpers';

/**
 * The contact fields notifications reach a user by (issue 28) are checked by the server, whichever
 * route takes them (the user's own PUT /auth/v1/user/contact, 用户管理's POST and PUT /auth/v1/user),
 * and a refusal names the field in the client's language.
 */
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let zhangsan: { token: string; userId: number };

beforeAll(async () => {
  ({ app, cleanup } = await makeApp());
  zhangsan = await login(app, 'zhangsan');
});
afterAll(() => cleanup());

const send = async (method: 'PUT' | 'POST', url: string, payload: object, lang?: 'en') =>
  (
    await app.inject({
      method,
      url,
      headers: { ...bearer(zhangsan.token), ...(lang ? { 'accept-language': lang } : {}) },
      payload,
    })
  ).json() as Envelope<unknown>;

const BAD = {
  mobilePhone: ['12345', '138-0013-8000', '+8613800138000x'],
  email: ['zhangsan', 'a@b', 'two words@x.cn'],
  wecomId: ['张三', '_leading', 'has space', 'x'.repeat(65)],
  dingtalkId: ['钉钉', 'a b', 'semi;colon'],
} as const;
const EN = {
  mobilePhone: 'mobilePhone: The mobile number is not valid: 11 digits (e.g. 13800000000)',
  email: 'email: The e-mail address is not valid (e.g. name@example.com)',
  wecomId: 'wecomId: The WeCom user id must be 1 to 64 letters, digits or _-@., starting with a letter or digit',
  dingtalkId: 'dingtalkId: The DingTalk user id must be 1 to 64 letters, digits or _-@.',
};

describe('the own contact fields', () => {
  for (const [field, values] of Object.entries(BAD) as [keyof typeof BAD, readonly string[]][])
    it(`a bad ${field} is refused in words that name it`, async () => {
      for (const value of values) {
        const zh = await send('PUT', '/auth/v1/user/contact', { [field]: value });
        expect(zh.code, value).toBe(4000);
        if (value.length <= 64) expect(zh.msg).toBe(`请求参数错误：${field}：${CONTACT_MESSAGES[field]}`);
        else expect(zh.msg).toContain(`${field}：长度不能超过 64 个字符`);
        const en = await send('PUT', '/auth/v1/user/contact', { [field]: value }, 'en');
        expect(en.code).toBe(4000);
        if (value.length <= 64) expect(en.msg).toBe(`Bad request: ${EN[field]}`);
      }
    });

  it('good values are saved, and an empty one clears the field', async () => {
    const good = { mobilePhone: '13800138000', email: 'zhang.san@voltguard.test', wecomId: 'ZhangSan-01', dingtalkId: 'manager4220' };
    expect((await send('PUT', '/auth/v1/user/contact', good)).code).toBe(0);
    const me = (await app.inject({ method: 'GET', url: '/auth/v1/user', headers: bearer(zhangsan.token) })).json() as Envelope<object>;
    expect(me.data).toMatchObject(good);
    expect((await send('PUT', '/auth/v1/user/contact', { wecomId: '', dingtalkId: null })).code).toBe(0);
    const after = (await app.inject({ method: 'GET', url: '/auth/v1/user', headers: bearer(zhangsan.token) })).json() as Envelope<object>;
    expect(after.data).toMatchObject({ mobilePhone: '13800138000', wecomId: '', dingtalkId: null });
  });
});

describe('用户管理', () => {
  it('creating or editing a user with a bad contact field is refused naming the field', async () => {
    const created = await send('POST', '/auth/v1/user', { name: 'contact_check', password: digest('Contact#Check1'), email: 'nobody' });
    expect(created.code).toBe(4000);
    expect(created.msg).toContain(`email：${CONTACT_MESSAGES.email}`);
    const edited = await send('PUT', '/auth/v1/user', { id: zhangsan.userId, mobilePhone: '02888886666' }, 'en');
    expect(edited.code).toBe(4000);
    expect(edited.msg).toBe(`Bad request: ${EN.mobilePhone}`);
    const fine = await send('PUT', '/auth/v1/user', { id: zhangsan.userId, mobilePhone: '13900139000', wecomId: 'zhangsan@corp' });
    expect(fine.code, fine.msg).toBe(0);
  });
});
