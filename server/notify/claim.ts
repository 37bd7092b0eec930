import { sql, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { isPostgres } from '../store/dialect';
import type { Database } from '../store/schema';
import type { DeliveryRow } from '../store/notifyTables';
import { countRows } from '../store/count';

/**
 * A delivery still to be sent (pending, or retrying after a failure): the condition of the partial due
 * indexes (migration 021), written as the same literal so that SQLite's and PostgreSQL's planners see
 * the query implies it and use them (a bound list would not).
 */
export const STILL_DUE = sql<SqlBool>`"status" in ('pending', 'retrying')`;

/** Deliveries due now that no live lease holds. */
export const dueNow = (now: number) => (eb: ExpressionBuilder<Database, 'notify_delivery'>) =>
  eb.and([
    STILL_DUE,
    eb('notify_delivery.nextAttemptAt', '<=', now),
    eb.or([eb('notify_delivery.leaseUntil', 'is', null), eb('notify_delivery.leaseUntil', '<', now)]),
  ]);

/**
 * Takes up to `limit` due deliveries for this worker for `leaseMs`: of one paced channel when
 * `channelId` is given (only the taker of its send slot does that, server/notify/pacing.ts), else of
 * every channel that is not paced (the unpaced lane, migration 020). On PostgreSQL the rows are locked with FOR UPDATE SKIP LOCKED
 * while the lease is written, so of several instances exactly one takes each row; on SQLite one
 * process owns the store. A lease left by a killed process expires and the row is taken again, with
 * the same id.
 */
export async function claimDue(
  db: Kysely<Database>,
  owner: string,
  now: number,
  leaseMs: number,
  limit: number,
  channelId?: number,
): Promise<DeliveryRow[]> {
  const pg = isPostgres(db);
  const due = db
    .selectFrom('notify_delivery')
    .select('id')
    .where(dueNow(now))
    .$if(channelId !== undefined, (q) => q.where('channelId', '=', channelId!))
    // the unpaced lane only: the index leads with `paced`, so the robots' waiting deliveries are never walked
    .$if(channelId === undefined, (q) => q.where('paced', '=', 0))
    .orderBy('nextAttemptAt')
    .limit(limit)
    .$if(pg, (q) => q.forUpdate().skipLocked());
  return db
    .updateTable('notify_delivery')
    .set({ leaseOwner: owner, leaseUntil: now + leaseMs })
    .where('id', 'in', due)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
    .returningAll()
    .execute();
}

/**
 * Extends the lease of a message's deliveries just before it is sent, if this worker still holds all
 * of them: a message that waited in the queue behind slow receivers past its lease may have been
 * taken by another instance meanwhile, and must then not be sent here too.
 */
export async function renewLease(
  db: Kysely<Database>,
  owner: string,
  ids: readonly string[],
  now: number,
  leaseMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('notify_delivery')
    .set({ leaseUntil: now + leaseMs })
    .where('id', 'in', ids)
    .where('leaseOwner', '=', owner)
    .where('leaseUntil', '>=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === ids.length;
}

/** Gives deliveries back without an attempt (quiet hours, a paced channel's next slot), to be taken at `at`. */
export async function postpone(db: Kysely<Database>, owner: string, ids: readonly string[], at: number): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('notify_delivery')
    .set({ nextAttemptAt: at, leaseOwner: null, leaseUntil: null })
    .where('id', 'in', ids)
    .where('leaseOwner', '=', owner)
    .execute();
}

/** Marks a message's deliveries sent: the carrying one, and the ones merged into it. */
export async function markSent(db: Kysely<Database>, owner: string, carrier: string, ids: readonly string[], now: number): Promise<void> {
  await db
    .updateTable('notify_delivery')
    .set((eb) => ({
      status: 'sent',
      attempts: sql<number>`${eb.ref('attempts')} + 1`,
      sentAt: now,
      lastError: null,
      nextAttemptAt: null,
      leaseOwner: null,
      leaseUntil: null,
      mergedInto: eb
        .case()
        .when('id', '=', carrier)
        .then(sql<string | null>`null`)
        .else(carrier)
        .end(),
    }))
    .where('id', 'in', ids)
    .where('leaseOwner', '=', owner)
    .execute();
}

/** Records a failed attempt: retried at `next`, or failed for good when `next` is null. */
export async function markFailed(db: Kysely<Database>, owner: string, row: DeliveryRow, error: string, next: number | null): Promise<void> {
  await db
    .updateTable('notify_delivery')
    .set({
      status: next === null ? 'failed' : 'retrying',
      attempts: row.attempts + 1,
      lastError: error,
      nextAttemptAt: next,
      leaseOwner: null,
      leaseUntil: null,
    })
    .where('id', '=', row.id)
    .where('leaseOwner', '=', owner)
    .execute();
}

/** Deliveries waiting to go out (queued, or retrying after a failure): the delivery backlog of /metrics. */
export async function countWaiting(db: Kysely<Database>): Promise<number> {
  return countRows(
    db
      .selectFrom('notify_delivery')
      // both lanes, named so the partial due index (paced, nextAttemptAt) answers it
      .where('paced', 'in', [0, 1])
      .where(STILL_DUE),
  );
}
