import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import '../store/notifyTables';

/** Days a sent or failed delivery is kept (NOTIFY_RETENTION_DAYS): half a year of audit on screen. */
export const DEFAULT_DELIVERY_RETENTION_DAYS = 180;

/** Rows deleted per statement, so pruning a long backlog never holds the store for long. */
const BATCH = 5_000;

/**
 * Deletes the sent and failed deliveries written more than `days` before `now`. Queued and retrying
 * ones stay whatever their age: the worker fails them 24 h after they were written, and they go with
 * a later run. Returns how many were deleted.
 */
export async function pruneDeliveries(db: Kysely<Database>, now: number, days: number): Promise<number> {
  const before = now - days * 86_400_000;
  let deleted = 0;
  for (;;) {
    const old = db
      .selectFrom('notify_delivery')
      .select('id')
      .where('status', 'in', ['sent', 'failed'])
      .where('createdAt', '<', before)
      .limit(BATCH);
    const n = Number((await db.deleteFrom('notify_delivery').where('id', 'in', old).executeTakeFirst()).numDeletedRows);
    deleted += n;
    if (n < BATCH) return deleted;
  }
}
