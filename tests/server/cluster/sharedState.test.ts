import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { startRedis, type LocalServer } from '../../../scripts/localServices';
import { testDatabase, testStoreName, type TestDatabase } from '../../infra/testStore';
import { DEMO_PASSWORD, ROOT_PASSWORD } from '../helpers';
import { ManualJobs } from '../../infra/manualJobs';

/**
 * What each instance keeps in memory follows the others (issue 16): two apps in this process on one
 * PostgreSQL database and one Redis, a device's batches going to either of them.
 */
describe.runIf(testStoreName() === 'postgres')('state shared by two instances', () => {
  let redis: LocalServer;
  let database: TestDatabase;
  let A: FastifyInstance;
  let B: FastifyInstance;
  const dirs: string[] = [];
  let device: { id: number; code: string };

  const instance = async (extra: { loginRateLimit?: number } = {}) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-shared-'));
    dirs.push(dir);
    return buildApp({
      dataDir: dir,
      databaseUrl: database.databaseUrl,
      rootPassword: ROOT_PASSWORD,
      demoPassword: DEMO_PASSWORD,
      cluster: { redisUrl: redis.url, prefix: 'shared-test' },
      jobs: new ManualJobs(),
      ...extra,
    });
  };
  /** Waits for a condition another instance's message brings about (no fixed sleeps). */
  const until = (what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 5000) =>
    vi.waitFor(
      async () => {
        if (!(await ok())) throw new Error(`not within ${timeoutMs} ms: ${what}`);
      },
      { timeout: timeoutMs, interval: 20 },
    );
  const ingest = (app: FastifyInstance, values: unknown[], time = Date.now()) =>
    app.telemetry.ingest({ device: device.code, time, values }, { trusted: true });
  const episodes = () => A.db.selectFrom('peceventextend').selectAll().where('deviceid', '=', device.id).orderBy('id').execute();

  beforeAll(async () => {
    redis = await startRedis();
    database = await testDatabase();
    A = await instance();
    B = await instance();
    device = await A.db.selectFrom('terminal').select(['id', 'code']).orderBy('id').executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await A?.close();
    await B?.close();
    await database?.drop();
    await redis?.stop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('one alarm episode whichever instance each batch reaches', async () => {
    const t0 = Date.now() - 60_000;
    await ingest(A, [{ dataId: 1001, value: 520 }], t0);
    await ingest(B, [{ dataId: 1001, value: 530 }], t0 + 1000);
    expect((await episodes()).length).toBe(1);
    // two readings below the release level end it, one through each instance
    await ingest(B, [{ dataId: 1001, value: 10 }], t0 + 2000);
    await ingest(A, [{ dataId: 1001, value: 10 }], t0 + 3000);
    const list = await episodes();
    expect(list.length).toBe(1);
    expect(list[0]!.endtime).toBe(t0 + 3000);
    // a late reading is history only, on either instance
    await ingest(B, [{ dataId: 1001, value: 900 }], t0 + 500);
    expect((await episodes()).length).toBe(1);
  });

  it('events, latest values, thresholds and device status reach the other instance', async () => {
    const heard: number[] = [];
    const stop = B.eventLog.onEvent((ev) => heard.push(ev.seq));
    await A.db.transaction().execute(async (trx) => {
      await A.telemetry.thresholds.save(
        trx,
        device.id,
        [{ dataId: 1101, alarmLimit: 50, warnLimit: 40, hysteresis: 2, enabled: true }],
        Date.now(),
      );
      await A.eventLog.append(
        {
          kind: 'threshold.saved',
          tenantId: 1,
          subject: 'x',
          payload: { deviceId: device.id, thresholds: [{ dataId: 1101, alarmLimit: 50, warnLimit: 40, hysteresis: 2, enabled: true }] },
        },
        trx,
      );
    });
    await until('B hears the threshold', () => B.telemetry.thresholds.get(device.id, 1101)?.alarmLimit === 50);
    await ingest(A, [{ dataId: 1201, value: 12.5 }]);
    await until('B has the latest value', () => B.telemetry.realtime.get(device.id, 1201)?.value === 12.5);
    // B now raises at the threshold saved on A
    await ingest(B, [{ dataId: 1101, value: 55 }]);
    const raised = await A.db
      .selectFrom('peceventextend')
      .select('limitvalue')
      .where('deviceid', '=', device.id)
      .where('dataid', '=', 1101)
      .execute();
    expect(raised).toEqual([{ limitvalue: 50 }]);
    await until('A sees the rank B raised', () => A.telemetry.alarms.rankOf(device.id, 1101) === 2);
    // B heard every event in sequence order
    const all = (await B.db.selectFrom('event_log').select('seq').orderBy('seq').execute()).map((r) => r.seq);
    await until('B heard all events', () => heard.length > 0 && heard.at(-1) === all.at(-1));
    expect(heard).toEqual(all.filter((s) => s >= heard[0]!));
    stop();
  });

  it("an address's login calls are counted across the instances, not per instance", async () => {
    const C = await instance({ loginRateLimit: 3 });
    const D = await instance({ loginRateLimit: 3 });
    try {
      const nonce = async (app: FastifyInstance, remoteAddress: string) =>
        (await app.inject({ method: 'POST', url: '/auth/v1/login/nonce', payload: { userName: 'zhangsan' }, remoteAddress })).json() as {
          code: number;
        };
      const noisy = '203.0.113.77';
      expect((await nonce(C, noisy)).code).toBe(0);
      expect((await nonce(D, noisy)).code).toBe(0);
      expect((await nonce(C, noisy)).code).toBe(0);
      // the fourth call within the minute is refused, whichever instance takes it
      expect((await nonce(D, noisy)).code).toBe(4029);
      expect((await nonce(C, noisy)).code).toBe(4029);
      // another address is not affected
      expect((await nonce(D, '198.51.100.20')).code).toBe(0);
    } finally {
      await C.close();
      await D.close();
    }
  });
});
