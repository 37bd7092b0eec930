import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { NOTIFY_PATHS } from '../../../domain/schemas/notify';
import { testDatabase, testStoreName, type TestDatabase } from '../../infra/testStore';
import { login, PASSWORD } from '../telemetry/helpers';
import { httpReceiver, type HttpReceiver } from './receivers';
import { ALARM, call, createChannel, createRule } from './helpers';
import { ManualJobs } from '../../infra/manualJobs';

/**
 * Several instances on one PostgreSQL (issue 28): both delivery workers poll the same outbox, and the
 * FOR UPDATE SKIP LOCKED claim with its lease lets exactly one of them send each delivery.
 */
const postgres = testStoreName() === 'postgres';
let database: TestDatabase;
let receiver: HttpReceiver;
const apps: FastifyInstance[] = [];
const dirs: string[] = [];

async function instance(): Promise<FastifyInstance> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-notify-two-'));
  dirs.push(dir);
  const app = await buildApp({
    dataDir: dir,
    databaseUrl: database.databaseUrl,
    rootPassword: PASSWORD,
    demoPassword: PASSWORD,
    demo: true,
    loginRateLimit: 100_000,
    escalation: { checkMs: 0 },
    notify: { allowPrivate: true, batchSize: 5 },
    jobs: new ManualJobs(),
  });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  if (!postgres) return;
  database = await testDatabase();
  receiver = await httpReceiver();
  await instance();
  await instance();
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await receiver?.close();
  await database?.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

it.runIf(postgres)('two instances on one PostgreSQL send each delivery exactly once', { timeout: 60_000 }, async () => {
  const [a, b] = apps as [FastifyInstance, FastifyInstance];
  const { token } = await login(a, 'zhangsan');
  const channels = [
    await createChannel(a, token, { name: 'one', kind: 'webhook', config: { url: receiver.url('/one') } }),
    await createChannel(a, token, { name: 'two', kind: 'webhook', config: { url: receiver.url('/two') } }),
  ];
  await createRule(a, token, { channelIds: channels });
  // rules are in force on the other instance too once it reads them (its cache is filled on first use)
  const devices = await a.db.selectFrom('terminal').select(['code', 'tenantid']).orderBy('id').execute();
  const tenantA = devices[0]!.tenantid;
  const mine = devices.filter((d) => d.tenantid === tenantA).slice(0, 12);
  let t = Date.now() - 3600_000;
  // alarms on both instances, so both workers are kicked and both poll
  await Promise.all(
    mine.map((d, i) => (i % 2 ? b : a).telemetry.ingest({ device: d.code, time: (t += 1000), values: [ALARM] }, { trusted: true })),
  );
  const expected = mine.length * channels.length;
  await vi.waitFor(
    async () => {
      // both instances' workers poll at the same moment, racing for the same due rows
      await Promise.all(apps.map((app) => (app.jobs as ManualJobs).run('notify.deliver')));
      const { data } = await call<unknown[]>(a, token, 'POST', NOTIFY_PATHS.deliveryList, {
        page: { index: 0, limit: 100 },
        filter: { status: 'sent' },
      });
      expect(data).toHaveLength(expected);
    },
    { timeout: 30_000, interval: 100 },
  );
  // every delivery arrived once, alone or inside a digest, and no request was sent twice
  const carried = receiver.received.flatMap((r) => {
    const body = JSON.parse(r.body) as { deliveryId: string; mergedDeliveryIds: string[] };
    expect(r.headers['x-voltguard-delivery']).toBe(body.deliveryId);
    return [body.deliveryId, ...body.mergedDeliveryIds];
  });
  expect(carried).toHaveLength(expected);
  expect(new Set(carried).size).toBe(expected);
});
