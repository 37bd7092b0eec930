import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, env, login, loginRaw, startApp, tenantIdOf, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => t.close());

describe('suspending a tenant', () => {
  it('logs its users out at once and refuses their logins until it is resumed; other tenants are untouched', async () => {
    const platform = await login(t.app, 'platform');
    const wangwu = await login(t.app, 'wangwu');
    const zhangsan = await login(t.app, 'zhangsan');
    const tenantB = await tenantIdOf(t.app, 'wangwu');
    const put = (status: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/wisdompower/v1/platform/tenant/${tenantB}/status`,
        headers: auth(platform.token),
        payload: { status },
      });

    expect(env(await put(0)).code).toBe(0);
    const after = await t.app.inject({ method: 'GET', url: '/auth/v1/user', headers: auth(wangwu.token) });
    expect(after.statusCode).toBe(401);
    const refused = env(await loginRaw(t.app, 'wangwu'));
    expect(refused).toMatchObject({ code: 4015, msg: '所属租户已停用，请联系平台管理员' });
    const other = await t.app.inject({ method: 'GET', url: '/auth/v1/user', headers: auth(zhangsan.token) });
    expect(env(other).code).toBe(0);

    expect(env(await put(1)).code).toBe(0);
    expect(env(await loginRaw(t.app, 'wangwu')).code).toBe(0);
  });

  it('cannot be done by a project user', async () => {
    const wangwu = await login(t.app, 'wangwu');
    const tenantA = await tenantIdOf(t.app, 'zhangsan');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/wisdompower/v1/platform/tenant/${tenantA}/status`,
      headers: auth(wangwu.token),
      payload: { status: 0 },
    });
    expect(env(res)).toMatchObject({ msg: '无操作权限!' });
    expect(env(await loginRaw(t.app, 'zhangsan')).code).toBe(0);
  });
});
