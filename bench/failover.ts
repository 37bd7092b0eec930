/**
 * The deployment behind its load balancer (issue 34): Debian's nginx with deploy/nginx.conf in front of
 * two instances (processes) on one PostgreSQL (default durability) and one Redis, all private, started
 * here and stopped by PID. Consoles are the browser's own websocket machine in client processes
 * (failoverClients.ts), all connected through nginx; gateways post from a load process (ingestLoad.ts).
 *
 * 1. cluster_alarm: probe alarms posted through nginx (so ingested by either instance) while 32 devices
 *    report through nginx every second; every console measures reading time → receipt.
 * 2. nginx_ingest: readings/s posted through nginx against posted to the two instances directly (the
 *    gateway process alternating between them), in alternating rounds of the same run.
 * 3. failover: kill -9 of the instance serving part of the consoles; each console that lost its
 *    connection measures kill → subscribed again ('ready': replayed and back in its rooms) through
 *    nginx; the instance is started again and the next round kills the other one.
 *
 * Run: npx tsx bench/failover.ts [consoles] [processes] [probes] [ingest seconds] [kill rounds]
 *      (or npm run bench -- failover)
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startNginx, startPostgres, startRedis, type LocalPostgres, type LocalServer } from '../scripts/localServices';
import { startInstanceProcess, type InstanceProcess } from '../scripts/instanceProcess';
import { loginWith } from '../scripts/loginClient.mjs';
import type { Envelope } from '../domain/envelope';
import { stats } from './lib';
import { recordResults } from './results';

const CONSOLES = Number(process.argv[2] ?? 1000);
const PROCESSES = Number(process.argv[3] ?? 4);
const PROBES = Number(process.argv[4] ?? 120);
const INGEST_SECONDS = Number(process.argv[5] ?? 5);
const KILL_ROUNDS = Number(process.argv[6] ?? 2);
const PASSWORD = 'Bench#Pass123';
/** nginx's fail_timeout (deploy/nginx.conf): how long it leaves a failed instance out */
const NGINX_FAIL_TIMEOUT_MS = 5000;

const children: ChildProcess[] = [];
const instances = new Map<string, InstanceProcess>();
let postgres: LocalPostgres | undefined;
let redis: LocalServer | undefined;
let nginx: LocalServer | undefined;

/** Waits for one message of `type` from every client process and returns them. */
function fromEach<T>(type: string, ms: number, ask?: object): Promise<T[]> {
  const all = Promise.all(
    children.map(
      (child) =>
        new Promise<T>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no '${type}' from a client process within ${ms} ms`)), ms);
          const h = (m: { type: string; message?: string }) => {
            if (m.type === 'error') console.error('client:', m.message);
            if (m.type !== type) return;
            clearTimeout(timer);
            child.off('message', h);
            resolve(m as T);
          };
          child.on('message', h);
        }),
    ),
  );
  if (ask) for (const c of children) c.send(ask);
  return all;
}

async function consolesOn(inst: InstanceProcess): Promise<number> {
  const text = await (await fetch(`${inst.url}/metrics`)).text();
  return Number(/^voltguard_consoles_connected (\d+)/m.exec(text)?.[1] ?? 0);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

try {
  postgres = await startPostgres();
  const databaseUrl = await postgres.createDatabase('bench_failover');
  redis = await startRedis();
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    REDIS_PREFIX: 'vg-bench-failover',
    TRUST_PROXY: '127.0.0.1',
    ROOT_PASSWORD: PASSWORD,
    DEMO_PASSWORD: PASSWORD,
    SIMULATOR: '0',
    STATIC_DIR: '/nonexistent',
    LOGIN_RATE_LIMIT: '100000',
    // nobody else reports: keep every device communicating
    COMM_RETRY_S: '86400',
    COMM_EXIT_S: '172800',
  };
  for (const name of ['A', 'B']) instances.set(name, await startInstanceProcess(name, { env }));
  const [A, B] = [instances.get('A')!, instances.get('B')!];
  nginx = await startNginx([`127.0.0.1:${A.port}`, `127.0.0.1:${B.port}`]);
  const front = nginx.url;

  const post = async (url: string, body: object, headers: Record<string, string> = {}) =>
    (await (
      await fetch(front + url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
    ).json()) as Envelope;
  const login = async (user: string) => {
    const r = (await loginWith(post, user, PASSWORD, Date.now(), 'api')) as Envelope<{ token: string; user: { id: number } }>;
    if (r.code !== 0) throw new Error(`login ${user}: ${r.msg}`);
    return { token: r.data.token, userId: r.data.user.id };
  };
  const root = await login('root');
  const zhangsan = await login('zhangsan');
  // Probe devices of zhangsan's tenant: every console (root's and zhangsan's) sees their alarms.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  // zhangsan's tenant first: the probes are taken from its devices
  const rows = (
    await db.query<{ id: number }>(
      `select t.id from terminal t join tenant n on n.id = t.tenantid order by (n.name = '华东安电科技') desc, t.id`,
    )
  ).rows;
  await db.end();
  const devices = await Promise.all(
    rows.map(async ({ id }) => {
      const r = await (
        await fetch(`${front}/devicedata/api/comm/v1/device/${id}/key`, { headers: { authorization: `Bearer ${root.token}` } })
      ).json();
      return { id, ...(r as Envelope<{ code: string; key: string }>).data };
    }),
  );
  const probes = devices.slice(0, 8);
  const fleet = devices.slice(8);

  const t0 = Date.now();
  for (let p = 0; p < PROCESSES; p++) {
    const count = Math.floor(CONSOLES / PROCESSES) + (p < CONSOLES % PROCESSES ? 1 : 0);
    children.push(
      fork(fileURLToPath(new URL('./failoverClients.ts', import.meta.url)), [], {
        execArgv: ['--import', 'tsx'],
        env: {
          ...process.env,
          BENCH_FAILOVER: JSON.stringify({ url: front, users: [root, zhangsan], count, probeDeviceIds: probes.map((d) => d.id) }),
        },
      }),
    );
  }
  await fromEach('ready', 180_000);
  const spread = { A: await consolesOn(A), B: await consolesOn(B) };
  console.log(
    `${CONSOLES} consoles in ${PROCESSES} processes subscribed through nginx in ${Date.now() - t0} ms (A ${spread.A}, B ${spread.B})`,
  );

  // ---------- 1. alarm latency across the two instances behind nginx, under a reporting fleet
  const ingest = (d: { code: string; key: string }, time: number, value: number, dataId = 1001) =>
    post('/devicedata/api/comm/v1/ingest', { device: d.code, time, values: [{ dataId, value }] }, { 'x-device-key': d.key });
  let loading = true;
  const background = (async () => {
    for (let k = 0; loading; k++) {
      await Promise.all(fleet.map((d, i) => ingest(d, Date.now(), 20 + ((i + k) % 10), 1101)));
      await sleep(1000);
    }
  })();
  for (let n = 0; n < PROBES; n++) {
    const d = probes[n % probes.length]!;
    // raise: one reading over the limit; two below end it, ready for the device's next round
    await ingest(d, Date.now(), 600);
    await sleep(100);
    await ingest(d, Date.now(), 10);
    await ingest(d, Date.now(), 10);
  }
  loading = false;
  await background;
  await sleep(1000); // the last probe's pushes in flight
  const latencies = (await fromEach<{ latencies: number[] }>('latencies', 30_000, { type: 'latencies' })).flatMap((m) => m.latencies);
  const alarm = stats(latencies);
  console.log(
    `alarm reading → console through nginx, 2 instances, ${CONSOLES} consoles: p50 ${alarm.p50} ms, p99 ${alarm.p99} ms, max ${alarm.max} ms (${alarm.n} of ${PROBES * CONSOLES} expected)`,
  );

  // ---------- 2. ingest through nginx against the instances directly, alternating rounds
  const devicesForLoad = devices.map(({ code, key }) => ({ code, key }));
  const ingestRound = (targets: string[], round: number) =>
    new Promise<{ accepted: number; failed: number; seconds: number }>((resolve, reject) => {
      const child = fork(fileURLToPath(new URL('./ingestLoad.ts', import.meta.url)), [], {
        execArgv: ['--import', 'tsx'],
        env: {
          ...process.env,
          BENCH_INGEST: JSON.stringify({
            targets,
            devices: devicesForLoad,
            seconds: INGEST_SECONDS,
            connections: 16,
            // an hour of reading times per round: no round repeats another's
            timeBase: Date.now() - 2 * 86_400_000 + round * 3600_000,
          }),
        },
      });
      child.once('message', (m) => resolve(m as { accepted: number; failed: number; seconds: number }));
      child.once('exit', (code) => code !== 0 && reject(new Error(`ingest load exited ${code}`)));
    });
  const rates = { nginx: [] as number[], direct: [] as number[] };
  let failedPosts = 0;
  for (let r = 0; r < 6; r++) {
    const viaNginx = r % 2 === 0;
    const res = await ingestRound(viaNginx ? [front] : [A.url, B.url], r);
    failedPosts += res.failed;
    rates[viaNginx ? 'nginx' : 'direct'].push(res.accepted / res.seconds);
  }
  const nginxRate = Math.max(...rates.nginx);
  const directRate = Math.max(...rates.direct);
  console.log(
    `ingest readings/s through nginx ${Math.round(nginxRate)} against directly ${Math.round(directRate)} (best of 3 rounds each; failed posts ${failedPosts})`,
  );

  // ---------- 3. failover: kill -9 of an instance, its consoles back through nginx
  const failoverMs: number[] = [];
  const allBackMs: number[] = [];
  for (let round = 0; round < KILL_ROUNDS; round++) {
    const name = round % 2 === 0 ? 'A' : 'B';
    const victim = instances.get(name)!;
    const served = await consolesOn(victim);
    const killedAt = Date.now();
    await victim.kill('SIGKILL');
    let back: number[] = [];
    let lost = 0;
    const deadline = Date.now() + 60_000;
    while (back.length < served) {
      if (Date.now() > deadline) {
        const other = instances.get(name === 'A' ? 'B' : 'A')!;
        throw new Error(
          `round ${round + 1}: ${back.length} of ${served} consoles back within 60 s (${lost} lost their connection)\n` +
            `nginx: ${fs.readFileSync(path.join(nginx.dir, 'error.log'), 'utf8').slice(-30000)}\n${other.name}: ${other.output().slice(-3000)}`,
        );
      }
      await sleep(200);
      const answers = await fromEach<{ lost: number; back: number[] }>('failover', 10_000, { type: 'failover', at: killedAt });
      back = answers.flatMap((m) => m.back);
      lost = answers.reduce((n, m) => n + m.lost, 0);
    }
    failoverMs.push(...back);
    allBackMs.push(Math.max(...back));
    console.log(
      `${new Date().toISOString()} round ${round + 1}: kill -9 of ${name} serving ${served} consoles, all back in ${Math.max(...back)} ms`,
    );
    // the instance comes back on its port; nginx tries it again once its fail_timeout has passed
    instances.set(name, await startInstanceProcess(name, { env, port: victim.port }));
    await sleep(NGINX_FAIL_TIMEOUT_MS);
  }
  const failover = stats(failoverMs);
  console.log(`failover kill -9 → resubscribed: p50 ${failover.p50} ms, p99 ${failover.p99} ms over ${failover.n} console reconnections`);

  recordResults(
    'failover',
    {
      failover_p50_ms: failover.p50,
      failover_p99_ms: failover.p99,
      failover_all_back_ms: Math.max(...allBackMs),
      cluster_alarm_p50_ms: alarm.p50,
      cluster_alarm_p99_ms: alarm.p99,
      nginx_ingest_readings_per_s: Math.round(nginxRate),
      direct_ingest_readings_per_s: Math.round(directRate),
      nginx_ingest_ratio: +(nginxRate / directRate).toFixed(3),
    },
    {
      consoles: CONSOLES,
      processes: PROCESSES,
      spread,
      probes: PROBES,
      alarm_samples: alarm.n,
      alarm_expected: PROBES * CONSOLES,
      ingest_rounds: rates,
      ingest_failed_posts: failedPosts,
      kill_rounds: KILL_ROUNDS,
      failover_reconnections: failover.n,
    },
  );
} finally {
  for (const c of children) if (c.exitCode === null) c.kill();
  await nginx?.stop();
  for (const inst of instances.values()) await inst.stop();
  await redis?.stop();
  await postgres?.stop();
}
