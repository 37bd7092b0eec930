/**
 * Shared set-up of the benches: a temp app with its periodic jobs running as in production, extra
 * projects and terminals, percentiles, the event-loop delay. Not a test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../server/app';
import { loginWith } from '../scripts/loginClient.mjs';
import type { Envelope } from '../domain/envelope';
import type Database from 'better-sqlite3';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { ACCESS_TYPE, DEVICE_STATUS } from '../domain/enums';

/**
 * `template`: a store file (bench/eventStore.ts's shared fill) the app starts on, copied into its
 * data directory as the store it opens, as a restart on a kept data directory does.
 */
export async function benchApp({ template, ...extra }: Partial<AppOptions> & { template?: string } = {}): Promise<{
  app: FastifyInstance;
  dir: string;
  done: () => Promise<void>;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-bench-'));
  if (template) fs.copyFileSync(template, path.join(dir, 'voltguard.sqlite'));
  const app = await buildApp({
    dataDir: dir,
    rootPassword: 'Bench#Pass123',
    demoPassword: 'Bench#Pass123',
    demo: true,
    // The periodic jobs (latest-value persistence, communication watch, compaction, retention) run on
    // the wall clock in every bench, as in production (no `jobs` given): a bench without them flatters every figure.
    ...extra,
  });
  return {
    app,
    dir,
    done: async () => {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Adds projects (alternately of tenants A and B, in the demo projects' districts) until there are
 * `total`: a 10,000-device fleet spans a hundred sites, not the five demo projects.
 */
export async function ensureProjects(app: FastifyInstance, total: number): Promise<void> {
  const demo = await app.db.selectFrom('project').selectAll().orderBy('id').execute();
  const tenants = [...new Set(demo.map((p) => p.tenantid))];
  for (let i = demo.length; i < total; i++) {
    const like = demo[i % demo.length]!;
    await app.db
      .insertInto('project')
      .values({
        ...like,
        id: undefined,
        name: `压测项目${i}`,
        tenantid: tenants[i % tenants.length]!,
        createdAt: Date.now(),
      })
      .execute();
  }
}

/** Adds terminals spread over the demo projects until the ledger holds `total`; returns all ids. */
export async function ensureTerminals(app: FastifyInstance, total: number): Promise<{ id: number; code: string; projectid: number }[]> {
  const projects = await app.db
    .selectFrom('project')
    .select(['id', 'tenantid', 'provinceid', 'cityid', 'districtid'])
    .orderBy('id')
    .execute();
  const have = await app.db
    .selectFrom('terminal')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  await app.db.transaction().execute(async (trx) => {
    for (let i = Number(have.n); i < total; i++) {
      const p = projects[i % projects.length]!;
      const { id } = await trx
        .insertInto('terminal')
        .values({
          name: `压测终端${i}`,
          code: `BENCH${String(i).padStart(6, '0')}`,
          devicestatus: DEVICE_STATUS.COMMUNICATING,
          devicetype: 'bench',
          vendor: null,
          location: null,
          installdate: null,
          accesstype: ACCESS_TYPE['4G'],
          tenantid: p.tenantid,
          projectid: p.id,
          devicekeyhash: null,
          extendvalue: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('pecdeviceinfo')
        .values({ provinceid: p.provinceid, cityid: p.cityid, districtid: p.districtid, projectid: p.id, deviceid: id, pecdeviceid: id })
        .execute();
    }
  });
  await app.telemetry.devices.load();
  return app.db.selectFrom('terminal').select(['id', 'code', 'projectid']).orderBy('id').execute();
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: +percentile(s, 50).toFixed(2),
    p95: +percentile(s, 95).toFixed(2),
    p99: +percentile(s, 99).toFixed(2),
    max: +(s[s.length - 1] ?? NaN).toFixed(2),
  };
}

export async function timeit<T>(fn: () => Promise<T> | T): Promise<[number, T]> {
  const t0 = performance.now();
  const r = await fn();
  return [performance.now() - t0, r];
}

/**
 * CPU time of this process's main thread alone (µs, user + system; Linux /proc, 10 ms ticks): the
 * event loop's own share, apart from worker threads (which process.cpuUsage() adds in). NaN elsewhere.
 */
export function mainThreadCpuUs(): number {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10_000;
  } catch {
    return NaN;
  }
}

/**
 * The main thread's scheduler times so far (ms; Linux /proc schedstat): on a CPU, and ready but
 * waiting for one (the machine's other load). A wall time minus the waiting is what the same work
 * would have taken with a core to itself. NaN elsewhere.
 */
export function mainThreadSched(): { onCpuMs: number; waitingMs: number } {
  try {
    const [run, wait] = fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { onCpuMs: run! / 1e6, waitingMs: wait! / 1e6 };
  } catch {
    return { onCpuMs: NaN, waitingMs: NaN };
  }
}

/** The login of docs/security.md through app.inject; returns the login envelope's data. */
export async function injectLogin(
  app: FastifyInstance,
  userName: string,
  password: string,
): Promise<{ token: string; user: { id: number } }> {
  const post = async (url: string, payload: object) => (await app.inject({ method: 'POST', url, payload })).json() as Envelope;
  const env = (await loginWith(post, userName, password)) as Envelope<{ token: string; user: { id: number } }>;
  if (env.code !== 0) throw new Error(`login ${userName}: ${env.msg}`);
  return env.data;
}

/**
 * A CPU profile of this process over a window, written to `$BENCH_CPU_PROF` (a .cpuprofile for Chrome's
 * DevTools or speedscope) when that is set; otherwise nothing runs. Made to find what holds the loop.
 */
export async function cpuProfile(): Promise<{ stop: () => Promise<void> }> {
  const file = process.env.BENCH_CPU_PROF;
  if (!file) return { stop: async () => {} };
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return {
    stop: async () => {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      console.error(`cpu profile written to ${file}`);
    },
  };
}

/** The event loop's delay while it runs (ms): what every request and socket push waits on top of its own work. */
export function loopDelay(): { stop: () => { p50: number; p99: number; max: number } } {
  const h: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  return {
    stop: () => {
      h.disable();
      const ms = (ns: number) => +(ns / 1e6).toFixed(1);
      return { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) };
    },
  };
}

/**
 * Runs a bulk fill of `table` with its secondary indexes dropped, then builds them again from their
 * own stored SQL: a million rows in random time order otherwise spend most of the fill rebalancing
 * five b-trees (minutes of every `npm run bench`); the indexes that result are the same ones.
 */
export function withIndexesDeferred(sqlite: Database.Database, table: string, fill: () => void): void {
  const indexes = sqlite
    .prepare(`select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null`)
    .all(table) as { name: string; sql: string }[];
  for (const { name } of indexes) sqlite.exec(`drop index "${name}"`);
  try {
    fill();
  } finally {
    for (const { sql } of indexes) sqlite.exec(sql);
  }
}
