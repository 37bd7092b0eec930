import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import type { NoticeMessage } from '../../../domain/telemetry';
import { bearer, login, makeApp, terminalsOfProject } from './helpers';

const WINDOW = 6;
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let url: string;
let userA: { token: string; userId: number };
let userB: { token: string; userId: number };
let devA: { id: number; code: string };
let devB: { id: number; code: string };
let t = Date.now() - 3600_000;
const open: Socket[] = [];

beforeAll(async () => {
  ({ app, cleanup } = await makeApp({ pushWindow: WINDOW }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  userA = await login(app, 'zhangsan');
  userB = await login(app, 'wangwu');
  devA = (await terminalsOfProject(app, '西湖文化广场'))[2]!;
  devB = (await terminalsOfProject(app, '武侯购物中心'))[2]!;
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await cleanup();
});

interface Client {
  socket: Socket;
  messages: NoticeMessage[];
  /** the seqs of each `messages` event (a console that asked for batches) */
  batches: number[][];
  resyncs: unknown[];
  ready: Promise<{ headSeq: number }>;
}

function client(user: { token: string; userId: number }, lastSeq?: number, batches = false): Client {
  const socket = connect(url, {
    path: '/messageServer/websocket',
    transports: ['websocket'],
    reconnection: false,
    auth: { token: user.token, userId: user.userId, ...(lastSeq !== undefined ? { lastSeq } : {}), ...(batches ? { batches } : {}) },
  });
  open.push(socket);
  const c: Client = { socket, messages: [], batches: [], resyncs: [], ready: new Promise((r) => socket.once('ready', r)) };
  socket.on('message', (m: NoticeMessage) => c.messages.push(m));
  socket.on('messages', (list: NoticeMessage[]) => {
    c.batches.push(list.map((m) => m.seq));
    c.messages.push(...list);
  });
  socket.on('resync', (m: unknown) => c.resyncs.push(m));
  return c;
}

const until = (pred: () => boolean, ms = 3000) => vi.waitFor(() => expect(pred()).toBe(true), { timeout: ms, interval: 10 });

/** Raises then ends an alarm on a device: two project events. */
async function alarmAndEnd(d: { id: number; code: string }) {
  for (const v of [400, 10, 10]) {
    t += 15_000;
    const r = await app.telemetry.ingest({ device: d.code, time: t, values: [{ dataId: 1001, value: v }] }, { trusted: true });
    expect(r.accepted).toBe(1);
  }
}

describe('socket.io push', () => {
  it("a tenant-A client receives its events with the notification fields, never tenant B's", async () => {
    const a = client(userA);
    const b = client(userB);
    await Promise.all([a.ready, b.ready]);
    // Registration on open (spec §7).
    const reg = await app.inject({
      method: 'POST',
      url: '/messageServer/v1/service/web/client',
      headers: bearer(userA.token),
      payload: { userId: userA.userId, tags: [String(userA.userId)] },
    });
    expect(reg.json().code).toBe(0);
    await alarmAndEnd(devB);
    await alarmAndEnd(devA);
    await until(() => a.messages.length >= 2 && b.messages.length >= 2);
    expect(a.messages.map((m) => m.description.deviceCode)).toEqual([devA.code, devA.code]);
    expect(b.messages.map((m) => m.description.deviceCode)).toEqual([devB.code, devB.code]);
    const m = a.messages[0]!;
    expect(m).toMatchObject({ id: `notice_${m.seq}`, kind: 'alarm.raised', logTypeName: '剩余电流报警' });
    expect(m.description).toMatchObject({
      projectName: '西湖文化广场',
      deviceId: devA.id,
      deviceCode: devA.code,
      contactInfo: '0571-88888888',
      value: 400,
    });
    expect(typeof m.time).toBe('number');
    expect(a.messages[1]!.seq).toBeGreaterThan(m.seq);
    expect(a.messages[1]!.logTypeName).toBe('剩余电流恢复');
    a.socket.disconnect();
    b.socket.disconnect();
  });

  it('reconnecting with the last sequence number replays exactly the missed events, in order, once', async () => {
    const a = client(userA);
    await a.ready;
    await alarmAndEnd(devA);
    await until(() => a.messages.length === 2);
    const lastSeq = a.messages[1]!.seq;
    a.socket.disconnect();

    await alarmAndEnd(devA); // missed: 2 events
    await alarmAndEnd(devB); // not visible to A
    const missed = await app.db
      .selectFrom('event_log')
      .select('seq')
      .where('seq', '>', lastSeq)
      .where('projectId', '=', (await app.telemetry.devices.get(devA.id))!.projectid)
      .orderBy('seq')
      .execute();
    expect(missed).toHaveLength(2);

    const again = client(userA, lastSeq);
    await again.ready;
    expect(again.messages.map((m) => m.seq)).toEqual(missed.map((r) => r.seq));
    expect(again.resyncs).toEqual([]);
    await alarmAndEnd(devA); // live after the replay
    await until(() => again.messages.length === 4);
    const seqs = again.messages.map((m) => m.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
    again.socket.disconnect();
  });

  it('a console that asks for batches gets the missed events as one `messages` event, in order; one that does not, one by one', async () => {
    const a = client(userA);
    const ready = await a.ready;
    a.socket.disconnect();
    for (let i = 0; i < 2; i++) await alarmAndEnd(devA); // missed: 4 events
    const batched = client(userA, ready.headSeq, true);
    const single = client(userA, ready.headSeq);
    await Promise.all([batched.ready, single.ready]);
    const seqs = single.messages.map((m) => m.seq);
    expect(seqs).toHaveLength(4);
    expect(single.batches).toEqual([]);
    // the replay was queued at once: it went as one batch, and before 'ready'
    expect(batched.batches).toEqual([seqs]);
    expect(batched.messages).toEqual(single.messages);
    batched.socket.disconnect();
    single.socket.disconnect();
  });

  it('past the bounded window the client is told to resync', async () => {
    const a = client(userA);
    const ready = await a.ready;
    a.socket.disconnect();
    for (let i = 0; i < WINDOW; i++) await alarmAndEnd(devA);
    const late = client(userA, ready.headSeq);
    await late.ready;
    expect(late.resyncs).toHaveLength(1);
    expect(late.messages).toEqual([]);
    late.socket.disconnect();
  });

  it("the message centre lists the user's visible events", async () => {
    const res = (
      await app.inject({
        method: 'POST',
        url: '/messageServer/v1/log',
        headers: bearer(userB.token),
        payload: { noticeMode: 4, startTime: 0, endTime: Date.now() + 1000, receiver: userB.userId, page: { index: 0, limit: 100 } },
      })
    ).json();
    expect(res.code).toBe(0);
    expect(res.total).toBeGreaterThanOrEqual(4);
    expect(res.data.every((r: { content: string }) => r.content.includes('武侯购物中心'))).toBe(true);
    expect(res.data[0]).toHaveProperty('recordTime');
    expect(res.data[0]).toHaveProperty('logTypeName');
    // a raised alarm's row carries its level (drawn in the alarm language); an ended one's does not
    const rows = res.data as { logTypeName: string; level: number | null }[];
    const raised = rows.find((r) => r.logTypeName.endsWith('报警') && !r.logTypeName.endsWith('恢复'));
    expect(raised?.level).toBeTypeOf('number');
    expect(rows.filter((r) => r.logTypeName.endsWith('恢复')).every((r) => r.level === null)).toBe(true);
    const other = (
      await app.inject({
        method: 'POST',
        url: '/messageServer/v1/log',
        headers: bearer(userB.token),
        payload: { startTime: 0, endTime: Date.now(), receiver: userA.userId },
      })
    ).json();
    expect(other.msg).toBe('无操作权限!');
  });
});
