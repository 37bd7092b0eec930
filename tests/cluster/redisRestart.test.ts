import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startRedis, type LocalRedis } from '../../scripts/localServices';
import { testDatabase, type TestDatabase } from '../infra/testStore';
import type { NoticeMessage } from '../../domain/telemetry';
import { call, deviceKey, login, openConsole, startInstance, type Instance } from './instances';

/**
 * Issue 34 item 5: Redis restarted under two running instances (it keeps nothing: no persistence).
 * Sign-in keeps working while it is away (the login throttle fails open, with a log line); the alarm
 * ingested on A during the outage reaches the console on B (the event log, read by B's catch-up), and
 * so does the end of a session ("logged in elsewhere" on A ends the console on B); after Redis
 * returns, an alarm ingested on A reaches a console on B within 3 s.
 */
let redis: LocalRedis;
let database: TestDatabase;
let A: Instance;
let B: Instance;
let root: { token: string; userId: number };
const devices: { id: number; code: string; key: string }[] = [];

beforeAll(async () => {
  redis = await startRedis();
  database = await testDatabase();
  const env = { DATABASE_URL: database.databaseUrl!, REDIS_URL: redis.url, REDIS_PREFIX: 'vg-redis-restart', LOG_LEVEL: 'warn' };
  A = await startInstance('A', env);
  B = await startInstance('B', env);
  root = await login(A);
  const db = new pg.Client({ connectionString: database.databaseUrl });
  await db.connect();
  const rows = await db.query<{ id: number }>('select id from terminal order by id limit 3');
  await db.end();
  for (const r of rows.rows) devices.push({ id: r.id, ...(await deviceKey(A, root.token, r.id)) });
}, 120_000);

afterAll(async () => {
  await Promise.all([A?.stop(), B?.stop()]);
  await database?.drop();
  await redis?.stop();
});

async function raise(d: { code: string; key: string }) {
  const r = await call(
    A,
    'POST',
    '/devicedata/api/comm/v1/ingest',
    { device: d.code, time: Date.now(), values: [{ dataId: 1001, value: 520 }] },
    {
      'x-device-key': d.key,
    },
  );
  expect(r.code, r.msg).toBe(0);
}
const raised = (deviceId: number) => (m: NoticeMessage) =>
  m.kind === 'alarm.raised' && (m.payload as { deviceId?: number }).deviceId === deviceId;

describe('Redis restarted under two instances', () => {
  it('sign-in fails open, pushes made during the outage arrive, and cross-instance pushes resume within 3 s', async () => {
    const seen: NoticeMessage[] = [];
    const first = openConsole(B, root, seen);
    await first.ready;

    await redis.halt();
    // Another user signs in on A: the throttle cannot count it and lets it through.
    await login(A, 'zhangsan');
    await A.waitForOutput(/login throttle not counted: Redis unreachable/, 5000);
    const during = first.next(raised(devices[0]!.id), 10_000);
    await raise(devices[0]!);
    await during;

    // root signs in again on A ("logged in elsewhere" ends the older web session): the console on B
    // hears it from the event log although the bus through Redis is away.
    const revoked = new Promise<{ reason: string }>((resolve) => first.socket.once('revoked', resolve));
    const again = await login(A);
    await expect(revoked).resolves.toMatchObject({ reason: 'logged_in_elsewhere' });
    const lastSeq = seen.at(-1)?.seq ?? null;
    first.close();

    await redis.resume();
    const onB = openConsole(B, { ...again, lastSeq }, seen);
    await onB.ready;
    const resumedAt = Date.now();
    const after = onB.next(raised(devices[1]!.id), 3000);
    // Ingested as soon as Redis is back: the instances reconnect by themselves.
    await raise(devices[1]!);
    const ingestedAt = Date.now();
    await after.catch((err: Error) => {
      throw new Error(
        `${err.message}\n(the ingest on A answered ${ingestedAt - resumedAt} ms after Redis was back; A's output ends:\n${A.output().trimEnd().split('\n').slice(-20).join('\n')})`,
      );
    });
    const seqs = seen.map((m) => m.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    onB.close();
  }, 60_000);
});
