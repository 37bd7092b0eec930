import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { login, makeApp } from '../telemetry/helpers';
import { httpReceiver, type HttpReceiver } from './receivers';
import { ALARM, createChannel, createRule, deliveries, fakeClock, raise, tickAt } from './helpers';

/**
 * A backlog (issue 32: a storm's thousands of deliveries) drains at the sending rate: a round that
 * claimed a full batch is followed by the next at once, not one batch per tick of the worker's timer.
 * Here the timer is off (checkIntervalMs 0) and a batch is 3: one tick must send all 8 deliveries.
 */
const clock = fakeClock();
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let receiver: HttpReceiver;

beforeAll(async () => {
  ({ app, cleanup } = await makeApp({ notify: { allowPrivate: true, now: clock.now, checkIntervalMs: 0, batchSize: 3 } }));
  await app.ready();
  receiver = await httpReceiver();
});
afterAll(async () => {
  await cleanup();
  await receiver.close();
});

it('one tick sends a backlog of several batches, batch after batch', async () => {
  const { token } = await login(app, 'zhangsan');
  const channel = await createChannel(app, token, { name: 'backlog', kind: 'webhook', config: { url: receiver.url('/backlog') } });
  await createRule(app, token, { channelIds: [channel] });
  const devices = await app.db.selectFrom('terminal').select('code').orderBy('id').limit(8).execute();
  // The worker's clock a minute behind: the rounds the alarms' commits start find nothing due yet.
  clock.t = Date.now() - 60_000;
  for (const d of devices) await raise(app, d, [ALARM]);
  expect((await deliveries(app, token)).map((r) => r.status)).toEqual(Array(8).fill('pending'));

  await tickAt(app, clock);
  await vi.waitFor(async () => expect((await deliveries(app, token)).map((r) => r.status)).toEqual(Array(8).fill('sent')));
  expect(receiver.at('/backlog').length).toBeGreaterThan(0);
});
