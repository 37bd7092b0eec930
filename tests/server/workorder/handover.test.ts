import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { HandoverDetailDto, HandoverDraftDto, HandoverRowDto } from '../../../domain/schemas/handover';
import { DEFAULT_SYSTEM_SETTINGS } from '../../../domain/schemas/info';
import { DEVICE_STATUS } from '../../../domain/enums';
import { formatIn, wallTime } from '../../../domain/timeZone';
import { testServer, type TestServer } from '../../infra/testApps';
import { login, PASSWORD, terminalsOfProject } from '../telemetry/helpers';
import { caller } from './helpers';

/**
 * Shift handover (交接班, issue 29 item 5) through the real server: shifts saved in 系统配置, alarms
 * raised through the ingest path, the summary of the shift (alarms by level, unconfirmed, orders open
 * and overdue, devices offline), 交班 with a note, 接班 by another operator, once; the list, the detail,
 * scope and permissions. The handover clock is the work orders' (fixed by the test).
 */
const ZONE = 'Asia/Shanghai';
const HOUR = 3600_000;
let server: TestServer;
let app: FastifyInstance;
let clock = 0;
let zhangsan: ReturnType<typeof caller>;
let lisi: ReturnType<typeof caller>;
let wangwu: ReturnType<typeof caller>;
let lisiId: number;
let devices: { id: number; code: string; projectid: number }[];
/** the start of the test's 早班: a whole local hour at least 13 h ago, so the whole shift is in the past */
let shiftStart = 0;
let readingTime = 0;

beforeAll(async () => {
  server = await testServer({
    label: 'handover app',
    rootPassword: PASSWORD,
    demoPassword: PASSWORD,
    demo: true,
    loginRateLimit: 100_000,
    escalation: { checkMs: 0 },
    workorder: { checkMs: 0, now: () => clock },
  });
  app = server.app;
  const z = await login(app, 'zhangsan');
  const l = await login(app, 'lisi');
  zhangsan = caller(app, z.token);
  lisi = caller(app, l.token);
  wangwu = caller(app, (await login(app, 'wangwu')).token);
  lisiId = l.userId;
  devices = await terminalsOfProject(app, '西湖文化广场');
  const [y, m, d, h] = formatIn(Date.now() - 13 * HOUR, 'yyyy-MM-dd-HH', ZONE)
    .split('-')
    .map(Number) as [number, number, number, number];
  shiftStart = wallTime(ZONE, y, m - 1, d, h);
  readingTime = shiftStart;
  const hh = (t: number) => formatIn(t, 'HH:mm', ZONE);
  const saved = await zhangsan.post('/wisdompower/v1/system/setting/save', {
    settings: {
      ...DEFAULT_SYSTEM_SETTINGS,
      timeZone: ZONE,
      shifts: [
        { name: '早班', start: hh(shiftStart), end: hh(shiftStart + 12 * HOUR) },
        { name: '晚班', start: hh(shiftStart + 12 * HOUR), end: hh(shiftStart) },
      ],
    },
  });
  expect(saved.code, saved.msg).toBe(0);
});
afterAll(async () => {
  await server?.close();
});

/** One reading a minute after the last (the alarm engine stamps events with the reading time). */
async function ingest(device: { code: string }, dataId: number, value: number): Promise<void> {
  readingTime += 60_000;
  const r = await app.telemetry.ingest({ device: device.code, time: readingTime, values: [{ dataId, value }] }, { trusted: true });
  expect(r.accepted).toBe(1);
}

async function eventAt(deviceId: number): Promise<number> {
  const row = await app.db
    .selectFrom('peceventextend')
    .select('id')
    .where('eventtime', '=', readingTime)
    .where('deviceid', '=', deviceId)
    .executeTakeFirstOrThrow();
  return row.id;
}

const draft = async (who = zhangsan) => {
  const r = await who.get<HandoverDraftDto>('/workorder/v1/handover/draft');
  expect(r.code, r.msg).toBe(0);
  return r.data;
};

describe('交接班', () => {
  let handoverId = 0;
  let alarmId = 0;
  let accidentId = 0;

  it('summarises the shift: its alarms by level, the unconfirmed ones, open and overdue orders, devices offline', async () => {
    clock = shiftStart + 11 * HOUR;
    const before = await draft();
    // an hour before the 早班 ends, the shift handed over is the 早班 from its start
    expect(before.shift).toEqual({ name: '早班', start: shiftStart, end: shiftStart + 12 * HOUR });
    expect(before.summary.alarms).toBe(0);

    // a 报警 (residual current 400 mA) and a 事故 (probe fault) in the shift
    await ingest(devices[0]!, 1001, 400);
    alarmId = await eventAt(devices[0]!.id);
    await ingest(devices[1]!, 1501, 1);
    accidentId = await eventAt(devices[1]!.id);
    // the 报警 is confirmed; the 事故 stays unconfirmed
    const confirmed = await zhangsan.post('/wisdompower/v1/event/save', [{ id: alarmId, confirmeventstatus: 3 }]);
    expect(confirmed.code, confirmed.msg).toBe(0);
    // an order for the 事故, already past due at the handover
    const order = await zhangsan.post<{ id: number }>('/workorder/v1/order', {
      eventIds: [accidentId],
      assigneeId: lisiId,
      dueAt: clock + 60_000,
    });
    expect(order.code, order.msg).toBe(0);
    // a device out of communication
    await app.db.updateTable('terminal').set({ devicestatus: DEVICE_STATUS.AUTO_EXIT }).where('id', '=', devices[2]!.id).execute();

    clock += 2 * 60_000;
    const now = await draft();
    expect(now.summary.alarmsByLevel).toEqual([
      { level: 1, count: 1 },
      { level: 2, count: 1 },
    ]);
    expect(now.summary.alarms).toBe(2);
    expect(now.summary.unconfirmed).toBe(before.summary.unconfirmed + 1);
    expect(now.summary.unconfirmedList.map((e) => e.id)).toContain(accidentId);
    expect(now.summary.unconfirmedList.map((e) => e.id)).not.toContain(alarmId);
    expect(now.summary.ordersOpen).toBe(before.summary.ordersOpen + 1);
    expect(now.summary.ordersOverdue).toBe(before.summary.ordersOverdue + 1);
    expect(now.summary.orderList[0]).toMatchObject({ id: order.data.id, overdue: true, level: 1, assigneeName: 'lisi' });
    expect(now.summary.devicesOffline).toBe(before.summary.devicesOffline + 1);
    expect(now.summary.offlineList.map((d) => d.id)).toContain(devices[2]!.id);
  });

  it('交班 stores the summary with the note; 接班 by another operator, once; the list and the detail', async () => {
    const handed = await zhangsan.post<{ id: number }>('/workorder/v1/handover', { note: '3号柜探头待更换' });
    expect(handed.code, handed.msg).toBe(0);
    handoverId = handed.data.id;
    // the same shift again: refused
    const twice = await zhangsan.post('/workorder/v1/handover', {});
    expect(twice.code).toBe(4722);
    expect(twice.msg).toContain('早班');

    // the one who handed over cannot accept
    const self = await zhangsan.post(`/workorder/v1/handover/${handoverId}/accept`, {});
    expect(self.code).toBe(4721);

    const stored = (await lisi.get<HandoverDetailDto>(`/workorder/v1/handover/${handoverId}`)).data;
    expect(stored).toMatchObject({ status: 'handed', note: '3号柜探头待更换', fromUserName: 'zhangsan', toUserId: null });
    expect(stored.summary.alarms).toBe(2);
    expect(stored.summary.unconfirmedList.map((e) => e.id)).toContain(accidentId);

    clock += 5 * 60_000;
    const accepted = await lisi.post(`/workorder/v1/handover/${handoverId}/accept`, { note: '已知悉' });
    expect(accepted).toMatchObject({ code: 0, data: { id: handoverId, status: 'accepted' } });
    const again = await lisi.post(`/workorder/v1/handover/${handoverId}/accept`, {});
    expect(again.code).toBe(4720);
    expect(again.msg).toBe(`交接班 ${handoverId} 已由lisi接班`);

    // the summary stays as handed over, whatever happens after
    expect((await zhangsan.post('/wisdompower/v1/event/save', [{ id: accidentId, confirmeventstatus: 3 }])).code).toBe(0);
    const detail = (await zhangsan.get<HandoverDetailDto>(`/workorder/v1/handover/${handoverId}`)).data;
    expect(detail).toMatchObject({ status: 'accepted', toUserName: 'lisi', acceptedAt: clock, acceptNote: '已知悉' });
    expect(detail.summary.unconfirmedList.map((e) => e.id)).toContain(accidentId);

    const list = await lisi.post<HandoverRowDto[]>('/workorder/v1/handover/list', { page: { index: 0, limit: 10 }, filter: {} });
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id: handoverId, status: 'accepted', shift: { name: '早班', start: shiftStart } });
    const handedOnly = await lisi.post<HandoverRowDto[]>('/workorder/v1/handover/list', { filter: { status: 'handed' } });
    expect(handedOnly.total).toBe(0);

    // both steps in the operation log with before and after
    const log = await app.db.selectFrom('event_log').selectAll().where('subject', '=', `handover:${handoverId}`).orderBy('seq').execute();
    expect(log.map((e) => [e.kind, e.actorName])).toEqual([
      ['handover.created', 'zhangsan'],
      ['handover.accepted', 'lisi'],
    ]);
    expect(JSON.parse(log[1]!.payload)).toMatchObject({ before: { status: 'handed' }, after: { status: 'accepted' } });
  });

  it('another tenant sees nothing of it; a role without 交接班 cannot hand over; English messages', async () => {
    expect((await wangwu.get(`/workorder/v1/handover/${handoverId}`)).msg).toBe(`交接班 ${handoverId} 不存在`);
    expect((await wangwu.post(`/workorder/v1/handover/${handoverId}/accept`, {})).msg).toBe(`交接班 ${handoverId} 不存在`);
    expect((await wangwu.post<HandoverRowDto[]>('/workorder/v1/handover/list', {})).total).toBe(0);
    // wangwu's own shift summary covers tenant B only: none of tenant A's alarms
    const other = await draft(wangwu);
    expect(other.summary.unconfirmedList.map((e) => e.id)).not.toContain(accidentId);

    const guest = caller(app, (await login(app, 'guest')).token);
    expect((await guest.get('/workorder/v1/handover/draft')).msg).toBe('无操作权限!');
    expect((await guest.post('/workorder/v1/handover', {})).msg).toBe('无操作权限!');

    const en = caller(app, (await login(app, 'lisi')).token, 'en');
    const again = await en.post(`/workorder/v1/handover/${handoverId}/accept`, {});
    expect(again.msg).toBe(`Handover ${handoverId} was already accepted by lisi`);
    const adminEn = caller(app, (await login(app, 'zhangsan')).token, 'en');
    const bad = await adminEn.post('/wisdompower/v1/system/setting/save', {
      settings: { ...DEFAULT_SYSTEM_SETTINGS, shifts: [{ name: '白班', start: '08:00', end: '08:00' }] },
    });
    expect(bad.code).not.toBe(0);
    expect(bad.msg).toContain('Shifts are 1 to 6 ranges with distinct names');
  });
});
