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
import { ALARM, call, createChannel, createRule, deliveries } from './helpers';
import { ManualJobs } from '../../infra/manualJobs';

/**
 * Several instances on one PostgreSQL (issue 28): both delivery workers poll the same outbox, and the
 * FOR UPDATE SKIP LOCKED claim with its lease lets exactly one of them send each delivery; a paced
 * channel's send slot is shared, so the two together keep to its rate.
 */
const postgres = testStoreName() === 'postgres';
let database: TestDatabase;
let receiver: HttpReceiver;
const apps: FastifyInstance[] = [];
const dirs: string[] = [];
/** both workers' clock: moved by the test only (an hour ahead of the alarms, so every delivery is due) */
const clock = { t: Date.now() + 3600_000 };

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
    notify: { allowPrivate: true, batchSize: 5, now: () => clock.t },
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

it.runIf(postgres)(
  'two instances keep a robot to its rate together: one message a slot, what waited in one digest',
  { timeout: 60_000 },
  async () => {
    const [a] = apps as [FastifyInstance, FastifyInstance];
    const { token } = await login(a, 'zhangsan');
    // 2 a minute: one message every 30 s between both instances
    const robot = await createChannel(a, token, {
      name: 'paced',
      kind: 'wecom',
      config: { url: receiver.url('/paced?key=k'), ratePerMinute: 2 },
    });
    await createRule(a, token, { channelIds: [robot] });
    const paced = () => receiver.at('/paced');
    const pollBoth = () => Promise.all(apps.map((app) => (app.jobs as ManualJobs).run('notify.deliver')));
    const devices = await a.db.selectFrom('terminal').select(['code', 'tenantid']).orderBy('id').execute();
    const mine = devices.filter((d) => d.tenantid === devices[0]!.tenantid).slice(12, 20);
    let t = Date.now() - 1800_000;
    // the alarms come in on A (B's rule cache, filled by the test before, hears of the new rule only
    // through Redis, which this test does not run); both workers take and send from the one outbox
    const raise = (code: string) => a.telemetry.ingest({ device: code, time: (t += 1000), values: [ALARM] }, { trusted: true });

    await raise(mine[0]!.code);
    await vi.waitFor(async () => {
      await pollBoth();
      expect(paced()).toHaveLength(1);
    });
    const start = clock.t;
    // seven more alarms while both workers poll at once: the slot is taken, neither sends
    await Promise.all([...mine.slice(1).map((d) => raise(d.code)), pollBoth()]);
    for (let i = 0; i < 3; i++) await pollBoth();
    clock.t = start + 29_999;
    await pollBoth();
    expect(paced()).toHaveLength(1);
    clock.t = start + 30_000;
    await vi.waitFor(async () => {
      await pollBoth();
      expect(paced()).toHaveLength(2);
    });
    // the second message carries all seven: nothing is left for a third slot
    expect((JSON.parse(paced()[1]!.body) as { markdown: { content: string } }).markdown.content).toContain('告警汇总：7 条');
    const rows = await deliveries(a, token, { channelId: robot });
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(
      rows
        .filter((r) => r.mergedInto === null)
        .map((r) => r.sentAt! - start)
        .sort((x, y) => x - y),
    ).toEqual([0, 30_000]);
    clock.t = start + 90_000;
    await pollBoth();
    expect(paced()).toHaveLength(2);
  },
);
