import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../store/schema';
import type { DomainEventInput, EventLog } from './eventLog';

declare module 'fastify' {
  interface FastifyInstance {
    eventLog: EventLog;
  }
}

/**
 * Runs a write and its domain events in one transaction: either both land or neither does, and the
 * events are published only after the commit. In-transaction listeners (the notification outbox) write
 * in the same transaction.
 */
export async function transact<T>(
  app: FastifyInstance,
  work: (trx: Transaction<Database>, emit: (ev: DomainEventInput) => void) => Promise<T>,
): Promise<T> {
  const pending: DomainEventInput[] = [];
  const { result, events } = await app.db.transaction().execute(async (trx) => {
    const result = await work(trx, (ev) => pending.push(ev));
    const events = await app.eventLog.appendMany(pending, trx);
    await app.eventLog.appended(events, trx);
    return { result, events };
  });
  for (const ev of events) app.eventLog.publish(ev);
  return result;
}
