import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ManualJobs } from '../../infra/manualJobs';
import { login, makeApp } from '../telemetry/helpers';
import { httpReceiver, type HttpReceiver } from './receivers';
import { NOTIFY_PATHS } from '../../../domain/schemas/notify';
import { ALARM, call, createChannel, createRule, deliveries, fakeClock, raise, tickAt } from './helpers';

/**
 * Delivery retention (issue 28): sent and failed deliveries older than NOTIFY_RETENTION_DAYS are
 * deleted by the hourly notify.prune job, on the job clock; queued and retrying ones stay.
 */
const DAY = 86_400_000;
const clock = fakeClock();
let app: FastifyInstance;
let jobs: ManualJobs;
let cleanup: () => Promise<void>;
let receiver: HttpReceiver;

beforeAll(async () => {
  ({ app, jobs, cleanup } = await makeApp({
    notify: { allowPrivate: true, checkIntervalMs: 0, now: clock.now, retentionDays: 30 },
    // no escalation: its message would wake the worker, which would fail the retrying delivery (a day old)
    escalation: { checkMs: 0 },
  }));
  await app.ready();
  receiver = await httpReceiver();
});
afterAll(async () => {
  await cleanup();
  await receiver.close();
});

it('sent and failed deliveries go after the retention, on the hourly job; one still retrying stays', async () => {
  const { token } = await login(app, 'zhangsan');
  const closed = await httpReceiver();
  const downUrl = closed.url('/down');
  await closed.close();
  const kept = await createChannel(app, token, { name: 'kept', kind: 'webhook', config: { url: receiver.url('/kept') } });
  const down = await createChannel(app, token, { name: 'down', kind: 'webhook', config: { url: downUrl } });
  const off = await createChannel(app, token, { name: 'off', kind: 'webhook', config: { url: receiver.url('/off') } });
  await createRule(app, token, { channelIds: [kept, down, off] });
  const device = await app.db.selectFrom('terminal').select('code').where('tenantid', '=', 2).orderBy('id').executeTakeFirstOrThrow();
  // the worker's clock held back while the alarm is written, so the channel switched off meanwhile fails its delivery
  clock.t = 0;
  const eventId = await raise(app, device, [ALARM]);
  expect((await call(app, token, 'PUT', NOTIFY_PATHS.channelById(off), { enabled: false })).code).toBe(0);
  await vi.waitFor(async () => {
    await tickAt(app, clock);
    const rows = await deliveries(app, token, { eventId });
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'retrying', 'sent']);
  });
  const rows = await deliveries(app, token, { eventId });
  const written = Math.max(...rows.map((r) => r.createdAt));

  // exactly 30 days old: kept
  clock.t = written + 30 * DAY;
  await jobs.run('notify.prune');
  expect(await deliveries(app, token, { eventId })).toHaveLength(3);

  // older than 30 days at the job's next hourly run: the sent and the failed one go, the retrying one stays
  clock.t = written + 30 * DAY + 1;
  const runsBefore = jobs.runs.filter((r) => r.name === 'notify.prune').length;
  await jobs.advance(3600_000);
  expect(jobs.runs.filter((r) => r.name === 'notify.prune').length).toBe(runsBefore + 1);
  const left = await deliveries(app, token, { eventId });
  expect(left.map((r) => [r.channelId, r.status])).toEqual([[down, 'retrying']]);
});
