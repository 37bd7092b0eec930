import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { connectAsync, type MqttClient } from 'mqtt';
import { startMosquitto, startRedis, type LocalServer } from '../../scripts/localServices';
import { testDatabase, type TestDatabase } from '../infra/testStore';
import { bearer, call, deviceKey, login, openConsole, startInstance, type Console, type Instance } from './instances';
import type { NoticeMessage } from '../../domain/telemetry';

/**
 * Two instances on one PostgreSQL and one Redis (issue 16): pushes reach consoles on either instance,
 * a console moves to the survivor when its instance is killed and resumes by sequence, the periodic
 * jobs move too, and remote commands reach their device through whichever instance it talks to.
 */
let redis: LocalServer;
let mosquitto: LocalServer;
let gateway: MqttClient;
const mqttReplies: { code: number; data: { accepted: number } | null }[] = [];
let database: TestDatabase;
let db: pg.Client;
let A: Instance;
let B: Instance;
let root: { token: string; userId: number };
const devices: { id: number; code: string; key: string }[] = [];

beforeAll(async () => {
  redis = await startRedis();
  mosquitto = await startMosquitto();
  database = await testDatabase();
  // Both take MQTT uplinks from Mosquitto through one shared subscription.
  const env = { DATABASE_URL: database.databaseUrl!, REDIS_URL: redis.url, REDIS_PREFIX: 'vg-test', MQTT_URL: mosquitto.url };
  // B first: it takes the periodic-jobs lock, so killing it shows the jobs moving.
  B = await startInstance('B', env);
  await B.waitForOutput(/this instance now runs the periodic jobs/);
  A = await startInstance('A', env);
  db = new pg.Client({ connectionString: database.databaseUrl });
  await db.connect();
  root = await login(A);
  const rows = await db.query<{ id: number; code: string }>('select id, code from terminal order by id limit 12');
  for (const r of rows.rows) devices.push({ id: r.id, code: r.code, key: (await deviceKey(A, root.token, r.id)).key });
  gateway = await connectAsync(mosquitto.url, { protocolVersion: 4, clientId: 'test-gateway' });
  gateway.on('message', (_topic, payload) => mqttReplies.push(JSON.parse(payload.toString()) as (typeof mqttReplies)[number]));
  await gateway.subscribeAsync('voltguard/+/reply', { qos: 1 });
}, 120_000);

afterAll(async () => {
  await gateway?.endAsync();
  await db?.end();
  await Promise.all([A?.stop(), B?.stop()]);
  await database?.drop();
  await redis?.stop();
  await mosquitto?.stop();
});

async function ingest(inst: Instance, d: { code: string; key: string }, values: unknown[], acks?: unknown[]) {
  const r = await call<{ accepted: number; commands: { commandId: string; type: string; groupId?: number }[] }>(
    inst,
    'POST',
    '/devicedata/api/comm/v1/ingest',
    { device: d.code, time: Date.now(), values, ...(acks ? { acks } : {}) },
    { 'x-device-key': d.key },
  );
  if (r.code !== 0) throw new Error(`ingest on ${inst.name}: ${r.msg}`);
  return r.data;
}

const deviceOf = (m: NoticeMessage) => (m.payload as { deviceId?: number }).deviceId;
const raised = (deviceId: number) => (m: NoticeMessage) => m.kind === 'alarm.raised' && deviceOf(m) === deviceId;

describe('two instances on one PostgreSQL and Redis', () => {
  let consoleB: Console;
  const seenOnConsole: NoticeMessage[] = [];

  it('a console on B gets, within 1 s, an alarm ingested through A over HTTP', async () => {
    consoleB = openConsole(B, root, seenOnConsole);
    await consoleB.ready;
    const d = devices[0]!;
    const arrived = consoleB.next(raised(d.id));
    const t0 = performance.now();
    await ingest(A, d, [{ dataId: 1001, value: 520 }]);
    const m = await arrived;
    expect(performance.now() - t0).toBeLessThan(1000);
    expect((m.payload as { description: string }).description).toMatch(/剩余电流/);
  });

  it('… and one published over MQTT; each uplink is taken by exactly one of the two instances', async () => {
    const d = devices[9]!;
    const arrived = consoleB.next(raised(d.id));
    const t0 = performance.now();
    await gateway.publishAsync(
      `voltguard/${d.code}/up`,
      JSON.stringify({ time: Date.now(), key: d.key, values: [{ dataId: 1001, value: 530 }] }),
      {
        qos: 1,
      },
    );
    await arrived;
    expect(performance.now() - t0).toBeLessThan(1000);
    // ten more batches of another device: ten answers, not twenty (the subscription is shared)
    const e = devices[10]!;
    const base = Date.now() - 600_000;
    for (let i = 0; i < 10; i++)
      await gateway.publishAsync(
        `voltguard/${e.code}/up`,
        JSON.stringify({ time: base + i * 15_000, key: e.key, values: [{ dataId: 1201, value: i }] }),
        { qos: 1 },
      );
    const replied = (n: number) =>
      vi.waitFor(() => expect(mqttReplies.length).toBeGreaterThanOrEqual(n), { timeout: 10_000, interval: 50 });
    await replied(11);
    // one more after them: a second copy of any of the ten would have been answered by now
    await gateway.publishAsync(`voltguard/${e.code}/up`, JSON.stringify({ time: base + 10 * 15_000, key: e.key, values: [] }), { qos: 1 });
    await replied(12);
    const stored = await db.query<{ n: string }>('select count(*) as n from history where deviceid = $1 and dataid = 1201', [e.id]);
    expect(Number(stored.rows[0]!.n)).toBe(10);
    expect(mqttReplies.length).toBe(12);
    expect(mqttReplies.every((r) => r.code === 0)).toBe(true);
  });

  it('a logout through A and a new web login through B end consoles on the other instance within 1 s', async () => {
    const revoked = (c: Console) =>
      new Promise<{ reason: string; ms: number }>((resolve) => {
        const t0 = performance.now();
        c.socket.once('revoked', (n: { reason: string }) => resolve({ reason: n.reason, ms: performance.now() - t0 }));
      });
    const first = await login(B, 'zhangsan');
    const onB = openConsole(B, first);
    await onB.ready;
    const told = revoked(onB);
    await call(A, 'POST', '/auth/v1/logout', {}, bearer(first.token));
    const r = await told;
    expect(r.reason).toBe('logout');
    expect(r.ms).toBeLessThan(1000);

    const older = await login(A, 'lisi');
    const onA = openConsole(A, older);
    await onA.ready;
    const elsewhere = revoked(onA);
    await login(B, 'lisi');
    expect((await elsewhere).reason).toBe('logged_in_elsewhere');
  });

  it('a command sent from a console on A reaches a device reporting to B, and its acknowledgement comes back', async () => {
    const d = devices[1]!;
    let polling = true;
    let tookOn: string | null = null;
    // The device talks to B only: it polls with empty batches and answers what it is given.
    const device = (async () => {
      while (polling) {
        const { commands } = await ingest(B, d, []);
        if (commands.length) {
          tookOn = B.name;
          await ingest(
            B,
            d,
            [],
            commands.map((c) => ({ commandId: c.commandId, ok: true, params: { leakLimit: 310, tempLimit: 75, powerLimit: 25 } })),
          );
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const res = await call<{ id: string; value: number | null }[]>(
      A,
      'POST',
      `/wisdompower/v1/remote/config/${d.id}/1/dataparam/list`,
      {},
      bearer(root.token),
    );
    polling = false;
    await device;
    expect(res.code).toBe(0);
    expect(tookOn).toBe('B');
    expect(Object.fromEntries(res.data.map((p) => [p.id, p.value]))).toMatchObject({ leakLimit: 310, tempLimit: 75, powerLimit: 25 });
  });

  it('kill -9 of B: the console reconnects to A and resumes by sequence with nothing lost or doubled; the periodic jobs move to A', async () => {
    const d = devices.slice(2, 8);
    // Two more alarms while B is up…
    for (const x of d.slice(0, 2)) {
      const arrived = consoleB.next(raised(x.id));
      await ingest(A, x, [{ dataId: 1101, value: 95 }]);
      await arrived;
    }
    const lastSeq = seenOnConsole.at(-1)!.seq;
    const closed = new Promise<void>((resolve) => consoleB.socket.once('disconnect', () => resolve()));
    await B.kill('SIGKILL');
    await closed;
    // …three while the console has no connection (the first two end the earlier alarms)…
    await ingest(A, devices[0]!, [{ dataId: 1001, value: 10 }]);
    await ingest(A, devices[0]!, [{ dataId: 1001, value: 10 }]);
    await ingest(A, d[2]!, [{ dataId: 1102, value: 96 }]);
    // …then it reconnects to the survivor with the last sequence number it saw.
    const consoleA = openConsole(A, { ...root, lastSeq }, seenOnConsole);
    await consoleA.ready;
    const arrived = consoleA.next(raised(d[3]!.id));
    await ingest(A, d[3]!, [{ dataId: 1103, value: 97 }]);
    await arrived;
    const seqs = seenOnConsole.map((m) => m.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    const logged = await db.query<{ seq: string }>('select seq from event_log where "projectId" is not null and seq >= $1 order by seq', [
      seqs[0],
    ]);
    expect(seqs).toEqual(logged.rows.map((r) => Number(r.seq)));
    expect(seenOnConsole.filter((m) => m.kind === 'alarm.ended').length).toBe(1);
    consoleA.close();

    // The lock moved with B's connection: A runs the jobs now — a value ingested through A is persisted.
    await A.waitForOutput(/this instance now runs the periodic jobs/, 10_000);
    await ingest(A, d[4]!, [{ dataId: 1301, value: 228.5 }]);
    await vi.waitFor(
      async () => {
        const r = await db.query<{ value: number }>('select value from realtime where deviceid = $1 and dataid = 1301', [d[4]!.id]);
        expect(r.rows[0]?.value).toBe(228.5);
      },
      { timeout: 15_000, interval: 250 },
    );
  }, 60_000);
});
