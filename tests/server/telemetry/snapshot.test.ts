import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import type { DeviceSnapshot, MeasureMessage, NoticeMessage } from '../../../domain/telemetry';
import { SOCKET_EVENT, type WatchRequest } from '../../../domain/socketProtocol';
import { bearer, login, makeApp, terminalsOfProject } from './helpers';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let url: string;
let userA: { token: string; userId: number };
let userB: { token: string; userId: number };
let devA: { id: number; code: string };
let devB: { id: number; code: string };
const open: Socket[] = [];

beforeAll(async () => {
  ({ app, cleanup } = await makeApp());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  userA = await login(app, 'zhangsan');
  userB = await login(app, 'wangwu');
  devA = (await terminalsOfProject(app, '西湖文化广场'))[1]!;
  devB = (await terminalsOfProject(app, '武侯购物中心'))[1]!;
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await cleanup();
});

async function snapshot(token: string, query = ''): Promise<{ code: number; msg: string; data: DeviceSnapshot[] }> {
  const res = await app.inject({ method: 'GET', url: `/wisdompower/v1/realtime/snapshot${query}`, headers: bearer(token) });
  return res.json();
}

describe('realtime snapshot', () => {
  it('holds each visible device with its latest values and highest active alarm', async () => {
    const t = Date.now() - 60_000;
    await app.telemetry.ingest(
      {
        device: devA.code,
        time: t,
        values: [
          { dataId: 1001, value: 120 },
          { dataId: 1101, value: 41.5 },
        ],
      },
      { trusted: true },
    );
    await app.telemetry.ingest({ device: devA.code, time: t + 1000, values: [{ dataId: 1001, value: 450 }] }, { trusted: true });
    const body = await snapshot(userA.token);
    expect(body.code).toBe(0);
    const tile = body.data.find((d) => d.deviceId === devA.id)!;
    expect(tile).toMatchObject({ code: devA.code, values: { 1001: 450, 1101: 41.5 }, alarmRank: 2, activeAlarms: 1, time: t + 1000 });
    // what tripped: the measure, the value it reached and the limit it crossed (issue 30)
    expect(tile.trip).toMatchObject({ level: 2, customtype: 1, dataId: 1001, value: 450, limit: 300 });
    const quiet = body.data.find((d) => d.deviceId !== devA.id)!;
    expect(quiet).toMatchObject({ alarmRank: 0, activeAlarms: 0, trip: null });
  });

  it('shows a project user only its tenant and narrows to the projects asked for', async () => {
    const a = await snapshot(userA.token);
    expect(a.data).toHaveLength(24);
    expect(a.data.some((d) => d.deviceId === devB.id)).toBe(false);
    const b = await snapshot(userB.token);
    expect(b.data).toHaveLength(16);
    const one = await snapshot(userA.token, `?projectIds=${a.data[0]!.projectId}`);
    expect(one.data).toHaveLength(8);
    // asking for another tenant's project yields nothing of it
    const other = await snapshot(userA.token, `?projectIds=${b.data[0]!.projectId}`);
    expect(other.data).toEqual([]);
  });

  it('refuses malformed project ids with a message naming the field', async () => {
    const body = await snapshot(userA.token, '?projectIds=1;drop');
    expect(body.code).not.toBe(0);
    expect(body.msg).toContain('projectIds');
  });
});

interface Console {
  measures: MeasureMessage[];
  alarms: NoticeMessage[];
  watch(request: unknown): Promise<{ code: number; msg: string }>;
}

/** A console as the browser connects it, watching what `request` says (nothing when omitted). */
async function consoleOf(user: { token: string; userId: number }, request?: WatchRequest): Promise<Console> {
  const socket = connect(url, {
    path: '/messageServer/websocket',
    transports: ['websocket'],
    reconnection: false,
    auth: { token: user.token, userId: user.userId },
  });
  open.push(socket);
  const c: Console = {
    measures: [],
    alarms: [],
    watch: (r) => new Promise((resolve) => socket.emit(SOCKET_EVENT.WATCH, r, resolve)),
  };
  socket.on('measures', (list: MeasureMessage[]) => c.measures.push(...list));
  socket.on('message', (m: NoticeMessage) => m.kind === 'alarm.raised' && c.alarms.push(m));
  await new Promise((r) => socket.once('ready', r));
  if (request) expect((await c.watch(request)).code).toBe(0);
  return c;
}

const until = (what: () => boolean) => vi.waitFor(() => expect(what()).toBe(true), { timeout: 3000, interval: 10 });

describe('measurement push', () => {
  let reading = 0;
  /** Ingests a distinct value; resolves once `witness` (watching everything) has it, i.e. the batch went out. */
  async function ingest(device: { code: string }, witness: Console, dataId = 1102): Promise<number> {
    const value = 30 + ++reading / 100;
    await app.telemetry.ingest({ device: device.code, time: Date.now() - 1000, values: [{ dataId, value }] }, { trusted: true });
    await until(() => witness.measures.some((m) => m.values[dataId] === value));
    return value;
  }
  const has = (c: Console, value: number) => c.measures.filter((m) => m.values[1102] === value).length;

  it('sends committed values to the clients allowed to see the project, and only to them', async () => {
    const a = await consoleOf(userA, { projectIds: 'all', deviceIds: [] });
    const b = await consoleOf(userB, { projectIds: 'all', deviceIds: [] });
    const witnessB = await consoleOf(userB, { projectIds: 'all', deviceIds: [] });
    const v = await ingest(devA, a);
    expect(a.measures.find((m) => m.values[1102] === v)).toMatchObject({ deviceId: devA.id, projectId: expect.any(Number) });
    await ingest(devB, witnessB);
    // tenant B's user hears nothing of tenant A's device
    expect(b.measures.filter((m) => m.deviceId === devA.id)).toEqual([]);
  });

  it("a console watching one project's wall gets that project's values only; alarms reach every allowed console", async () => {
    const other = (await terminalsOfProject(app, '滨江科技园'))[0]!;
    const witness = await consoleOf(userA, { projectIds: 'all', deviceIds: [] });
    const wall = await consoleOf(userA, { projectIds: [(await terminalsOfProject(app, '西湖文化广场'))[0]!.projectid], deviceIds: [] });
    const idle = await consoleOf(userA);
    const mine = await ingest(devA, witness);
    const theirs = await ingest(other, witness);
    expect(has(wall, mine)).toBe(1);
    expect(has(wall, theirs)).toBe(0);
    expect(idle.measures).toEqual([]);
    // An alarm is not a live value: the console watching nothing gets it as well.
    await app.telemetry.ingest({ device: other.code, time: Date.now() - 500, values: [{ dataId: 1001, value: 480 }] }, { trusted: true });
    await until(() => idle.alarms.some((m) => m.description.deviceId === other.id));
    await until(() => wall.alarms.some((m) => m.description.deviceId === other.id));
  });

  it('a watched device comes alone, once even when its project is watched too, and a new watch replaces the old', async () => {
    const [d1, d2] = await terminalsOfProject(app, '西湖文化广场');
    const witness = await consoleOf(userA, { projectIds: 'all', deviceIds: [] });
    const dialog = await consoleOf(userA, { projectIds: [], deviceIds: [d1!.id] });
    const both = await consoleOf(userA, { projectIds: [d1!.projectid], deviceIds: [d1!.id] });
    const v1 = await ingest(d1!, witness);
    const v2 = await ingest(d2!, witness);
    expect([has(dialog, v1), has(dialog, v2)]).toEqual([1, 0]);
    expect([has(both, v1), has(both, v2)]).toEqual([1, 1]);
    expect((await dialog.watch({ projectIds: [], deviceIds: [] })).code).toBe(0);
    const v3 = await ingest(d1!, witness);
    expect(has(dialog, v3)).toBe(0);
  });

  it("another tenant's projects and devices are never pushed, whatever the watch asks", async () => {
    const witness = await consoleOf(userA, { projectIds: 'all', deviceIds: [] });
    const nosy = await consoleOf(userB, {
      projectIds: [(await terminalsOfProject(app, '西湖文化广场'))[0]!.projectid],
      deviceIds: [devA.id],
    });
    const v = await ingest(devA, witness);
    expect(has(nosy, v)).toBe(0);
  });

  it('refuses a malformed watch with a message naming the fields', async () => {
    const c = await consoleOf(userA);
    for (const bad of [null, 'all', { projectIds: ['1'] }, { projectIds: 'all', deviceIds: [0] }, { deviceIds: Array(20_001).fill(1) }]) {
      const answer = await c.watch(bad);
      expect(answer.code).toBe(400);
      expect(answer.msg).toContain('projectIds');
    }
  });
});
