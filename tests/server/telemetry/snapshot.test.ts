import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import type { DeviceSnapshot, MeasureMessage } from '../../../domain/telemetry';
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
    const quiet = body.data.find((d) => d.deviceId !== devA.id)!;
    expect(quiet).toMatchObject({ alarmRank: 0, activeAlarms: 0 });
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

describe('measurement push', () => {
  it('sends committed values to the clients allowed to see the project, and only to them', async () => {
    const got: { a: MeasureMessage[]; b: MeasureMessage[] } = { a: [], b: [] };
    for (const [who, user] of [
      ['a', userA],
      ['b', userB],
    ] as const) {
      const socket = connect(url, {
        path: '/messageServer/websocket',
        transports: ['websocket'],
        reconnection: false,
        auth: { token: user.token, userId: user.userId },
      });
      open.push(socket);
      socket.on('measures', (list: MeasureMessage[]) => got[who].push(...list));
      await new Promise((r) => socket.once('ready', r));
    }
    await app.telemetry.ingest({ device: devA.code, time: Date.now() - 1000, values: [{ dataId: 1102, value: 38.25 }] }, { trusted: true });
    // values are batched per room for 100 ms
    const end = Date.now() + 3000;
    const mine = () => got.a.find((m) => m.values[1102] === 38.25);
    while (!mine() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    expect(mine()).toMatchObject({ deviceId: devA.id, projectId: expect.any(Number) });
    await new Promise((r) => setTimeout(r, 200));
    // tenant B's user hears nothing of tenant A's device, before or after
    expect(got.b.filter((m) => m.deviceId === devA.id)).toEqual([]);
  });
});
