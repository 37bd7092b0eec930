/** Shared set-up of the telemetry benches: a temp app, extra terminals, percentiles. Not a test. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../server/app';
import { loginWith } from '../scripts/loginClient.mjs';
import type { Envelope } from '../domain/envelope';
import { ACCESS_TYPE, DEVICE_STATUS } from '../domain/enums';

export async function benchApp(extra: Partial<AppOptions> = {}): Promise<{ app: FastifyInstance; dir: string; done: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-bench-'));
  const app = await buildApp({
    dataDir: dir,
    rootPassword: 'Bench#Pass123',
    demoPassword: 'Bench#Pass123',
    demo: true,
    ...extra,
    telemetry: { timers: false, ...extra.telemetry },
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

export function percentile(sorted: number[], p: number): number {
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
