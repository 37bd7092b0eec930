import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEVICE_STATUS, EVENT_CONFIRM, EVENT_TYPE } from '../../../domain/enums';
import { DEFAULT_TIME_ZONE } from '../../../domain/timeZone';
import type { BigScreenData } from '../../../domain/schemas/bigScreen';
import { dayStartOf } from '../../../server/monitor/statistics';
import { bearer, login, makeApp, terminalsOfProject } from '../telemetry/helpers';

/**
 * GET /wisdompower/v1/monitor/bigScreen (issue 30) against a fixture written straight into the event
 * and work-order tables at known times; the expected figures are worked out by hand below, per user.
 */
const S = 1000;
const H = 3600 * S;
const D = 24 * H;

let app: FastifyInstance;
let cleanup: () => Promise<void>;
const tokens: Record<string, string> = {};
const ids = { xihu0: 0, xihu1: 0, binjiang0: 0, xihu: 0, binjiang: 0, xuanwu: 0 };
let todayAt = 0;

beforeAll(async () => {
  ({ app, cleanup } = await makeApp());
  for (const name of ['root', 'zhangsan', 'wangwu', 'guest']) tokens[name] = (await login(app, name)).token;
  const xihu = await terminalsOfProject(app, '西湖文化广场');
  const binjiang = await terminalsOfProject(app, '滨江科技园');
  const yinzhou = await terminalsOfProject(app, '鄞州商业中心');
  const xuanwu = await terminalsOfProject(app, '玄武区人民医院');
  Object.assign(ids, {
    xihu0: xihu[0]!.id,
    xihu1: xihu[1]!.id,
    binjiang0: binjiang[0]!.id,
    xihu: xihu[0]!.projectid,
    binjiang: binjiang[0]!.projectid,
    xuanwu: xuanwu[0]!.projectid,
  });
  const now = Date.now();
  const dayStart = dayStartOf(now, DEFAULT_TIME_ZONE);
  // "today" never before the project zone's midnight, even when the suite runs just after it
  todayAt = Math.max(now - 10 * S, dayStart);
  const event = (d: (typeof xihu)[number], eventtime: number, level: number, confirmAfter: number | null) => ({
    eventtime,
    endtime: null,
    endeventid: 0,
    customtype: EVENT_TYPE.AFTERCURRENT,
    peceventlevel: level,
    confirmeventstatus: confirmAfter === null ? EVENT_CONFIRM.UNCONFIRM : EVENT_CONFIRM.CONFIRM,
    value: 400,
    endvalue: null,
    limitvalue: 300,
    dataid: 1001,
    description: 'fixture',
    remark: null,
    updatetime: confirmAfter === null ? null : eventtime + confirmAfter,
    operator: confirmAfter === null ? null : 'zhangsan',
    remarkoperator: null,
    remarktime: null,
    escalatedat: null,
    deviceid: d.id,
    projectid: d.projectid,
    tenantid: d.tenantid,
  });
  await app.db
    .insertInto('peceventextend')
    .values([
      event(xihu[0]!, todayAt, 1, null), // today, 事故, unconfirmed
      event(xihu[0]!, todayAt - 1, 2, 120 * S), // today, 报警, confirmed in 2 min
      event(xihu[1]!, todayAt - 2, 2, 300 * S), // today, 报警, confirmed in 5 min
      event(xihu[1]!, dayStart - 12 * H, 4, null), // yesterday, 预警
      event(binjiang[0]!, dayStart - 6 * D + H, 2, 60 * S), // 6 days back (in the 7-day window), confirmed but not today
      event(binjiang[0]!, dayStart - 20 * D + H, 4, null), // 20 days back
      event(yinzhou[0]!, dayStart - 40 * D, 2, null), // out of the 30-day window, still unconfirmed
      event(xuanwu[0]!, todayAt, 2, null), // tenant B, today
    ])
    .execute();
  // one of tenant A's 24 terminals is out of service: 23 online
  await app.db.updateTable('terminal').set({ devicestatus: DEVICE_STATUS.MANUAL_OUT }).where('id', '=', xihu[7]!.id).execute();
  const order = (projectId: number, tenantId: number, status: 'pending' | 'in_progress' | 'closed') => ({
    tenantId,
    projectId,
    status,
    level: 2,
    assigneeId: 1,
    dispatcherId: 1,
    note: null,
    createdAt: now,
    dueAt: now + H,
    acceptedAt: null,
    resolvedAt: null,
    closedAt: status === 'closed' ? now : null,
    overdueAt: null,
    cause: null,
    measures: null,
    overrideReason: null,
    readings: null,
  });
  await app.db
    .insertInto('work_order')
    .values([
      order(ids.xihu, xihu[0]!.tenantid, 'pending'),
      order(ids.binjiang, xihu[0]!.tenantid, 'in_progress'),
      order(ids.binjiang, xihu[0]!.tenantid, 'closed'),
      order(ids.xuanwu, xuanwu[0]!.tenantid, 'pending'),
    ])
    .execute();
}, 60_000);
afterAll(async () => cleanup());

async function bigScreen(user: string) {
  const res = await app.inject({ method: 'GET', url: '/wisdompower/v1/monitor/bigScreen', headers: bearer(tokens[user]!) });
  return res.json() as { code: number; msg: string; data: BigScreenData };
}
/** Non-zero days as {days back: {level: count}}: the trend as written in the fixture's comments. */
function trendDays(d: BigScreenData) {
  const out: Record<number, Record<number, number>> = {};
  d.trend.days.forEach((_, i) => {
    for (const l of d.trend.byLevel) if (l.counts[i]) (out[d.trend.days.length - 1 - i] ??= {})[l.id] = l.counts[i]!;
  });
  return out;
}
const levels = (list: { id: number; count: number }[]) => Object.fromEntries(list.map((c) => [c.id, c.count]));

describe('GET monitor/bigScreen', () => {
  it('answers a project user the figures of its own projects, worked out by hand', async () => {
    const res = await bigScreen('zhangsan');
    expect(res.code, res.msg).toBe(0);
    const d = res.data;
    expect(d.kpis).toEqual({
      projects: 3,
      devices: 24,
      online: 23,
      onlineRate: 23 / 24,
      todayByLevel: [
        { id: 1, count: 1 },
        { id: 2, count: 2 },
        { id: 4, count: 0 },
      ],
      todayTotal: 3,
      // today's 事故, yesterday's 预警, the 20-day-old 预警 and the 40-day-old 报警
      unconfirmed: 4,
      // the pending and the in-progress order; the closed one and tenant B's are not
      openWorkOrders: 2,
      // today's confirmed: 2 min and 5 min
      mttaMs: 210 * S,
    });
    expect(d.trend.days).toHaveLength(30);
    expect(d.trend.days[29]).toBe(dayStartOf(Date.now(), DEFAULT_TIME_ZONE));
    expect(trendDays(d)).toEqual({ 0: { 1: 1, 2: 2 }, 1: { 4: 1 }, 6: { 2: 1 }, 20: { 4: 1 } });
    expect(d.topDevices.map((r) => [r.deviceId, r.count])).toEqual([
      [ids.xihu0, 2],
      [ids.xihu1, 2],
      [ids.binjiang0, 2],
    ]);
    expect(d.topDevices[0]).toMatchObject({ projectName: '西湖文化广场', name: expect.stringContaining('监测终端') });
    expect(d.topProjects).toEqual([
      { projectId: ids.xihu, name: '西湖文化广场', count: 4 },
      { projectId: ids.binjiang, name: '滨江科技园', count: 2 },
    ]);
    // the ticker's start: newest first, with what tripped and where
    expect(d.recent.map((a) => a.time)).toEqual([
      todayAt,
      todayAt - 1,
      todayAt - 2,
      expect.any(Number),
      expect.any(Number),
      expect.any(Number),
      expect.any(Number),
    ]);
    expect(d.recent[0]).toMatchObject({ level: 1, customtype: 1, dataId: 1001, value: 400, limit: 300, projectName: '西湖文化广场' });
  });

  it('never shows another tenant’s projects; the platform sees them all', async () => {
    const b = (await bigScreen('wangwu')).data;
    expect(b.kpis).toMatchObject({ projects: 2, devices: 16, online: 16, todayTotal: 1, unconfirmed: 1, openWorkOrders: 1, mttaMs: null });
    expect(levels(b.kpis.todayByLevel)).toEqual({ 1: 0, 2: 1, 4: 0 });
    expect(b.topProjects).toEqual([{ projectId: ids.xuanwu, name: '玄武区人民医院', count: 1 }]);
    expect(b.recent.every((a) => a.projectName === '玄武区人民医院')).toBe(true);
    const all = (await bigScreen('root')).data;
    expect(all.kpis).toMatchObject({ projects: 5, devices: 40, online: 39, todayTotal: 4, unconfirmed: 5, openWorkOrders: 3 });
    expect(all.topProjects.map((p) => p.projectId)).toEqual([ids.xihu, ids.binjiang, ids.xuanwu]);
  });

  it('is refused to a role without the monitoring pages', async () => {
    const res = await bigScreen('guest');
    expect(res.code).not.toBe(0);
    expect(res.data).toBeNull();
  });
});
