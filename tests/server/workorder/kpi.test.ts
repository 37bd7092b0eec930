import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { EVENT_CONFIRM, EVENT_LEVEL, EVENT_TYPE } from '../../../domain/enums';
import { median, nearestRank, type KpiDto } from '../../../domain/schemas/workorder';
import { testServer, type TestServer } from '../../infra/testApps';
import { login, PASSWORD, terminalsOfProject } from '../telemetry/helpers';
import { caller } from './helpers';

/**
 * The review figures (issue 29) against a fixture checked by hand: 20 alarms in one project on
 * 2026-01-10 from 08:00 Shanghai time (00:00 UTC), one every 10 minutes, 18 of them confirmed; ten
 * orders of two alarms each, eight closed. The expected numbers below are worked out in the comments,
 * not computed by the code under test.
 */
const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 10, 0, 0, 0); // 2026-01-10 08:00:00 Asia/Shanghai
/** time to confirm of alarms 0‥17 in seconds (alarms 18 and 19 stay unconfirmed), already sorted */
const TTA_S = [30, 45, 60, 90, 120, 150, 180, 240, 300, 360, 420, 480, 600, 720, 900, 1200, 1800, 3600];
/** time to close of orders 0‥7 in minutes from their first alarm; orders 8 and 9 stay open */
const TTR_MIN = [30, 45, 60, 90, 120, 180, 240, 600];
const CAUSES = ['误报', '过载', '误报', '线路老化', '接触不良', '过载', '设备故障', '其他'];
/** the figures' clock: 300 minutes after T0 */
const NOW = T0 + 300 * MIN;

let server: TestServer;
let app: FastifyInstance;
let zhangsan: ReturnType<typeof caller>;
let wangwu: ReturnType<typeof caller>;
let projectId: number;
let lisiId: number;
let zhangsanId: number;

beforeAll(async () => {
  server = await testServer({
    label: 'work order kpi app',
    rootPassword: PASSWORD,
    demoPassword: PASSWORD,
    demo: true,
    loginRateLimit: 100_000,
    escalation: { checkMs: 0 },
    workorder: { checkMs: 0, now: () => NOW },
  });
  app = server.app;
  const z = await login(app, 'zhangsan');
  zhangsanId = z.userId;
  lisiId = (await login(app, 'lisi')).userId;
  zhangsan = caller(app, z.token);
  wangwu = caller(app, (await login(app, 'wangwu')).token);
  const [device] = await terminalsOfProject(app, '西湖文化广场');
  const [other] = await terminalsOfProject(app, '滨江科技园');
  projectId = device!.projectid;
  const event = (d: typeof device, eventtime: number, confirmedAt: number | null) => ({
    eventtime,
    endtime: null,
    endeventid: 0,
    customtype: EVENT_TYPE.AFTERCURRENT,
    peceventlevel: EVENT_LEVEL.ALARM,
    confirmeventstatus: confirmedAt === null ? EVENT_CONFIRM.UNCONFIRM : EVENT_CONFIRM.CONFIRM,
    value: 400,
    endvalue: null,
    limitvalue: 300,
    dataid: 1001,
    description: 'fixture',
    remark: null,
    updatetime: confirmedAt,
    operator: confirmedAt === null ? null : 'zhangsan',
    remarkoperator: null,
    remarktime: null,
    escalatedat: null,
    deviceid: d!.id,
    projectid: d!.projectid,
    tenantid: d!.tenantid,
  });
  const ids: number[] = [];
  for (let i = 0; i < 20; i++) {
    const at = T0 + i * 10 * MIN;
    const row = await app.db
      .insertInto('peceventextend')
      .values(event(device, at, i < 18 ? at + TTA_S[i]! * 1000 : null))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  // Outside the figures: a minute before the period, and an alarm of another project in it.
  await app.db
    .insertInto('peceventextend')
    .values(event(device, T0 - MIN, T0))
    .execute();
  await app.db
    .insertInto('peceventextend')
    .values(event(other, T0 + 5 * MIN, T0 + 6 * MIN))
    .execute();

  for (let k = 0; k < 10; k++) {
    const firstAt = T0 + 2 * k * 10 * MIN;
    const createdAt = firstAt + 5 * MIN;
    const closedAt = k < 8 ? firstAt + TTR_MIN[k]! * MIN : null;
    const { id } = await app.db
      .insertInto('work_order')
      .values({
        tenantId: device!.tenantid,
        projectId,
        status: closedAt === null ? 'in_progress' : 'closed',
        level: EVENT_LEVEL.ALARM,
        assigneeId: k % 2 === 0 ? lisiId : zhangsanId,
        dispatcherId: zhangsanId,
        note: null,
        createdAt,
        // due two hours after dispatch: 125 minutes after the first alarm
        dueAt: createdAt + 120 * MIN,
        acceptedAt: createdAt,
        resolvedAt: closedAt,
        closedAt,
        overdueAt: null,
        cause: k < 8 ? CAUSES[k]! : null,
        measures: null,
        overrideReason: null,
        readings: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('work_order_event')
      .values([
        { orderId: id, eventId: ids[2 * k]! },
        { orderId: id, eventId: ids[2 * k + 1]! },
      ])
      .execute();
  }
});
afterAll(async () => {
  await server?.close();
});

const kpiUrl = (q: Record<string, string | number>) =>
  `/workorder/v1/kpi?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()}`;

describe('median and p90 (nearest rank)', () => {
  it('median: the middle value, the mean of the two middle ones for an even count; p90: the value at rank ⌈0.9·n⌉', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(nearestRank([], 90)).toBeNull();
    expect(nearestRank([7], 90)).toBe(7);
    expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 90)).toBe(10);
  });
});

describe('GET /workorder/v1/kpi', () => {
  it('gives the hand-checked figures of the fixture', async () => {
    const res = await zhangsan.get<KpiDto>(kpiUrl({ projectId, start: '2026-01-10 08:00:00', end: '2026-01-10 20:00:00' }));
    expect(res.code).toBe(0);
    expect(res.data).toEqual({
      // 20 alarms in the period; the one at 07:59 and the other project's are not counted
      alarms: 20,
      confirmed: 18,
      // 18 durations: the median is the mean of the 9th and 10th (300 s, 360 s) = 330 s;
      // p90 is the value at rank ⌈16.2⌉ = 17: 1800 s
      mttaMs: 330_000,
      mttaP90Ms: 1_800_000,
      orders: 10,
      closed: 8,
      // 8 durations 30 45 60 90 | 120 180 240 600 min: median (90 + 120) / 2 = 105 min; p90 rank ⌈7.2⌉ = 8: 600 min
      mttrMs: 105 * MIN,
      mttrP90Ms: 600 * MIN,
      // due 125 min after the first alarm: closed late at 180, 240 and 600 min (orders 5, 6, 7); of the
      // open ones order 8 was due at +285 min, before now (+300), order 9 at +305 min is not yet late
      overdue: 4,
      // 2 of the 8 recorded causes are 误报
      falseAlarmShare: 0.25,
      byOperator: [
        // lisi: orders 0 2 4 6 8, closed 30 60 120 240 → median 90 min; late: 6 and 8
        { userId: lisiId, userName: 'lisi', orders: 5, closed: 4, mttrMs: 90 * MIN, overdue: 2 },
        // zhangsan: orders 1 3 5 7 9, closed 45 90 180 600 → median 135 min; late: 5 and 7
        { userId: zhangsanId, userName: 'zhangsan', orders: 5, closed: 4, mttrMs: 135 * MIN, overdue: 2 },
      ].sort((a, b) => a.userId - b.userId),
    });
  });

  it('reads the period in the project zone: from 09:00 only alarms 6‥19 and orders 3‥9 count', async () => {
    const res = await zhangsan.get<KpiDto>(kpiUrl({ projectId, start: '2026-01-10 09:00:00', end: '2026-01-10 20:00:00' }));
    // alarms raised at +60 … +190 min: 14; confirmed: alarms 6‥17 = 12, TTA 180 … 1800, 3600 s:
    // sorted 180 240 300 360 420 480 600 720 900 1200 1800 3600 → median (480 + 600) / 2 = 540 s; p90 rank ⌈10.8⌉ = 11: 1800 s
    expect(res.data).toMatchObject({ alarms: 14, confirmed: 12, mttaMs: 540_000, mttaP90Ms: 1_800_000 });
    // orders whose first alarm is at or after +60 min: 3‥9 (7), closed 3‥7: 90 120 180 240 600 → median 180 min, p90 rank 5: 600 min
    expect(res.data).toMatchObject({ orders: 7, closed: 5, mttrMs: 180 * MIN, mttrP90Ms: 600 * MIN, overdue: 4 });
  });

  it('another tenant’s user gets not-found for the project and empty figures for its own scope', async () => {
    const foreign = await wangwu.get<KpiDto>(kpiUrl({ projectId, start: '2026-01-10 08:00:00', end: '2026-01-10 20:00:00' }));
    expect(foreign.code).not.toBe(0);
    expect(foreign.msg).toContain('不存在');
    const own = await wangwu.get<KpiDto>(kpiUrl({ start: '2026-01-10 08:00:00', end: '2026-01-10 20:00:00' }));
    expect(own.data).toMatchObject({ alarms: 0, orders: 0, mttaMs: null, mttrMs: null, falseAlarmShare: null, byOperator: [] });
    const bad = await zhangsan.get(kpiUrl({ start: '2026-01-10 20:00:00', end: '2026-01-10 08:00:00' }));
    expect(bad.msg).toContain('开始时间须早于结束时间');
  });
});
