import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { LOCK, lockForTransaction } from '../store/locks';

/** The first instant (ms, UTC) of the month holding `t`. */
export function monthStart(t: number): number {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

function nextMonthStart(t: number): number {
  const d = new Date(monthStart(t));
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** history_y2026m11: one partition per UTC month of the partition key (of `table`). */
export function partitionName(monthStartMs: number, table: PartitionedTable = 'history'): string {
  const d = new Date(monthStartMs);
  const y = d.getUTCFullYear();
  const m = String(d.getUTCMonth() + 1).padStart(2, '0');
  return y < 0 ? `${table}_yn${-y}m${m}` : `${table}_y${y}m${m}`;
}

/** The tables of history partitioned by month on PostgreSQL: recent rows, blocks and rollups. */
export type PartitionedTable = 'history' | 'history_block' | 'history_1m' | 'history_1h';

/**
 * PostgreSQL's monthly partitions of a history table (declarative range partitioning on its time
 * column: `time` of the rows, `start` of the blocks). A month's partition is made the first time data
 * of that month arrives, outside the writing transaction so no ingest or compaction holds the parent
 * table's DDL lock; retention drops whole partitions, never rows.
 */
export class HistoryPartitions {
  /** month starts known to exist */
  private readonly known = new Set<number>();
  private loaded: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly table: PartitionedTable = 'history',
  ) {}

  /** Reads the partitions that exist (made by any instance). */
  private async load(): Promise<void> {
    const rows = await sql<{ name: string }>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = ${this.table}::regclass`.execute(this.db);
    this.known.clear();
    const name = new RegExp(`^${this.table}_y(n?)(\\d+)m(\\d\\d)$`);
    for (const r of rows.rows) {
      const m = name.exec(r.name);
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
        await sql`create table if not exists ${sql.table(partitionName(m, this.table))} partition of ${sql.table(this.table)} for values from (${sql.lit(m)}) to (${sql.lit(nextMonthStart(m))})`.execute(
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
      for (const m of old) await sql`drop table if exists ${sql.table(partitionName(m, this.table))}`.execute(trx);
    });
    for (const m of old) this.known.delete(m);
    return old.length;
  }

  /** Drops the partitions whose month ends at or before `cutoff` and that hold no row (compacted away). */
  async dropEmptyBefore(cutoff: number): Promise<number> {
    const old = (await this.list()).filter((m) => nextMonthStart(m) <= cutoff);
    let dropped = 0;
    for (const m of old) {
      const gone = await this.db.transaction().execute(async (trx) => {
        await lockForTransaction(trx, LOCK.PARTITIONS);
        const name = sql.table(partitionName(m, this.table));
        // Checked under the lock, in the dropping transaction: a late reading cannot slip in between.
        await sql`lock table ${name} in access exclusive mode`.execute(trx);
        const any = await sql`select 1 from ${name} limit 1`.execute(trx);
        if (any.rows.length) return false;
        await sql`drop table ${name}`.execute(trx);
        return true;
      });
      if (gone) {
        this.known.delete(m);
        dropped++;
      }
    }
    return dropped;
  }
}
