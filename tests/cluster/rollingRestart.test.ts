import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { startNginx, startRedis, type LocalServer } from '../../scripts/localServices';
import { testDatabase, type TestDatabase } from '../infra/testStore';
import { ConsoleClient } from '../server/consoleClient';
import { deviceKey, login, startInstance, type Instance, type Target } from './instances';

/**
 * Issue 34 item 2: a rolling restart (SIGTERM, start again, one instance after the other) of the two
 * instances behind nginx while gateways keep sending through it. A gateway counts a batch as delivered
 * only when it is answered code 0 and otherwise sends it again, as docs/mqtt.md asks of it: every
 * acknowledged reading is in history, and every console has every alarm once.
 */
const GATEWAYS = 6;
const CONSOLES = 4;
let redis: LocalServer;
let nginx: LocalServer;
let database: TestDatabase;
let env: Record<string, string>;
let A: Instance;
let B: Instance;
let front: Target;
let root: { token: string; userId: number };
const consoles: ConsoleClient[] = [];
const devices: { id: number; code: string; key: string }[] = [];

beforeAll(async () => {
  redis = await startRedis();
  database = await testDatabase();
  env = { DATABASE_URL: database.databaseUrl!, REDIS_URL: redis.url, REDIS_PREFIX: 'vg-rolling', TRUST_PROXY: '127.0.0.1' };
  A = await startInstance('A', env);
  B = await startInstance('B', env);
  nginx = await startNginx([`127.0.0.1:${A.port}`, `127.0.0.1:${B.port}`]);
  front = { url: nginx.url, name: 'nginx' };
  root = await login(front);
  const db = new pg.Client({ connectionString: database.databaseUrl });
  await db.connect();
  const rows = await db.query<{ id: number }>('select id from terminal order by id limit $1', [GATEWAYS + 4]);
  await db.end();
  for (const r of rows.rows) devices.push({ id: r.id, ...(await deviceKey(front, root.token, r.id)) });
}, 120_000);

afterAll(async () => {
  for (const c of consoles) c.stop();
  await nginx?.stop();
  await Promise.all([A?.stop(), B?.stop()]);
  await database?.drop();
  await redis?.stop();
});

/** Sends one batch through nginx until it is answered code 0 (a gateway's resend). */
async function deliver(d: { code: string; key: string }, time: number, values: unknown[]): Promise<void> {
  for (;;) {
    try {
      const res = await fetch(`${nginx.url}/devicedata/api/comm/v1/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-key': d.key },
        body: JSON.stringify({ device: d.code, time, values }),
      });
      if (((await res.json()) as { code: number }).code === 0) return;
    } catch {
      // no answer: send it again
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const raisedFor = (c: ConsoleClient, deviceId: number) =>
  c.delivered.filter((m) => m.kind === 'alarm.raised' && (m.payload as { deviceId?: number }).deviceId === deviceId);

describe('rolling restart behind nginx under load', () => {
  it('loses no acknowledged reading and no alarm push, and doubles none', async () => {
    for (let i = 0; i < CONSOLES; i++) consoles.push(new ConsoleClient(nginx.url, root.token, root.userId).start());
    await vi.waitFor(() => expect(consoles.every((c) => c.open)).toBe(true), { timeout: 15_000, interval: 50 });

    const acknowledged: { id: number; time: number }[] = [];
    let running = true;
    const base = Date.now() - 3600_000;
    const gateways = devices.slice(0, GATEWAYS).map(async (d, g) => {
      for (let n = 0; running; n++) {
        const time = base + n * 1000 + g;
        await deliver(d, time, [{ dataId: 1201, value: n }]);
        acknowledged.push({ id: d.id, time });
      }
    });
    const alarmDevices = devices.slice(GATEWAYS);
    const raise = (i: number) => deliver(alarmDevices[i]!, Date.now(), [{ dataId: 1001, value: 520 }]);

    await raise(0);
    // A, then B: SIGTERM (the drain), then the same instance started again on its port.
    const restart = async (inst: Instance, alarm: number) => {
      await inst.stop();
      expect(await inst.exited).toBe(0);
      await raise(alarm);
      return startInstance(inst.name, env, inst.port);
    };
    A = await restart(A, 1);
    B = await restart(B, 2);
    await raise(3);
    running = false;
    await Promise.all(gateways);

    await vi.waitFor(() => expect(consoles.every((c) => c.open && alarmDevices.every((d) => raisedFor(c, d.id).length >= 1))).toBe(true), {
      timeout: 10_000,
      interval: 50,
    });
    for (const c of consoles) {
      for (const d of alarmDevices) expect(raisedFor(c, d.id)).toHaveLength(1);
      const seqs = c.delivered.map((m) => m.seq);
      expect(new Set(seqs).size, 'no event twice').toBe(seqs.length);
    }

    // Read back as a user does, through nginx: the history reader answers from the raw rows and from the
    // compressed blocks alike (readings an hour old may be compacted while a slow run is still going).
    const have = new Set<string>();
    for (const d of devices.slice(0, GATEWAYS)) {
      const res = await fetch(`${nginx.url}/wisdompower/v1/history/${d.id}/datalog`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${root.token}` },
        body: JSON.stringify({ dataId: 1201, startTime: base - 1000, endTime: Date.now() + 1000, format: 'columnar' }),
      });
      const body = (await res.json()) as { code: number; data: { time: number[] } };
      expect(body.code).toBe(0);
      for (const time of body.data.time) have.add(`${d.id}:${time}`);
    }
    const missing = acknowledged.filter((a) => !have.has(`${a.id}:${a.time}`));
    expect(missing).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(GATEWAYS * 10);
  }, 120_000);
});
