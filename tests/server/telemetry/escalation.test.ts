import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import type { NoticeMessage, PecEvent } from '../../../domain/telemetry';
import type { EscalationDto } from '../../../domain/escalation';
import { DEFAULT_SYSTEM_SETTINGS, type SettingRoleDto } from '../../../domain/schemas/info';
import { testServer, type TestServer } from '../../infra/testApps';
import { bearer, login, PASSWORD, terminalsOfProject } from './helpers';

/**
 * Escalation of unconfirmed alarms (issue 19) through the real server: the periodic job runs only
 * when the test runs it (never between two steps of a test), against a clock the test moves; consoles
 * listen with real socket.io clients, and a restart on the same store shows the decision comes from
 * what is stored.
 */
/** the escalation job's clock; readings are stamped apart from it, in the recent past (ingest refuses the future) */
let clock = 0;
let readingTime = Date.now() - 6 * 3600_000;
let server: TestServer;
let app: FastifyInstance;
let url: string;
const open: Socket[] = [];
let zhangsan: { token: string; userId: number };
let lisi: { token: string; userId: number };
let wangwu: { token: string; userId: number };
let devices: { id: number; code: string }[];
let dutyRoleId: number;

async function listen(): Promise<void> {
  app = server.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}

beforeAll(async () => {
  server = await testServer({
    label: 'escalation app',
    rootPassword: PASSWORD,
    demoPassword: PASSWORD,
    demo: true,
    loginRateLimit: 100_000,
    escalation: { checkMs: 5_000, now: () => clock },
  });
  await listen();
  zhangsan = await login(app, 'zhangsan');
  lisi = await login(app, 'lisi');
  wangwu = await login(app, 'wangwu');
  devices = await terminalsOfProject(app, '西湖文化广场');
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await server.close();
});

const post = async <T>(token: string, url: string, payload: unknown) =>
  (await app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object })).json() as {
    code: number;
    msg: string;
    data: T;
    total?: number;
  };
const get = async <T>(token: string, url: string) =>
  (await app.inject({ method: 'GET', url, headers: bearer(token) })).json() as { code: number; msg: string; data: T };

interface Client {
  messages: NoticeMessage[];
  ready: Promise<unknown>;
}
function client(user: { token: string; userId: number }): Client {
  const socket = connect(url, {
    path: '/messageServer/websocket',
    transports: ['websocket'],
    reconnection: false,
    auth: { token: user.token, userId: user.userId },
  });
  open.push(socket);
  const c: Client = { messages: [], ready: new Promise((r) => socket.once('ready', r)) };
  socket.on('message', (m: NoticeMessage) => c.messages.push(m));
  return c;
}

/** One run of the escalation job at the current clock, finished when it returns. */
const check = () => server.jobs.run('alarms.escalate');

/**
 * Raises an alarm on a device a minute after the previous reading and sets the job's clock to that
 * moment; returns the event id. 400 mA is 报警, 260 mA 预警, a probe failure 事故.
 */
async function raise(device: { code: string }, values: { dataId: number; value: number }[]): Promise<number> {
  readingTime += 60_000;
  clock = readingTime;
  const r = await app.telemetry.ingest({ device: device.code, time: readingTime, values }, { trusted: true });
  expect(r.accepted).toBe(values.length);
  const row = await app.db
    .selectFrom('peceventextend')
    .select('id')
    .where('eventtime', '=', readingTime)
    .where('endeventid', '=', 0)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}
const escalated = (c: Client, kind = 'alarm.escalated') => c.messages.filter((m) => m.kind === kind);

describe('escalation settings', () => {
  it('offers the tenant’s roles, refuses another tenant’s role and bad times, and saves per level', async () => {
    const roles = await post<SettingRoleDto[]>(zhangsan.token, '/wisdompower/v1/system/setting/roles', {});
    expect(roles.code).toBe(0);
    expect(roles.data.map((r) => r.name)).toEqual(['项目管理员', '值班员']);
    dutyRoleId = roles.data.find((r) => r.name === '值班员')!.id;
    const tenantBRoles = await post<SettingRoleDto[]>(wangwu.token, '/wisdompower/v1/system/setting/roles', {});
    const foreign = await post(zhangsan.token, '/wisdompower/v1/system/setting/save', {
      settings: { ...DEFAULT_SYSTEM_SETTINGS, escalateRoleId: tenantBRoles.data[0]!.id },
    });
    expect(foreign.code).not.toBe(0);
    expect(foreign.msg).toContain('不是本租户的角色');
    const tooShort = await post(zhangsan.token, '/wisdompower/v1/system/setting/save', {
      settings: { ...DEFAULT_SYSTEM_SETTINGS, escalateAlarmSeconds: 5 },
    });
    expect(tooShort.code).not.toBe(0);
    expect(tooShort.msg).toContain('升级时限须为 0（不升级）或 10 到 86400 秒');
    const en = (
      await app.inject({
        method: 'POST',
        url: '/wisdompower/v1/system/setting/save',
        headers: { ...bearer(zhangsan.token), 'accept-language': 'en' },
        payload: { settings: { ...DEFAULT_SYSTEM_SETTINGS, escalateAlarmSeconds: 5 } },
      })
    ).json() as { msg: string };
    expect(en.msg).toContain('0 (no escalation) or 10 to 86400 seconds');

    const saved = await post(zhangsan.token, '/wisdompower/v1/system/setting/save', {
      settings: { ...DEFAULT_SYSTEM_SETTINGS, escalateAccidentSeconds: 60, escalateAlarmSeconds: 120, escalateRoleId: dutyRoleId },
    });
    expect(saved.code).toBe(0);
  });

  it('an older saved record without the escalation keys gets the defaults (事故 5 min, 报警 15 min, 预警 off)', async () => {
    expect(DEFAULT_SYSTEM_SETTINGS).toMatchObject({
      escalateAccidentSeconds: 300,
      escalateAlarmSeconds: 900,
      escalateWarningSeconds: 0,
      escalateRoleId: 0,
      floodThreshold: 5,
      floodWindowSeconds: 60,
    });
    const b = await post<{ settings: typeof DEFAULT_SYSTEM_SETTINGS }>(wangwu.token, '/wisdompower/v1/system/setting', {});
    expect(b.data.settings.escalateAlarmSeconds).toBe(900);
  });
});

describe('escalation of unconfirmed alarms', () => {
  it('escalates after the level’s time: banner data for the project’s consoles, a message to the role, the event mark and the log line', async () => {
    const a = client(zhangsan);
    const duty = client(lisi);
    const b = client(wangwu);
    await Promise.all([a.ready, duty.ready, b.ready]);
    const alarmId = await raise(devices[0]!, [{ dataId: 1001, value: 400 }]);
    const raisedAt = clock;
    clock = raisedAt + 119_000;
    await check();
    expect(escalated(a)).toEqual([]);
    expect((await get<EscalationDto[]>(zhangsan.token, '/wisdompower/v1/event/escalations')).data).toEqual([]);

    clock = raisedAt + 120_000;
    await check();
    await vi.waitFor(() => {
      expect(escalated(a)).toHaveLength(1);
      expect(escalated(duty)).toHaveLength(1);
      expect(escalated(duty, 'alarm.escalation_notified')).toHaveLength(1);
    });
    const m = escalated(a)[0]!;
    expect(m.projectId).toBe(devices[0] && (await app.telemetry.devices.get(devices[0].id))!.projectid);
    expect(m.logTypeName).toBe('告警升级：剩余电流报警');
    expect(m.payload).toMatchObject({ eventId: alarmId, limitSeconds: 120, escalatedAt: clock, roleName: '值班员', notified: 1 });
    expect(m.description).toMatchObject({ deviceCode: devices[0]!.code, projectName: '西湖文化广场' });
    // The role's console hears the escalation and then its own message, in seq order: a console drops
    // a message whose seq is not above the last it saw (the wall once lost its banner that way).
    const seqs = duty.messages.map((x) => x.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(duty.messages.slice(-2).map((x) => x.kind)).toEqual(['alarm.escalated', 'alarm.escalation_notified']);
    // Only the role's users get the message; tenant B hears nothing of it.
    expect(escalated(a, 'alarm.escalation_notified')).toEqual([]);
    expect(b.messages.filter((x) => x.kind.startsWith('alarm.escalat'))).toEqual([]);

    const list = await get<EscalationDto[]>(zhangsan.token, '/wisdompower/v1/event/escalations');
    expect(list.data).toMatchObject([
      { eventId: alarmId, level: 2, deviceCode: devices[0]!.code, projectName: '西湖文化广场', escalatedAt: clock },
    ]);
    expect((await get<EscalationDto[]>(wangwu.token, '/wisdompower/v1/event/escalations')).data).toEqual([]);

    // The event list marks it.
    const rows = await post<PecEvent[]>(zhangsan.token, '/wisdompower/v1/event/list', {
      rootCondition: { filter: { expressions: [{ prop: 'id', operator: 'EQ', limit: alarmId }] } },
    });
    expect(rows.data[0]).toMatchObject({ id: alarmId, escalatedat: clock });

    // One line in the operation log, and the message in the role user's message centre.
    const logged = await app.db.selectFrom('event_log').selectAll().where('subject', '=', `peceventextend:${alarmId}`).execute();
    expect(logged.filter((r) => r.kind === 'alarm.escalated')).toHaveLength(1);
    const centre = async (user: { token: string; userId: number }) =>
      (
        await post<{ logTypeName: string; content: string }[]>(user.token, '/messageServer/v1/log', {
          startTime: 0,
          endTime: Date.now() + 60_000,
          receiver: user.userId,
          page: { index: 0, limit: 100 },
        })
      ).data;
    const dutyCentre = (await centre(lisi)).filter((r) => r.logTypeName.startsWith('告警升级'));
    // the project's escalation line and the message sent to this user
    expect(dutyCentre).toHaveLength(2);
    expect(dutyCentre[0]!.content).toContain('2 分钟内未确认');
    expect((await centre(zhangsan)).filter((r) => r.logTypeName.startsWith('告警升级'))).toHaveLength(1);

    // It escalates once: later checks add nothing.
    clock += 600_000;
    await check();
    expect(escalated(a)).toHaveLength(1);

    // Confirming ends it everywhere.
    const confirmed = await post(zhangsan.token, '/wisdompower/v1/event/save', [{ id: alarmId, confirmeventstatus: 3 }]);
    expect(confirmed.code).toBe(0);
    await vi.waitFor(() =>
      expect(a.messages.some((x) => x.kind === 'alarm.confirmed' && (x.payload as { eventId: number }).eventId === alarmId)).toBe(true),
    );
    expect((await get<EscalationDto[]>(zhangsan.token, '/wisdompower/v1/event/escalations')).data).toEqual([]);
  });

  it('neither a confirmed alarm nor one of a level turned off (预警) escalates', async () => {
    const a = client(zhangsan);
    await a.ready;
    const accident = await raise(devices[1]!, [{ dataId: 1501, value: 1 }]);
    expect(await post(zhangsan.token, '/wisdompower/v1/event/save', [{ id: accident, confirmeventstatus: 3 }])).toMatchObject({ code: 0 });
    const warning = await raise(devices[2]!, [{ dataId: 1001, value: 260 }]);
    clock += 86_400_000;
    await check();
    expect(escalated(a).map((m) => m.payload)).toEqual([]);
    const rows = await app.db.selectFrom('peceventextend').select(['id', 'escalatedat']).where('id', 'in', [accident, warning]).execute();
    expect(rows.map((r) => r.escalatedat)).toEqual([null, null]);
  });

  it('survives a restart: what became due while the server was down escalates at the first check, nothing twice', async () => {
    const before = await raise(devices[3]!, [{ dataId: 1501, value: 1 }]);
    clock += 60_000;
    await check();
    expect((await get<EscalationDto[]>(zhangsan.token, '/wisdompower/v1/event/escalations')).data).toHaveLength(1);
    const whileDown = await raise(devices[4]!, [{ dataId: 1501, value: 1 }]);
    for (const s of open) s.disconnect();

    clock = readingTime + 60_000;
    server = await server.restart();
    await listen();
    zhangsan = await login(app, 'zhangsan');
    await check();
    expect((await get<EscalationDto[]>(zhangsan.token, '/wisdompower/v1/event/escalations')).data).toHaveLength(2);
    await check();
    const logged = await app.db
      .selectFrom('event_log')
      .select(['subject'])
      .where('kind', '=', 'alarm.escalated')
      .where('subject', 'in', [`peceventextend:${before}`, `peceventextend:${whileDown}`])
      .execute();
    // one line each: the one escalated before the restart was not escalated again
    expect(logged.map((r) => r.subject).sort()).toEqual([`peceventextend:${before}`, `peceventextend:${whileDown}`].sort());
  });

  it('a flood left unconfirmed escalates in one check: every event once, each with its message to the role, in seq order', async () => {
    const duty = client(lisi);
    await duty.ready;
    const seen = escalated(duty).length;
    const ids: number[] = [];
    for (const d of devices.slice(5)) ids.push(await raise(d, [{ dataId: 1501, value: 1 }]));
    expect(ids.length).toBeGreaterThanOrEqual(3);
    // one of them confirmed before its time: it must not escalate with the rest
    expect(await post(zhangsan.token, '/wisdompower/v1/event/save', [{ id: ids[0], confirmeventstatus: 3 }])).toMatchObject({ code: 0 });
    clock += 3600_000;
    await check();
    const want = ids.slice(1);
    await vi.waitFor(() => expect(escalated(duty).length - seen).toBe(want.length));
    const got = escalated(duty).slice(seen);
    expect(got.map((m) => (m.payload as { eventId: number }).eventId).sort((a, b) => a - b)).toEqual(want);
    expect(got.every((m) => (m.payload as { notified: number }).notified === 1)).toBe(true);
    const notified = escalated(duty, 'alarm.escalation_notified').map((m) => (m.payload as { eventId: number }).eventId);
    for (const id of want) expect(notified).toContain(id);
    expect(notified).not.toContain(ids[0]);
    const seqs = duty.messages.map((x) => x.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    const rows = await app.db.selectFrom('peceventextend').select(['id', 'escalatedat']).where('id', 'in', ids).orderBy('id').execute();
    expect(rows.map((r) => r.escalatedat)).toEqual(ids.map((_, i) => (i === 0 ? null : clock)));
  });
});
