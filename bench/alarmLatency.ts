/**
 * Alarm latency: a reading is ingested → socket.io clients receive the alarm event. Load: 10,000
 * simulated devices reporting every 15 s through the ingest function, and 1,000 socket.io clients on
 * loopback (in a child process) as users of tenant A, tenant B and root. Probe devices outside the
 * simulation raise alarms at known times; every client that may see the probe's project measures
 * receipt − reading time. Also prints the raw better-sqlite3 cost of the same inserts for scale.
 * Run: npx tsx bench/alarmLatency.ts [devices] [clients] [probes]
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchApp, ensureTerminals, stats } from './lib';
import { Simulator } from '../server/simulator/simulator';

const DEVICES = Number(process.argv[2] ?? 10_000);
const CLIENTS = Number(process.argv[3] ?? 1_000);
const PROBES = Number(process.argv[4] ?? 200);
const INTERVAL_MS = 15_000;

const { app, done } = await benchApp({ logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
const all = await ensureTerminals(app, DEVICES + PROBES);
const probes = all.slice(DEVICES, DEVICES + PROBES);

const users = await app.db.selectFrom('app_user').select(['id', 'name']).where('name', 'in', ['root', 'zhangsan', 'wangwu']).execute();
const byName = new Map(users.map((u) => [u.name, u.id]));
const tokens: { token: string; userId: number }[] = [];
for (let i = 0; i < CLIENTS; i++) {
  const name = i % 5 === 0 ? 'root' : i % 2 === 0 ? 'zhangsan' : 'wangwu';
  const userId = byName.get(name)!;
  tokens.push({ token: await app.tokens.issue(userId), userId });
}

const child = fork(fileURLToPath(new URL('./alarmLatencyClients.ts', import.meta.url)), [], {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, BENCH_CLIENTS: JSON.stringify({ url, tokens, probeIds: probes.map((p) => p.id) }) },
});
const fromChild = <T>(type: string) =>
  new Promise<T>((resolve) => {
    const h = (m: { type: string }) => {
      if (m.type === 'error') console.error('client error', m);
      if (m.type === type) {
        child.off('message', h);
        resolve(m as T);
      }
    };
    child.on('message', h);
  });
const t0 = Date.now();
await fromChild('ready');
const connectMs = Date.now() - t0;

const sim = new Simulator(app.telemetry, { devices: DEVICES, intervalMs: INTERVAL_MS, seed: 99 }, (e) => console.error(e)).start();
// Warm up: one full reporting interval, so every device has reported once.
await new Promise((r) => setTimeout(r, INTERVAL_MS));

const spacing = INTERVAL_MS / PROBES;
const ingestMs: number[] = [];
for (const p of probes) {
  const time = Date.now();
  await app.telemetry.ingest({ device: p.code, time, values: [{ dataId: 1001, value: 450 }] }, { trusted: true });
  ingestMs.push(Date.now() - time);
  await new Promise((r) => setTimeout(r, spacing));
}
await new Promise((r) => setTimeout(r, 2000));
sim.stop();
child.send({ type: 'collect' });
const { latencies, received } = await fromChild<{ latencies: number[]; received: number }>('latencies');

const history = await app.db
  .selectFrom('history')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
const events = await app.db
  .selectFrom('event_log')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
// Scale reference: raw better-sqlite3 insert of one report (14 rows) in its own transaction.
const sqlite = app.store.sqlite;
sqlite.exec(
  'create table raw_ref (deviceid integer, dataid integer, time bigint, value real, status integer, primary key (deviceid, dataid, time)) without rowid',
);
const ins = sqlite.prepare('insert into raw_ref values (?, ?, ?, ?, ?)');
const rawOne: number[] = [];
for (let i = 0; i < 500; i++) {
  const t = performance.now();
  sqlite.transaction(() => {
    for (let d = 0; d < 14; d++) ins.run(i, d, i, 1, 0);
  })();
  rawOne.push(performance.now() - t);
}
const expected = probes.reduce(
  (n, p) =>
    n +
    tokens.filter(
      (t) =>
        t.userId === byName.get('root') || (p.projectid <= 3 ? t.userId === byName.get('zhangsan') : t.userId === byName.get('wangwu')),
    ).length,
  0,
);
console.log(
  JSON.stringify(
    {
      bench: 'alarmLatency',
      simulatedDevices: DEVICES,
      reportIntervalS: INTERVAL_MS / 1000,
      clients: CLIENTS,
      clientsConnectMs: connectMs,
      probeAlarms: PROBES,
      deliveries: latencies.length,
      expectedDeliveries: expected,
      messagesReceivedByAllClients: received,
      historyRows: Number(history.n),
      eventLogRows: Number(events.n),
      readingToClientMs: stats(latencies),
      probeIngestCallMs: stats(ingestMs),
      rawSqliteOneReportTxMs: stats(rawOne),
      target: 'p99 ≤ 200 ms',
    },
    null,
    2,
  ),
);
child.kill();
await done();
