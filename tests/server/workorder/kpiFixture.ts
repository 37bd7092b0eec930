import type { FastifyInstance } from 'fastify';
import { EVENT_CONFIRM, EVENT_LEVEL, EVENT_TYPE } from '../../../domain/enums';
import { testServer, type TestServer } from '../../infra/testApps';
import { login, PASSWORD, terminalsOfProject } from '../telemetry/helpers';
import { caller } from './helpers';

/**
 * The hand-checked fixture of the review figures (issue 29): 20 alarms in 西湖文化广场 on 2026-01-10
 * from 08:00 Shanghai time (00:00 UTC), one every 10 minutes, 18 of them confirmed (the even ones by
 * lisi, the odd ones by zhangsan); ten orders of two alarms each (order k: alarms 2k and 2k+1), eight
 * closed with a cause, assigned alternately to lisi (even k) and zhangsan (odd k). The alarms are spread
 * over three devices d0 d1 d2 and two types (t1 剩余电流, t2 温度) as DEVICE_TYPE says, so false-alarm
 * shares per device and type and repeated alarms can be worked out by hand. Outside the figures: an
 * alarm a minute before the period, one of 滨江科技园 (same tenant) in it, and tenant B's alarm and
 * order at 玄武区人民医院 in it, closed as 误报.
 */
export const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 10, 0, 0, 0); // 2026-01-10 08:00:00 Asia/Shanghai
/** time to confirm of alarms 0‥17 in seconds (alarms 18 and 19 stay unconfirmed), already sorted */
const TTA_S = [30, 45, 60, 90, 120, 150, 180, 240, 300, 360, 420, 480, 600, 720, 900, 1200, 1800, 3600];
/** time to close of orders 0‥7 in minutes from their first alarm; orders 8 and 9 stay open */
const TTR_MIN = [30, 45, 60, 90, 120, 180, 240, 600];
const CAUSES = ['误报', '过载', '误报', '线路老化', '接触不良', '过载', '设备故障', '其他'];
const T1 = EVENT_TYPE.AFTERCURRENT;
const T2 = EVENT_TYPE.TEMPERATURE;
/**
 * [device index, type] of alarm i. Per order (alarms 2k, 2k+1):
 *  0 误报 d0t1 d0t1 | 1 过载 d0t1 d1t2 | 2 误报 d1t2 d1t2 | 3 线路老化 d0t1 d0t1 | 4 接触不良 d2t1 d2t1
 *  5 过载 d1t1 d1t1 | 6 设备故障 d0t2 d0t2 | 7 其他 d2t2 d2t2 | 8 (open) d0t1 d0t1 | 9 (open) d1t2 d1t2
 */
// prettier-ignore
const DEVICE_TYPE: [number, number][] = [
  [0, T1], [0, T1], [0, T1], [1, T2], [1, T2], [1, T2], [0, T1], [0, T1], [2, T1], [2, T1],
  [1, T1], [1, T1], [0, T2], [0, T2], [2, T2], [2, T2], [0, T1], [0, T1], [1, T2], [1, T2],
];
/** the figures' clock: 300 minutes after T0 */
const NOW = T0 + 300 * MIN;

export interface KpiFixture {
  server: TestServer;
  app: FastifyInstance;
  zhangsan: ReturnType<typeof caller>;
  wangwu: ReturnType<typeof caller>;
  tokens: { zhangsan: string; wangwu: string };
  projectId: number;
  lisiId: number;
  zhangsanId: number;
  /** d0 d1 d2 of 西湖文化广场 */
  devices: { id: number; code: string }[];
}

type Terminal = Awaited<ReturnType<typeof terminalsOfProject>>[number];

function event(d: Terminal, eventtime: number, confirmedAt: number | null, type: number, operator: string | null) {
  return {
    eventtime,
    endtime: null,
    endeventid: 0,
    customtype: type,
    peceventlevel: EVENT_LEVEL.ALARM,
    confirmeventstatus: confirmedAt === null ? EVENT_CONFIRM.UNCONFIRM : EVENT_CONFIRM.CONFIRM,
    value: 400,
    endvalue: null,
    limitvalue: 300,
    dataid: type === T1 ? 1001 : 1002,
    description: 'fixture',
    remark: null,
    updatetime: confirmedAt,
    operator: confirmedAt === null ? null : operator,
    remarkoperator: null,
    remarktime: null,
    escalatedat: null,
    deviceid: d.id,
    projectid: d.projectid,
    tenantid: d.tenantid,
  };
}

async function insertOrder(
  app: FastifyInstance,
  d: Terminal,
  o: { assigneeId: number; firstAt: number; closedAt: number | null; cause: string | null; eventIds: number[] },
) {
  const createdAt = o.firstAt + 5 * MIN;
  const { id } = await app.db
    .insertInto('work_order')
    .values({
      tenantId: d.tenantid,
      projectId: d.projectid,
      status: o.closedAt === null ? 'in_progress' : 'closed',
      level: EVENT_LEVEL.ALARM,
      assigneeId: o.assigneeId,
      dispatcherId: o.assigneeId,
      note: null,
      createdAt,
      // due two hours after dispatch: 125 minutes after the first alarm
      dueAt: createdAt + 120 * MIN,
      acceptedAt: createdAt,
      resolvedAt: o.closedAt,
      closedAt: o.closedAt,
      overdueAt: null,
      cause: o.cause,
      measures: null,
      overrideReason: null,
      readings: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('work_order_event')
    .values(o.eventIds.map((eventId) => ({ orderId: id, eventId })))
    .execute();
}

/** A test server holding the fixture, its figures' clock at NOW. */
export async function kpiFixture(label: string): Promise<KpiFixture> {
  const server = await testServer({
    label,
    rootPassword: PASSWORD,
    demoPassword: PASSWORD,
    demo: true,
    loginRateLimit: 100_000,
    escalation: { checkMs: 0 },
    workorder: { checkMs: 0, now: () => NOW },
  });
  const app = server.app;
  const z = await login(app, 'zhangsan');
  const lisiId = (await login(app, 'lisi')).userId;
  const w = await login(app, 'wangwu');
  const xihu = await terminalsOfProject(app, '西湖文化广场');
  const [other] = await terminalsOfProject(app, '滨江科技园');
  const [foreign] = await terminalsOfProject(app, '玄武区人民医院');
  if (xihu.length < 3 || !other || !foreign) throw new Error('the demo ledger lacks the fixture’s devices');
  const insert = async (row: ReturnType<typeof event>) =>
    (await app.db.insertInto('peceventextend').values(row).returning('id').executeTakeFirstOrThrow()).id;

  const ids: number[] = [];
  for (let i = 0; i < 20; i++) {
    const at = T0 + i * 10 * MIN;
    const [d, type] = DEVICE_TYPE[i]!;
    ids.push(await insert(event(xihu[d]!, at, i < 18 ? at + TTA_S[i]! * 1000 : null, type, i % 2 === 0 ? 'lisi' : 'zhangsan')));
  }
  await insert(event(xihu[0]!, T0 - MIN, T0, T1, 'zhangsan'));
  await insert(event(other, T0 + 5 * MIN, T0 + 6 * MIN, T1, 'zhangsan'));
  const foreignEvent = await insert(event(foreign, T0 + 15 * MIN, T0 + 16 * MIN, T1, 'wangwu'));

  for (let k = 0; k < 10; k++) {
    const firstAt = T0 + 2 * k * 10 * MIN;
    await insertOrder(app, xihu[0]!, {
      assigneeId: k % 2 === 0 ? lisiId : z.userId,
      firstAt,
      closedAt: k < 8 ? firstAt + TTR_MIN[k]! * MIN : null,
      cause: k < 8 ? CAUSES[k]! : null,
      eventIds: [ids[2 * k]!, ids[2 * k + 1]!],
    });
  }
  await insertOrder(app, foreign, {
    assigneeId: w.userId,
    firstAt: T0 + 15 * MIN,
    closedAt: T0 + 45 * MIN,
    cause: '误报',
    eventIds: [foreignEvent],
  });

  return {
    server,
    app,
    zhangsan: caller(app, z.token),
    wangwu: caller(app, w.token),
    tokens: { zhangsan: z.token, wangwu: w.token },
    projectId: xihu[0]!.projectid,
    lisiId,
    zhangsanId: z.userId,
    devices: xihu.slice(0, 3).map((t) => ({ id: t.id, code: t.code })),
  };
}

export const figuresUrl = (path: 'kpi' | 'figures' | 'figures/xlsx', q: Record<string, string | number>) =>
  `/workorder/v1/${path}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()}`;
