import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { startNginx, startRedis, type LocalServer } from '../../scripts/localServices';
import { testDatabase, type TestDatabase } from '../infra/testStore';
import { ConsoleClient } from '../server/consoleClient';
import { call, deviceKey, login, startInstance, type Instance, type Target } from './instances';

/**
 * Issue 34 items 1 and 2: the documented topology with its real load balancer — Debian's nginx running
 * deploy/nginx.conf in front of two instances on one PostgreSQL and one Redis. Consoles (the browser's
 * own websocket machine, in Node), REST and the device ingest all go through nginx. kill -9 of an
 * instance: every console it served is back within 5 s through nginx and resumes by sequence, nothing
 * lost or doubled, and the ingest through nginx carries on.
 */
const CONSOLES = 8;
let redis: LocalServer;
let nginx: LocalServer;
let database: TestDatabase;
let db: pg.Client;
let A: Instance;
let B: Instance;
let front: Target;
let root: { token: string; userId: number };
const consoles: ConsoleClient[] = [];
const devices: { id: number; code: string; key: string }[] = [];

beforeAll(async () => {
  redis = await startRedis();
  database = await testDatabase();
  const env = { DATABASE_URL: database.databaseUrl!, REDIS_URL: redis.url, REDIS_PREFIX: 'vg-nginx', TRUST_PROXY: '127.0.0.1' };
  A = await startInstance('A', env);
  B = await startInstance('B', env);
  nginx = await startNginx([`127.0.0.1:${A.port}`, `127.0.0.1:${B.port}`]);
  front = { url: nginx.url, name: 'nginx' };
  db = new pg.Client({ connectionString: database.databaseUrl });
  await db.connect();
  root = await login(front);
  const rows = await db.query<{ id: number }>('select id from terminal order by id limit 6');
  for (const r of rows.rows) devices.push({ id: r.id, ...(await deviceKey(front, root.token, r.id)) });
}, 120_000);

afterAll(async () => {
  for (const c of consoles) c.stop();
  await nginx?.stop();
  await db?.end();
  await Promise.all([A?.stop(), B?.stop()]);
  await database?.drop();
  await redis?.stop();
});

async function ingestThroughNginx(d: { code: string; key: string }, values: unknown[]) {
  const r = await call<{ accepted: number }>(
    front,
    'POST',
    '/devicedata/api/comm/v1/ingest',
    { device: d.code, time: Date.now(), values },
    { 'x-device-key': d.key },
  );
  expect(r.code, r.msg).toBe(0);
}

const raisedFor = (c: ConsoleClient, deviceId: number) =>
  c.delivered.filter((m) => m.kind === 'alarm.raised' && (m.payload as { deviceId?: number }).deviceId === deviceId);

describe('nginx in front of two instances', () => {
  it('answers REST and /readyz through nginx, and refuses /metrics from outside', async () => {
    const ready = await fetch(`${nginx.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { data: { checks: object } }).data.checks).toEqual({ store: 'ok', redis: 'ok', mqtt: 'absent' });
    expect((await fetch(`${nginx.url}/metrics`)).status).toBe(403);
  });

  it('kill -9 of an instance: its consoles are back within 5 s through nginx, nothing lost or doubled', async () => {
    for (let i = 0; i < CONSOLES; i++) consoles.push(new ConsoleClient(nginx.url, root.token, root.userId).start());
    await vi.waitFor(() => expect(consoles.every((c) => c.open)).toBe(true), { timeout: 15_000, interval: 50 });
    // An alarm before the kill, seen by every console: where each one's sequence starts.
    await ingestThroughNginx(devices[0]!, [{ dataId: 1001, value: 520 }]);
    await vi.waitFor(() => expect(consoles.every((c) => raisedFor(c, devices[0]!.id).length === 1)).toBe(true), { timeout: 5000 });
    const opensBefore = consoles.map((c) => c.opens.length);

    const killedAt = performance.now();
    await A.kill('SIGKILL');
    // Alarms while the consoles of A are away, ingested through nginx (which must skip the dead instance).
    for (const d of devices.slice(1, 4)) await ingestThroughNginx(d, [{ dataId: 1001, value: 530 }]);

    await vi.waitFor(() => expect(consoles.every((c) => c.open)).toBe(true), { timeout: 10_000, interval: 20 });
    const moved = consoles.filter((c, i) => c.opens.length > opensBefore[i]!);
    // nginx spreads the consoles over both instances: some were on A.
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.length).toBeLessThan(CONSOLES);
    for (const c of moved) expect(c.opens.at(-1)! - killedAt).toBeLessThan(5000);

    // And one after they are back.
    await ingestThroughNginx(devices[4]!, [{ dataId: 1001, value: 540 }]);
    await vi.waitFor(() => expect(consoles.every((c) => raisedFor(c, devices[4]!.id).length === 1)).toBe(true), { timeout: 5000 });

    const logged = await db.query<{ seq: string }>('select seq from event_log where "projectId" is not null order by seq');
    for (const c of consoles) {
      for (const d of devices.slice(0, 5)) expect(raisedFor(c, d.id)).toHaveLength(1);
      const seqs = c.delivered.map((m) => m.seq);
      expect(new Set(seqs).size, 'no event twice').toBe(seqs.length);
      const first = raisedFor(c, devices[0]!.id)[0]!.seq;
      const last = raisedFor(c, devices[4]!.id)[0]!.seq;
      const expected = logged.rows.map((r) => Number(r.seq)).filter((s) => s >= first && s <= last);
      expect(seqs.filter((s) => s >= first && s <= last)).toEqual(expected);
    }
  }, 60_000);
});
