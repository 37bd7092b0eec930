import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { NOTIFY_PATHS, type DeliveryDto } from '../../../domain/schemas/notify';
import { testDatabase, type TestDatabase } from '../../infra/testStore';
import { ServerProcess } from '../serverProcess';
import { httpReceiver, type HttpReceiver } from './receivers';

/**
 * At-least-once across a crash (issue 28): the server is killed with SIGKILL while its webhook is in
 * flight; after the restart the same delivery goes out again with the same id, so the receiver can
 * de-duplicate it. The outbox row was written with the alarm, so nothing is lost.
 */
let server: ServerProcess;
let database: TestDatabase;
let receiver: HttpReceiver;

beforeAll(async () => {
  database = await testDatabase();
  receiver = await httpReceiver();
  server = await ServerProcess.create({
    // a short lease: the restarted server takes over the killed one's delivery after 1 s
    env: { NOTIFY_ALLOW_PRIVATE: '1', NOTIFY_LEASE_S: '1', NOTIFY_CHECK_INTERVAL_MS: '100', DATABASE_URL: database.databaseUrl ?? '' },
  });
  await server.start();
}, 60_000);

afterAll(async () => {
  await server?.dispose();
  await receiver.close();
  await database.drop();
});

it('kill -9 mid-send: delivered after the restart with the same delivery id', { timeout: 90_000 }, async () => {
  const root = await server.login('root');
  const zhangsan = await server.login('zhangsan');
  const channel = await server.call<{ id: number }>('POST', NOTIFY_PATHS.channel, zhangsan.token, {
    name: 'crash',
    kind: 'webhook',
    config: { url: receiver.url('/crash'), secret: 'crash-secret' },
  });
  await server.call('POST', NOTIFY_PATHS.rule, zhangsan.token, {
    name: 'all',
    projectIds: null,
    levels: [1, 2, 4],
    types: null,
    channelIds: [channel.id],
  });
  const [device] = await server.call<{ deviceId: number }[]>('GET', '/wisdompower/v1/realtime/snapshot', zhangsan.token);
  const key = await server.call<{ code: string; key: string }>('GET', `/devicedata/api/comm/v1/device/${device!.deviceId}/key`, root.token);

  receiver.setHold(true);
  await server.call(
    'POST',
    '/devicedata/api/comm/v1/ingest',
    null,
    { device: key.code, time: Date.now(), values: [{ dataId: 1001, value: 480 }] },
    { 'x-device-key': key.key },
  );
  await vi.waitFor(() => expect(receiver.at('/crash')).toHaveLength(1), { timeout: 10_000, interval: 50 });
  const first = receiver.at('/crash')[0]!.headers['x-voltguard-delivery'];

  await server.stop('SIGKILL');
  receiver.setHold(false);
  await server.start();
  await vi.waitFor(() => expect(receiver.at('/crash')).toHaveLength(2), { timeout: 20_000, interval: 100 });
  expect(receiver.at('/crash')[1]!.headers['x-voltguard-delivery']).toBe(first);

  const token = (await server.login('zhangsan')).token;
  await vi.waitFor(
    async () => {
      const rows = await server.call<DeliveryDto[]>('POST', NOTIFY_PATHS.deliveryList, token, {
        page: { index: 0, limit: 10 },
        filter: { channelId: channel.id },
      });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: first, status: 'sent', attempts: 1 });
    },
    { timeout: 5000, interval: 100 },
  );
  // and only once after that
  expect(receiver.at('/crash')).toHaveLength(2);
});
