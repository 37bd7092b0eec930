import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect } from 'socket.io-client';
import { testStoreName } from '../../infra/testStore';
import { testServer, type TestServer } from '../../infra/testApps';
import { smallDisk } from '../../infra/smallDisk';
import { bearer, login, PASSWORD } from '../telemetry/helpers';
import { tokenHash } from '../../../server/auth/tokens';
import { errors } from '../../../server/errors';
import { loginWith } from '../../../scripts/loginClient.mjs';
import type { Envelope } from '../../../domain/envelope';
import type { DeviceSnapshot } from '../../../domain/telemetry';

/**
 * Issue 34 item 4 on SQLite: operators can still sign in while the disk is full — a login needs no
 * database write to succeed. The data dir is a small tmpfs filled up; the login goes through the real
 * routes, its token works on this instance (REST and the live socket) and reads the live values and
 * the alarm ingested before the disk filled; wrong passwords are still refused and lock the name.
 */
const disk = smallDisk('login-full', 24, testStoreName() === 'sqlite');
let server: TestServer;
let app: FastifyInstance;
let url: string;
let device: { id: number; code: string; key: string };
const logLines: string[] = [];

beforeAll(async () => {
  if (!disk.mounted) return;
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  server = await testServer({
    label: 'full-disk login',
    dataDir: disk.dir,
    rootPassword: PASSWORD,
    demoPassword: PASSWORD,
    loginRateLimit: 100_000,
    logger: { level: 'warn', stream },
  });
  app = server.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const root = await login(app, 'root');
  const d = await app.db.selectFrom('terminal').select(['id', 'code']).orderBy('id').executeTakeFirstOrThrow();
  const key = (await app.inject({ url: `/devicedata/api/comm/v1/device/${d.id}/key`, headers: bearer(root.token) })).json().data
    .key as string;
  device = { ...d, key };
});

afterAll(async () => {
  try {
    await server?.stop();
  } finally {
    disk.remove();
  }
});

let clock = Date.now() - 3600_000;
const ingest = (values: { dataId: number; value: number; logicalId?: number }[]) =>
  app.inject({
    method: 'POST',
    url: '/devicedata/api/comm/v1/ingest',
    headers: { 'x-device-key': device.key },
    payload: { device: device.code, time: (clock += 1000), values },
  });

const signIn = async (userName: string, password = PASSWORD) => {
  const post = async (path: string, payload: object) => (await app.inject({ method: 'POST', url: path, payload })).json() as Envelope;
  return (await loginWith(post, userName, password)) as Envelope<{ token: string; user: { id: number } }>;
};

describe.runIf(disk.mounted)('signing in while the disk is full (SQLite)', () => {
  it('a login succeeds without a write, its token reads live values and alarms and opens the live socket', async () => {
    // A residual current over its limit before the disk fills: a live value and an active alarm.
    expect((await ingest([{ dataId: 1001, value: 520 }])).json().code).toBe(0);
    disk.fill();
    const filler = Array.from({ length: 200 }, (_, i) => ({ dataId: 1201, logicalId: i + 1, value: i }));
    let res = await ingest(filler);
    for (let i = 0; i < 5000 && res.json().code === 0; i++) res = await ingest(filler);
    expect(res.json().code).toBe(5033);

    // A wrong password is answered as always, not with the store's fault, and still counts: the fifth
    // locks the name for this address, even against the right password.
    for (let i = 1; i < 5; i++) expect((await signIn('lisi', 'Wrong#Pass999')).code).toBe(errors.LOGIN_FAILED.code);
    expect((await signIn('lisi', 'Wrong#Pass999')).code).toBe(errors.LOGIN_LOCKED.code);
    expect((await signIn('lisi')).code).toBe(errors.LOGIN_LOCKED.code);
    expect(logLines.join('')).toContain('store refuses writes: login failure counted in memory');

    const ok = await signIn('zhangsan');
    expect(ok.code, ok.msg).toBe(0);
    const { token } = ok.data;
    // nothing of it was written: the token lives in this instance's memory
    expect(
      await app.db.selectFrom('auth_token').select('userId').where('tokenHash', '=', tokenHash(token)).executeTakeFirst(),
    ).toBeUndefined();
    expect(logLines.join('')).toContain('store refuses writes: login token kept in memory');
    expect(logLines.join('')).toContain('store refuses writes: user.login is not in the operation log');

    const me = (await app.inject({ url: '/auth/v1/user', headers: bearer(token) })).json();
    expect(me.code).toBe(0);
    const snapshot = (await app.inject({ url: '/wisdompower/v1/realtime/snapshot', headers: bearer(token) })).json() as Envelope<
      DeviceSnapshot[]
    >;
    expect(snapshot.code).toBe(0);
    expect(snapshot.data.find((d) => d.deviceId === device.id)).toMatchObject({ values: { 1001: 520 }, alarmRank: 2, activeAlarms: 1 });
    const events = (
      await app.inject({ method: 'POST', url: '/wisdompower/v1/event/list', headers: bearer(token), payload: {} })
    ).json() as Envelope<unknown[]>;
    expect(events.code, events.msg).toBe(0);
    expect(events.data.length).toBeGreaterThan(0);

    // The console's live connection takes the token too.
    const socket = connect(url, {
      path: '/messageServer/websocket',
      transports: ['websocket'],
      reconnection: false,
      auth: { token, userId: ok.data.user.id },
    });
    try {
      await expect(
        new Promise((resolve, reject) => {
          socket.once('ready', resolve);
          socket.once('connect_error', reject);
        }),
      ).resolves.toMatchObject({ headSeq: expect.any(Number) });
    } finally {
      socket.disconnect();
    }

    // Logging out ends it on this instance, written or not.
    expect((await app.inject({ method: 'POST', url: '/auth/v1/logout', headers: bearer(token), payload: {} })).json().code).toBe(0);
    expect((await app.inject({ url: '/auth/v1/user', headers: bearer(token) })).statusCode).toBe(401);

    // Space back: the next login is stored again.
    disk.free();
    const stored = await signIn('zhangsan');
    expect(stored.code).toBe(0);
    expect(
      await app.db.selectFrom('auth_token').select('userId').where('tokenHash', '=', tokenHash(stored.data.token)).executeTakeFirst(),
    ).toEqual({ userId: stored.data.user.id });
  }, 60_000);
});
