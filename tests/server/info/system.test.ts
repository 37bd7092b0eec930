import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SYSTEM_SETTINGS } from '../../../domain/schemas/info';
import { auth, env, expectEnvelopeError, login, startApp, tenantIdOf, type TestApp } from '../helpers';

let t: TestApp;
let zhangsan: string;
let wangwu: string;
let lisi: string;
let root: string;
let tenantA: number;

beforeAll(async () => {
  t = await startApp();
  [zhangsan, wangwu, lisi, root] = (await Promise.all(
    ['zhangsan', 'wangwu', 'lisi', 'root'].map(async (u) => (await login(t.app, u)).token),
  )) as string[] as [string, string, string, string];
  tenantA = await tenantIdOf(t.app, 'zhangsan');
});
afterAll(() => t.close());

const post = (token: string, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/wisdompower/v1/${url}`, headers: auth(token), payload });

describe('system settings', () => {
  it('reads defaults, saves per tenant and logs before/after', async () => {
    const first = env<{ tenantId: number; settings: unknown; updatedAt: number | null }>(await post(zhangsan, 'system/setting', {}));
    expect(first.data).toEqual({ tenantId: tenantA, settings: DEFAULT_SYSTEM_SETTINGS, updatedAt: null });
    const settings = {
      ...DEFAULT_SYSTEM_SETTINGS,
      platformName: '华东安电监控',
      contactPhone: '010-88888888-123',
      realtimeRefreshSeconds: 30,
    };
    const saved = await post(zhangsan, 'system/setting/save', { settings });
    expect(env(saved)).toMatchObject({ code: 0, msg: '保存成功!' });
    expect(env<{ settings: unknown }>(await post(zhangsan, 'system/setting', {})).data.settings).toEqual(settings);
    // tenant B still has the defaults
    expect(env<{ settings: unknown }>(await post(wangwu, 'system/setting', {})).data.settings).toEqual(DEFAULT_SYSTEM_SETTINGS);
    const ev = await t.app.db.selectFrom('event_log').selectAll().where('kind', '=', 'system.setting_saved').executeTakeFirstOrThrow();
    expect(JSON.parse(ev.payload)).toMatchObject({
      before: { platformName: DEFAULT_SYSTEM_SETTINGS.platformName },
      after: { platformName: '华东安电监控' },
    });
  });

  it('validates with the §5 messages', async () => {
    const bad = await post(zhangsan, 'system/setting/save', {
      settings: { ...DEFAULT_SYSTEM_SETTINGS, contactPhone: '12345', platformName: '' },
    });
    const err = expectEnvelopeError(bad);
    expect(err.msg).toContain('请输入正确的手机号或固定电话');
    expect(err.msg).toContain('长度在 1 到 20 个字符');
  });

  it("needs wp_system_config, and the caller's tenant", async () => {
    expect(expectEnvelopeError(await post(lisi, 'system/setting', {})).msg).toBe('无操作权限!');
    expect(expectEnvelopeError(await post(wangwu, 'system/setting', { tenantId: tenantA })).code).toBe(4031);
    expect(
      expectEnvelopeError(await post(wangwu, 'system/setting/save', { tenantId: tenantA, settings: DEFAULT_SYSTEM_SETTINGS })).code,
    ).toBe(4031);
    expect(env(await post(root, 'system/setting', { tenantId: tenantA })).code).toBe(0);
  });
});

describe('access schemes', () => {
  let schemeA: number;

  it('creates a scheme, lists it in the access config and logs it', async () => {
    const res = await post(zhangsan, 'system/device/access/scheme', {
      name: '杭州4G接入',
      accesstype: 5,
      host: 'iot.example.com',
      port: 8899,
      remark: '主用',
    });
    expect(env(res).code).toBe(0);
    schemeA = env<number>(res).data;
    const cfg = env<{ accessTypes: { id: number }[]; schemes: { id: number; name: string; accesstypeText: string; modelLabel: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/wisdompower/v1/system/device/access/config', headers: auth(zhangsan) }),
    ).data;
    expect(cfg.accessTypes.map((a) => a.id)).toEqual([5, 6]);
    expect(cfg.schemes).toContainEqual(
      expect.objectContaining({ id: schemeA, name: '杭州4G接入', accesstypeText: 'GPRS/4G模式', modelLabel: 'equipaccessscheme' }),
    );
    const other = env<{ schemes: { id: number }[] }>(
      await t.app.inject({ method: 'GET', url: '/wisdompower/v1/system/device/access/config', headers: auth(wangwu) }),
    ).data;
    expect(other.schemes.map((s) => s.id)).not.toContain(schemeA);
    expect(
      await t.app.db.selectFrom('event_log').select('seq').where('subject', '=', `equipaccessscheme:${schemeA}`).execute(),
    ).toHaveLength(1);
  });

  it('refuses duplicates, bad fields and callers without the permission', async () => {
    expect(expectEnvelopeError(await post(zhangsan, 'system/device/access/scheme', { name: '杭州4G接入', accesstype: 5 })).msg).toBe(
      '接入方案 杭州4G接入 已存在',
    );
    const bad = expectEnvelopeError(await post(zhangsan, 'system/device/access/scheme', { name: 'a#b', accesstype: 9, port: 70000 }));
    expect(bad.msg).toContain('请不要输入特殊字符');
    expect(bad.msg).toContain('请选择接入方式');
    expect(bad.msg).toContain('端口范围 1~65535');
    expect(expectEnvelopeError(await post(lisi, 'system/device/access/scheme', { name: 'x', accesstype: 5 })).msg).toBe('无操作权限!');
  });

  it('refuses deleting a scheme in use or of another tenant, then deletes', async () => {
    const del = (token: string, id: number) =>
      t.app.inject({ method: 'DELETE', url: `/wisdompower/v1/system/device/access/equipaccessscheme?id=${id}`, headers: auth(token) });
    expect(expectEnvelopeError(await del(wangwu, schemeA)).code).toBe(4031);
    const device = await t.app.db.selectFrom('terminal').select('id').where('tenantid', '=', tenantA).executeTakeFirstOrThrow();
    await t.app.db.insertInto('device_access_scheme').values({ deviceid: device.id, schemeId: schemeA }).execute();
    expect(expectEnvelopeError(await del(zhangsan, schemeA)).msg).toBe('删除失败，当前接入方案被设备使用！');
    const list = env<{ id: number; schemeName: string | null }[]>(
      await post(zhangsan, 'system/query/device/access/list', { schemeId: schemeA }),
    );
    expect(list.data).toEqual([expect.objectContaining({ id: device.id, schemeName: '杭州4G接入' })]);
    await t.app.db.deleteFrom('device_access_scheme').execute();
    expect(env(await del(zhangsan, schemeA))).toMatchObject({ code: 0, msg: '删除成功!' });
    expect(await t.app.db.selectFrom('access_scheme').select('id').where('id', '=', schemeA).execute()).toHaveLength(0);
  });
});

describe('device access list and graph tree', () => {
  it("pages the caller's tenant devices only", async () => {
    const all = env<{ id: number }[]>(await post(zhangsan, 'system/query/device/access/list', { page: { index: 0, limit: 10 } }));
    expect(all.total).toBe(24);
    expect(all.data).toHaveLength(10);
    const page3 = env<{ id: number }[]>(await post(zhangsan, 'system/query/device/access/list', { page: { index: 2, limit: 10 } }));
    expect(page3.data).toHaveLength(4);
    const nb = env<{ accesstype: number }[]>(await post(zhangsan, 'system/query/device/access/list', { accesstype: 6 }));
    expect(nb.data.every((d) => d.accesstype === 6)).toBe(true);
    const tenantB = await tenantIdOf(t.app, 'wangwu');
    const bIds = new Set((await t.app.db.selectFrom('terminal').select('id').where('tenantid', '=', tenantB).execute()).map((r) => r.id));
    const mine = env<{ id: number }[]>(await post(zhangsan, 'system/query/device/access/list', { page: { index: 0, limit: 1000 } })).data;
    expect(mine.some((d) => bIds.has(d.id))).toBe(false);
    expect(env(await post(root, 'system/query/device/access/list', {})).total).toBe(40);
  });

  it("builds the tree of the caller's projects", async () => {
    type N = { name: string; modelLabel: string; children: N[] };
    const names = (nodes: N[], label: string): string[] =>
      nodes.flatMap((n) => [...(n.modelLabel === label ? [n.name] : []), ...names(n.children, label)]);
    const b = env<N[]>(await t.app.inject({ method: 'GET', url: '/wisdompower/v1/graph/tree', headers: auth(wangwu) })).data;
    expect(names(b, 'project').sort()).toEqual(['武侯购物中心', '玄武区人民医院'].sort());
    expect(names(b, 'province').sort()).toEqual(['四川省', '江苏省'].sort());
    const leaves = env<N[]>(
      await t.app.inject({ method: 'GET', url: '/wisdompower/v1/graph/tree?containLeaf=true', headers: auth(wangwu) }),
    ).data;
    expect(names(leaves, 'terminal')).toHaveLength(16);
  });
});
