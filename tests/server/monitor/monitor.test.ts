import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type {
  AlarmCounts,
  CountById,
  MonitorStatis,
  PlatformStatis,
  ProjectCoordinate,
  ProjectStatis,
} from '../../../domain/schemas/monitor';
import { bearer, login, makeApp } from '../telemetry/helpers';
import { buildFixture, type MonitorFixture } from './fixture';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let fx: MonitorFixture;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ({ app, cleanup } = await makeApp());
  fx = await buildFixture(app);
  for (const name of ['root', 'platform', 'service', 'zhangsan', 'lisi', 'wangwu', 'guest']) tokens[name] = (await login(app, name)).token;
}, 60_000);
afterAll(async () => cleanup());

const BASE = '/wisdompower/v1/monitor';
const call = async (user: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  (
    await app.inject({
      method,
      url: BASE + url,
      headers: bearer(tokens[user]!),
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  ).json();
const statis = async (user: string, label: string, id: number) => {
  const res = await call(user, 'POST', `/global/statis/${label}/${id}`);
  expect(res.code, res.msg).toBe(0);
  return res.data as MonitorStatis;
};
/** Non-zero entries only, as {id: count}: easier to compare with the hand-computed figures. */
const nz = (list: CountById[]) => Object.fromEntries(list.filter((c) => c.count > 0).map((c) => [c.id, c.count]));
const alarms = (a: AlarmCounts) => ({ total: a.total, byType: nz(a.byType), byLevel: nz(a.byLevel), unconfirmed: a.unconfirmed });

// Hand-computed from fixture.ts. Tenant A: 3 demo projects × 8 terminals; on 西湖 one manual-out and
// one in maintenance. Today: 西湖 alarm (type 1, confirmed), early warning (type 2), accident (type 4),
// and an alarm (type 1) that ended. Active: those three open ones plus 滨江's alarm from yesterday (type 2).
const TENANT_A = {
  projectCount: 3,
  deviceCount: 24,
  normalDevices: 22,
  abnormalDevices: 2,
  status: { 1: 22, 4: 1, 5: 1 },
  today: { total: 4, byType: { 1: 2, 2: 1, 4: 1 }, byLevel: { 1: 1, 2: 2, 4: 1 }, unconfirmed: 3 },
  active: { total: 4, byType: { 1: 1, 2: 2, 4: 1 }, byLevel: { 1: 1, 2: 2, 4: 1 }, unconfirmed: 3 },
};
// Tenant B: 2 demo projects × 8 plus the new project's terminal (UNKNOWN, which counts as normal).
// 玄武: power over the limit (type 3, alarm) and an early warning (type 2), both today and open.
const TENANT_B = {
  projectCount: 3,
  deviceCount: 17,
  normalDevices: 17,
  abnormalDevices: 0,
  status: { 1: 16, 6: 1 },
  today: { total: 2, byType: { 2: 1, 3: 1 }, byLevel: { 2: 1, 4: 1 }, unconfirmed: 2 },
  active: { total: 2, byType: { 2: 1, 3: 1 }, byLevel: { 2: 1, 4: 1 }, unconfirmed: 2 },
};
const shape = (s: MonitorStatis) => ({
  projectCount: s.projectCount,
  deviceCount: s.deviceCount,
  normalDevices: s.normalDevices,
  abnormalDevices: s.abnormalDevices,
  status: nz(s.devicesByStatus),
  today: alarms(s.today),
  active: alarms(s.active),
});

describe('monitor statistics', () => {
  it('counts devices by status and alarms by type and level, today and active, per enterprise', async () => {
    expect(shape(await statis('root', 'tenant', fx.tenants.A))).toEqual(TENANT_A);
    expect(shape(await statis('root', 'tenant', fx.tenants.B))).toEqual(TENANT_B);
    const all = await statis('root', 'global', 0);
    expect(all.scope).toEqual({ modelLabel: 'global', id: 0, name: '全部项目' });
    expect(shape(all)).toMatchObject({
      projectCount: 6,
      deviceCount: 41,
      abnormalDevices: 2,
      today: { total: 6 },
      active: { total: 6, unconfirmed: 5 },
    });
    // Every status, type and level is present, zero-filled, so the charts keep their bars.
    expect(all.devicesByStatus.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(all.today.byType.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(all.active.byLevel.map((c) => c.id)).toEqual([1, 2, 4]);
  });

  it('cuts by project and by place', async () => {
    const xihu = await statis('root', 'project', fx.projects.xihu);
    expect(xihu.scope.name).toBe('西湖文化广场');
    expect(shape(xihu)).toMatchObject({
      projectCount: 1,
      deviceCount: 8,
      abnormalDevices: 2,
      today: { total: 4 },
      active: { total: 3, byLevel: { 1: 1, 2: 1, 4: 1 } },
    });
    const zhejiang = await statis('root', 'province', fx.provinces.zhejiang);
    expect(shape(zhejiang)).toMatchObject({ projectCount: 3, deviceCount: 24, active: { total: 4 } });
  });

  it('lists projects with their statistics and alarm state', async () => {
    const res = await call('root', 'POST', '/project/statis/list', {});
    expect(res.code).toBe(0);
    expect(res.total).toBe(6);
    const byId = new Map((res.data as ProjectStatis[]).map((p) => [p.id, p]));
    expect(byId.get(fx.projects.xihu)).toMatchObject({
      name: '西湖文化广场',
      tenantName: '华东安电科技',
      provinceName: '浙江省',
      cityName: '杭州市',
      districtName: '西湖区',
      longitude: 120.163,
      latitude: 30.276,
      deviceCount: 8,
      abnormalDevices: 2,
      todayAlarms: 4,
      activeAlarms: 3,
      alarmState: 'accident',
    });
    expect(byId.get(fx.projects.binjiang)).toMatchObject({ todayAlarms: 0, activeAlarms: 1, alarmState: 'alarm' });
    expect(byId.get(fx.projects.yinzhou)).toMatchObject({ todayAlarms: 0, activeAlarms: 0, alarmState: 'normal' });
    expect(byId.get(fx.projects.xuanwu)).toMatchObject({ activeAlarms: 2, alarmState: 'alarm' });
    expect(byId.get(fx.projects.unplaced)).toMatchObject({ deviceCount: 1, longitude: null, alarmState: 'normal' });
    const filtered = await call('root', 'POST', '/project/statis/list', { tenantId: fx.tenants.B, keyword: '玄武' });
    expect((filtered.data as ProjectStatis[]).map((p) => p.id)).toEqual([fx.projects.xuanwu]);
  });

  it('places projects that have coordinates', async () => {
    const res = await call('root', 'GET', '/project/statis/coordinates/0/global');
    const coords = res.data as ProjectCoordinate[];
    expect(coords.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      [fx.projects.xihu, fx.projects.binjiang, fx.projects.yinzhou, fx.projects.xuanwu, fx.projects.wuhou].sort((a, b) => a - b),
    );
    expect(coords.find((c) => c.id === fx.projects.xihu)).toMatchObject({
      longitude: 120.163,
      latitude: 30.276,
      activeAlarms: 3,
      alarmState: 'accident',
    });
    const tenantB = (await call('root', 'GET', `/project/statis/coordinates/${fx.tenants.B}/tenant`)).data as ProjectCoordinate[];
    expect(tenantB.map((c) => c.name).sort()).toEqual(['武侯购物中心', '玄武区人民医院']);
  });

  it('gives the platform one row per enterprise', async () => {
    const res = await call('platform', 'POST', '/global/platform/statis', {});
    expect(res.code).toBe(0);
    const data = res.data as PlatformStatis;
    expect(data.projectCount).toBe(6);
    expect(data.tenants).toEqual([
      { id: fx.tenants.A, name: '华东安电科技', projectCount: 3, deviceCount: 24, abnormalDevices: 2, todayAlarms: 4, activeAlarms: 4 },
      { id: fx.tenants.B, name: '西南智慧用电', projectCount: 3, deviceCount: 17, abnormalDevices: 0, todayAlarms: 2, activeAlarms: 2 },
    ]);
    const onlyB = (await call('platform', 'POST', '/global/platform/statis', { tenantId: fx.tenants.B })).data as PlatformStatis;
    expect(shape(onlyB)).toEqual(TENANT_B);
  });
});

describe('tenant isolation', () => {
  it('a tenant-A user sees exactly tenant A, never tenant B', async () => {
    expect(shape(await statis('zhangsan', 'global', 0))).toEqual(TENANT_A);
    expect(shape(await statis('zhangsan', 'tenant', fx.tenants.A))).toEqual(TENANT_A);
    const list = (await call('zhangsan', 'POST', '/project/statis/list', {})).data as ProjectStatis[];
    expect(list.map((p) => p.tenantName)).toEqual(['华东安电科技', '华东安电科技', '华东安电科技']);
    const coords = (await call('zhangsan', 'GET', '/project/statis/coordinates/0/global')).data as ProjectCoordinate[];
    expect(coords.every((c) => c.tenantId === fx.tenants.A)).toBe(true);
    // A place shared with tenant B answers with A's projects there: none in 江苏.
    expect(shape(await statis('zhangsan', 'province', fx.provinces.jiangsu))).toMatchObject({
      projectCount: 0,
      deviceCount: 0,
      active: { total: 0 },
    });
  });

  it("refuses another tenant's enterprise and projects with 4031", async () => {
    for (const url of [`/global/statis/tenant/${fx.tenants.B}`, `/global/statis/project/${fx.projects.xuanwu}`]) {
      const res = await call('zhangsan', 'POST', url);
      expect(res).toMatchObject({ code: 4031, msg: '无权访问其他租户的数据' });
    }
    expect((await call('zhangsan', 'GET', `/project/statis/coordinates/${fx.tenants.B}/tenant`)).code).toBe(4031);
    expect((await call('zhangsan', 'POST', '/project/statis/list', { tenantId: fx.tenants.B })).code).toBe(4031);
    expect((await call('wangwu', 'POST', `/global/statis/project/${fx.projects.xihu}`)).code).toBe(4031);
    expect(shape(await statis('wangwu', 'global', 0))).toEqual(TENANT_B);
  });

  it('a service user sees only the projects it serves, across enterprises', async () => {
    const all = await statis('service', 'global', 0);
    // 西湖 (A) and 武侯 (B): 16 devices, 西湖's 4 alarms today and 3 open.
    expect(shape(all)).toMatchObject({ projectCount: 2, deviceCount: 16, abnormalDevices: 2, today: { total: 4 }, active: { total: 3 } });
    expect((await statis('service', 'tenant', fx.tenants.A)).projectCount).toBe(1);
    expect((await call('service', 'POST', `/global/statis/project/${fx.projects.xuanwu}`)).code).toBe(4031);
    const platform = (await call('service', 'POST', '/global/platform/statis', {})).data as PlatformStatis;
    expect(platform.tenants.map((t) => [t.name, t.projectCount])).toEqual([
      ['华东安电科技', 1],
      ['西南智慧用电', 1],
    ]);
  });
});

describe('permissions and bad input', () => {
  it('needs a monitoring page; the enterprise breakdown needs the platform monitor', async () => {
    for (const user of ['lisi', 'guest']) {
      expect(await call(user, 'POST', '/global/statis/global/0')).toMatchObject({ code: 403, msg: '无操作权限!' });
      expect((await call(user, 'POST', '/project/statis/list', {})).code).toBe(403);
      expect((await call(user, 'GET', '/project/statis/coordinates/0/global')).code).toBe(403);
    }
    expect((await call('zhangsan', 'POST', '/global/platform/statis', {})).code).toBe(403);
    const anonymous = await app.inject({ method: 'POST', url: `${BASE}/global/statis/global/0` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers bad labels, ids and bodies with a clear envelope error', async () => {
    const label = await call('root', 'POST', '/global/statis/planet/1');
    expect(label.code).toBe(4000);
    expect(label.msg).toContain('modelLabel');
    expect((await call('root', 'POST', '/global/statis/project/abc')).msg).toContain('id 须为大于等于 0 的整数');
    expect((await call('root', 'POST', '/global/statis/global/5')).msg).toContain('global 时 id 须为 0');
    expect(await call('root', 'POST', '/global/statis/tenant/9999')).toMatchObject({ code: 4005, msg: '企业 9999 不存在' });
    expect((await call('root', 'POST', '/global/statis/project/9999')).code).toBe(4005);
    expect((await call('root', 'GET', '/project/statis/coordinates/9999/city')).code).toBe(4005);
    expect((await call('root', 'POST', '/project/statis/list', { keyword: 'x'.repeat(41) })).code).toBe(4000);
    expect((await call('root', 'POST', '/project/statis/list', { tenant: 1 })).code).toBe(4000);
    expect((await call('root', 'POST', '/global/platform/statis', { tenantId: -1 })).code).toBe(4000);
  });
});
