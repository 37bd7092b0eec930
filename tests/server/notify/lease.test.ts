import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DeliveryWorker } from '../../../server/notify/worker';
import { login, makeApp } from '../telemetry/helpers';
import { httpReceiver, type HttpReceiver } from './receivers';
import { ALARM, createChannel, createRule, deliveries, fakeClock, raise } from './helpers';

/**
 * A message that waited in the worker's queue until its lease ran out (issue 28): the worker sends
 * one message at a time, the first hangs at the receiver past the 60 s lease, and meanwhile a second
 * worker (another instance) takes the deliveries and sends them. When the first worker's turn comes
 * for the waiting one, the lease it holds has run low, so it renews it first, finds the delivery no
 * longer its own and does not send it again.
 */
const clock = fakeClock();
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let receiver: HttpReceiver;

beforeAll(async () => {
  ({ app, cleanup } = await makeApp({ notify: { allowPrivate: true, now: clock.now, concurrency: 1, checkIntervalMs: 0 } }));
  await app.ready();
  receiver = await httpReceiver();
});
afterAll(async () => {
  await cleanup();
  await receiver.close();
});

it('a delivery whose lease ran out while it waited is sent by the worker that took it over, not twice', async () => {
  const { token } = await login(app, 'zhangsan');
  const paths = ['/lease-a', '/lease-b'];
  const channels = [];
  for (const path of paths)
    channels.push(await createChannel(app, token, { name: path, kind: 'webhook', config: { url: receiver.url(path) } }));
  await createRule(app, token, { channelIds: channels });
  const device = await app.db.selectFrom('terminal').select('code').orderBy('id').executeTakeFirstOrThrow();

  receiver.setHold(true);
  // the worker's clock a moment ahead, so that the round the alarm's commit starts finds its deliveries due
  clock.t = Date.now() + 1_000;
  const eventId = await raise(app, device, [ALARM]);
  const first = app.notify.worker.tick();
  // one message in flight (held by the receiver), the other waiting behind it in this worker's queue
  await vi.waitFor(() => expect(receiver.received).toHaveLength(1));
  const heldPath = receiver.received[0]!.url;
  const waitingPath = paths.find((p) => p !== heldPath)!;

  // past the lease: another instance takes both deliveries — the one in flight too, its lease is as old
  // (at least once: its receiver sees it again with the same delivery id) — and sends them
  clock.t += 61_000;
  receiver.setHold(false);
  const other = new DeliveryWorker(app.db, app.notify.directory, app.log, {
    allowPrivate: true,
    publicUrl: null,
    now: clock.now,
    checkIntervalMs: 0,
  });
  expect(await other.tick()).toBe(2);
  expect(receiver.at(waitingPath)).toHaveLength(1);
  expect(receiver.at(heldPath)).toHaveLength(2);

  // the first worker's held send ends; its turn for the waiting delivery comes, and it does not send it
  receiver.release();
  await first;
  expect(receiver.at(waitingPath)).toHaveLength(1);
  const heldIds = receiver.at(heldPath).map((r) => r.headers['x-voltguard-delivery']);
  expect(heldIds[0]).toBe(heldIds[1]);
  const rows = await deliveries(app, token, { eventId });
  expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
  // and nothing is left to send again
  await app.notify.worker.tick();
  expect(receiver.received).toHaveLength(3);
  await other.stop();
});
