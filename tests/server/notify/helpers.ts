import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Envelope } from '../../../domain/envelope';
import { NOTIFY_PATHS, type ChannelCreate, type DeliveryDto, type RuleCreate } from '../../../domain/schemas/notify';
import { bearer } from '../telemetry/helpers';

const RESIDUAL = 1001;
const PROBE = 1501;
/** 400 mA residual current is a 报警, a probe failure a 事故 (the demo thresholds) */
export const ALARM = { dataId: RESIDUAL, value: 400 };
export const ACCIDENT = { dataId: PROBE, value: 1 };
export const NORMAL = { dataId: RESIDUAL, value: 0 };

/** The worker's clock in a test: moved by hand, never by waiting. */
export function fakeClock() {
  const clock = { t: Date.now() };
  return Object.assign(clock, { now: () => clock.t });
}

export const call = async <T>(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  (
    await app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) })
  ).json() as Envelope<T>;

export async function createChannel(
  app: FastifyInstance,
  token: string,
  channel: ChannelCreate | Record<string, unknown>,
): Promise<number> {
  const res = await call<{ id: number }>(app, token, 'POST', NOTIFY_PATHS.channel, channel);
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
}

export async function createRule(
  app: FastifyInstance,
  token: string,
  rule: Partial<RuleCreate> & { channelIds: number[] },
): Promise<number> {
  const res = await call<{ id: number }>(app, token, 'POST', NOTIFY_PATHS.rule, {
    name: 'rule',
    projectIds: null,
    levels: [1, 2, 4],
    types: null,
    userIds: [],
    sendEnd: false,
    quietHours: null,
    ...rule,
  });
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
}

export async function deliveries(app: FastifyInstance, token: string, filter: Record<string, unknown> = {}): Promise<DeliveryDto[]> {
  const res = await call<DeliveryDto[]>(app, token, 'POST', NOTIFY_PATHS.deliveryList, { page: { index: 0, limit: 500 }, filter });
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

/** Readings a minute apart in the recent past (ingest refuses the future); one device per alarm. */
let readingTime = Date.now() - 6 * 3600_000;
export async function ingest(app: FastifyInstance, device: { code: string }, values: { dataId: number; value: number }[]): Promise<void> {
  readingTime += 60_000;
  const r = await app.telemetry.ingest({ device: device.code, time: readingTime, values }, { trusted: true });
  expect(r.accepted).toBe(values.length);
}

/** Ingests readings that raise an alarm; the alarm's event id. */
export async function raise(app: FastifyInstance, device: { code: string }, values: { dataId: number; value: number }[]): Promise<number> {
  await ingest(app, device, values);
  const row = await app.db
    .selectFrom('peceventextend')
    .select('id')
    .where('eventtime', '=', readingTime)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves the worker's clock to now (plus `ahead`) and runs one round. */
export async function tickAt(app: FastifyInstance, clock: { t: number }, ahead = 0): Promise<void> {
  clock.t = Math.max(clock.t, Date.now()) + ahead;
  await app.notify.worker.tick();
}
