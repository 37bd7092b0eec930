import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { testStoreName } from '../../infra/testStore';
import { testServer, type TestServer } from '../../infra/testApps';
import { smallDisk } from '../../infra/smallDisk';
import { bearer, login, PASSWORD } from '../telemetry/helpers';
import { SOCKET_EVENT, type StoreNotice } from '../../../domain/socketProtocol';
import type { MeasureMessage } from '../../../domain/telemetry';

/**
 * The store banner's server side (issue 34 item 4) on SQLite: while the disk is full, every console of
 * the instance is told (socket event 'store', state 'full'), a console connecting meanwhile is told at
 * once, live values still reach them, and once a write commits again they are told 'ok'.
 */
const disk = smallDisk('banner', 24, testStoreName() === 'sqlite');
let server: TestServer;
let app: FastifyInstance;
let url: string;
let user: { token: string; userId: number };
let device: { id: number; code: string; key: string };
const sockets: Socket[] = [];

beforeAll(async () => {
  if (!disk.mounted) return;
  server = await testServer({ label: 'store banner', dataDir: disk.dir, rootPassword: PASSWORD, demoPassword: PASSWORD });
  app = server.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const root = await login(app, 'root');
  user = await login(app, 'zhangsan');
  const d = await app.db.selectFrom('terminal').select(['id', 'code']).orderBy('id').executeTakeFirstOrThrow();
  const key = (await app.inject({ url: `/devicedata/api/comm/v1/device/${d.id}/key`, headers: bearer(root.token) })).json().data
    .key as string;
  device = { ...d, key };
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  try {
    await server?.stop();
  } finally {
    disk.remove();
  }
});

/** A console's socket, recording the store notices and live values it gets. */
async function openConsole(): Promise<{ notices: StoreNotice[]; measures: MeasureMessage[] }> {
  const socket = connect(url, {
    path: '/messageServer/websocket',
    transports: ['websocket'],
    reconnection: false,
    auth: { token: user.token, userId: user.userId },
  });
  sockets.push(socket);
  const notices: StoreNotice[] = [];
  const measures: MeasureMessage[] = [];
  socket.on(SOCKET_EVENT.STORE, (n: StoreNotice) => notices.push(n));
  socket.on('measures', (list: MeasureMessage[]) => measures.push(...list));
  await new Promise((resolve, reject) => {
    socket.once('ready', resolve);
    socket.once('connect_error', reject);
  });
  socket.emit(SOCKET_EVENT.WATCH, { projectIds: 'all', deviceIds: [] });
  return { notices, measures };
}

let clock = Date.now() - 3600_000;
const ingest = (values = 200) =>
  app.inject({
    method: 'POST',
    url: '/devicedata/api/comm/v1/ingest',
    headers: { 'x-device-key': device.key },
    payload: {
      device: device.code,
      time: (clock += 1000),
      values: Array.from({ length: values }, (_, i) => ({ dataId: 1201, logicalId: i + 1, value: i })),
    },
  });

describe.runIf(disk.mounted)('the store banner on a disk that fills up', () => {
  it("tells every console 'full' while writes are refused and 'ok' once one commits again", async () => {
    const first = await openConsole();
    await vi.waitFor(() => expect(first.notices).toEqual([{ state: 'ok', since: null }]));
    expect((await ingest()).json().code).toBe(0);
    // the console watches: live values arrive
    await vi.waitFor(() => expect(first.measures.some((m) => m.deviceId === device.id)).toBe(true));

    disk.fill();
    let res = await ingest();
    for (let i = 0; i < 5000 && res.json().code === 0; i++) res = await ingest();
    expect(res.json().code).toBe(5033);
    await vi.waitFor(() => expect(first.notices.at(-1)).toMatchObject({ state: 'full', since: expect.any(Number) }));

    // A console connecting while the disk is full is told at once.
    const late = await openConsole();
    await vi.waitFor(() => expect(late.notices).toEqual([first.notices.at(-1)]));

    disk.free();
    expect((await ingest()).json().code).toBe(0);
    for (const c of [first, late]) await vi.waitFor(() => expect(c.notices.at(-1)).toEqual({ state: 'ok', since: null }));
    expect(first.notices.map((n) => n.state)).toEqual(['ok', 'full', 'ok']);
  }, 60_000);
});
