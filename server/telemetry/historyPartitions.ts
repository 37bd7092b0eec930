import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { LOCK, lockForTransaction } from '../store/locks';

/** The first instant (ms, UTC) of the month holding `t`. */
export function monthStart(t: number): number {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

export function nextMonthStart(t: number): number {
  const d = new Date(monthStart(t));
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** history_y2026m11: one partition per UTC month of `time`. */
export function partitionName(monthStartMs: number): string {
  const d = new Date(monthStartMs);
  const y = d.getUTCFullYear();
  const m = String(d.getUTCMonth() + 1).padStart(2, '0');
  return y < 0 ? `history_yn${-y}m${m}` : `history_y${y}m${m}`;
}

/**
 * PostgreSQL's monthly partitions of `history` (declarative range partitioning on `time`). A month's
 * partition is made the first time a reading of that month arrives, outside the ingest transaction so
 * no ingest holds the parent table's DDL lock; retention drops whole partitions, never rows.
 */
export class HistoryPartitions {
  /** month starts known to exist */
  private readonly known = new Set<number>();
  private loaded: Promise<void> | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /** Reads the partitions that exist (made by any instance). */
  private async load(): Promise<void> {
    const rows = await sql<{ name: string }>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'history'::regclass`.execute(this.db);
    this.known.clear();
    for (const r of rows.rows) {
      const m = /^history_y(n?)(\d+)m(\d\d)$/.exec(r.name);
      if (m) this.known.add(Date.UTC((m[1] ? -1 : 1) * Number(m[2]), Number(m[3]) - 1, 1));
    }
  }

  private ready(): Promise<void> {
    this.loaded ??= this.load().catch((err: unknown) => {
      this.loaded = null;
      throw err;
    });
    return this.loaded;
  }

  /** Makes sure a partition exists for every month of these times. */
  async ensure(times: Iterable<number>): Promise<void> {
    await this.ready();
    const missing = new Set<number>();
    for (const t of times) {
      const m = monthStart(t);
      if (!this.known.has(m)) missing.add(m);
    }
    if (missing.size === 0) return;
    await this.db.transaction().execute(async (trx) => {
      // Another instance may be creating the same month: one at a time, then `if not exists`.
      await lockForTransaction(trx, LOCK.PARTITIONS);
      for (const m of missing) {
        await sql`create table if not exists ${sql.table(partitionName(m))} partition of history for values from (${sql.lit(m)}) to (${sql.lit(nextMonthStart(m))})`.execute(
          trx,
        );
      }
    });
    for (const m of missing) this.known.add(m);
  }

  /** Month starts of the partitions that exist, ascending. */
  async list(): Promise<number[]> {
    await this.load();
    return [...this.known].sort((a, b) => a - b);
  }

  /** Drops every partition whose month ends at or before `cutoff`; returns how many. */
  async dropBefore(cutoff: number): Promise<number> {
    const old = (await this.list()).filter((m) => nextMonthStart(m) <= cutoff);
    if (old.length === 0) return 0;
    await this.db.transaction().execute(async (trx) => {
      await lockForTransaction(trx, LOCK.PARTITIONS);
      for (const m of old) await sql`drop table if exists ${sql.table(partitionName(m))}`.execute(trx);
    });
    for (const m of old) this.known.delete(m);
    return old.length;
  }
}
