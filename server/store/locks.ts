import { sql, type QueryExecutorProvider } from 'kysely';
import { isPostgres } from './dialect';

/**
 * PostgreSQL advisory lock keys of Voltguard, as (namespace, id) pairs so they cannot collide with
 * another application's single-bigint keys on a shared server. On SQLite every writer is already
 * serialized by the database file, so the helpers do nothing there.
 */
const NAMESPACE = 0x5647; // "VG"
export const LOCK = {
  /** event appends, held until commit: commits happen in sequence order (server/eventLog/eventLog.ts) */
  EVENT_LOG: 1,
  /** the first start's seed, so instances started together seed once */
  BOOTSTRAP: 2,
  /** creating and dropping history partitions */
  PARTITIONS: 3,
  /** the instance that runs the periodic jobs (server/jobs/leader.ts) */
  LEADER: 4,
  /** shared secrets created at first use */
  SECRETS: 5,
} as const;
/** per-device locks (alarm state across instances) use their own namespace with the device id */
const DEVICE_NAMESPACE = 0x5648;

export const advisoryKey = (id: number) => ({ namespace: NAMESPACE, id });

/** Takes a transaction-scoped advisory lock (released by commit or rollback). */
export async function lockForTransaction(trx: QueryExecutorProvider, id: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(${NAMESPACE}::int4, ${id}::int4)`.execute(trx);
}

/** Locks the given devices for this transaction, in id order so two transactions never deadlock. */
export async function lockDevicesForTransaction(trx: QueryExecutorProvider, deviceIds: readonly number[]): Promise<void> {
  if (!isPostgres(trx) || deviceIds.length === 0) return;
  const ids = [...new Set(deviceIds)].sort((a, b) => a - b);
  await sql`select count(pg_advisory_xact_lock(${DEVICE_NAMESPACE}::int4, d)) from unnest(${ids}::int4[]) as d`.execute(trx);
}

/** Rows inserted with explicit ids (the seed's root) leave PostgreSQL's identity behind: move it past them. */
export async function syncIdentity(trx: QueryExecutorProvider, table: string, column = 'id'): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}), greatest(1, (select max(${sql.ref(column)}) from ${sql.table(table)})))`.execute(
    trx,
  );
}
