import type SQLite from 'better-sqlite3';
import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from '../store/dialect';
import type { Database } from '../store/schema';
import { HistoryPartitions } from './historyPartitions';
import { TierFloors } from './tierFloors';
import type { PointColumns } from './seriesFormat';
import { emptyRollups, type Rollups } from './rollups';
import {
  WINDOW_MS,
  windowOf,
  type BlockRead,
  type BlockTable,
  type HeadedMinuteRead,
  type SeriesWindow,
  type StoredBlock,
  type TierTable,
  type WindowBlock,
  type WindowHour,
} from './blockWindows';
import { SqliteReads } from './sqliteReads';
import { headedBlocks, splitHeaded } from './headedBlocks';
import { SqliteWindowWrites } from './sqliteWindowWrites';
import { lastRowBefore, newestBefore } from './seriesQueries';

type Db = Kysely<Database> | Transaction<Database>;

interface UnionRow {
  src: number;
  t: number;
  n: number;
  data: Uint8Array | null;
  value: number | null;
  status: number | null;
}

function split<R extends UnionRow>(rows: R[]): { blocks: R[]; recent: PointColumns } {
  let b = 0;
  while (b < rows.length && Number(rows[b]!.src) === 0) b++;
  const n = rows.length - b;
  const recent = { time: new Float64Array(n), value: new Float64Array(n), status: new Uint8Array(n) };
  for (let i = 0; i < n; i++) {
    const r = rows[b + i]!;
    recent.time[i] = Number(r.t);
    recent.value[i] = Number(r.value);
    recent.status[i] = Number(r.status);
  }
  return { blocks: rows.slice(0, b), recent };
}

/** The points sorted by time (as they are, when they already are). */
function inTimeOrder(p: PointColumns): PointColumns {
  const n = p.time.length;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) sorted = p.time[i - 1]! < p.time[i]!;
  if (sorted) return p;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => p.time[a]! - p.time[b]!);
  return {
    time: Float64Array.from(order, (i) => p.time[i]!),
    value: Float64Array.from(order, (i) => p.value[i]!),
    status: Uint8Array.from(order, (i) => p.status[i]!),
  };
}

/**
 * The tables of compacted history (migration 006): reads that see blocks and recent rows in one
 * statement (one snapshot, so a compaction committing in between can neither hide a window nor show
 * it twice), and the writes of the compactor and of retention.
 */
export class BlockStore {
  /** PostgreSQL: the monthly partitions of each table (null on SQLite) */
  readonly partitions: Record<TierTable, HistoryPartitions> | null;

  /** What each tier can hold at the earliest, for retention (every write here reports to it) */
  readonly floors = new TierFloors<TierTable>();

  /** SQLite: the range reads as statements compiled once (see sqliteReads) */
  private readonly fast: SqliteReads | null;

  /** SQLite: the compactor's writes as statements prepared once, one run per window (see sqliteWindowWrites) */
  private readonly windowWrites: SqliteWindowWrites | null;

  constructor(
    private readonly db: Kysely<Database>,
    sqlite?: SQLite.Database,
  ) {
    this.fast = sqlite ? new SqliteReads(db, sqlite) : null;
    this.windowWrites = sqlite ? new SqliteWindowWrites(sqlite) : null;
    this.partitions = isPostgres(db)
      ? {
          history_block: new HistoryPartitions(db, 'history_block'),
          history_1m: new HistoryPartitions(db, 'history_1m'),
          history_1h: new HistoryPartitions(db, 'history_1h'),
        }
      : null;
  }

  /** Before a compaction transaction writes windows starting at these times: their partitions exist. */
  async prepare(starts: readonly number[]): Promise<void> {
    if (!this.partitions || starts.length === 0) return;
    for (const p of Object.values(this.partitions)) await p.ensure(starts);
  }

  private async union(table: BlockTable, deviceid: number, dataid: number, from: number, to: number, db: Db = this.db): Promise<BlockRead> {
    if (this.fast && db === this.db) return this.fast.range(table, deviceid, dataid, from, to);
    // the blocks as one headed value (headedBlocks.ts), then the recent rows
    const { rows } = await sql<UnionRow>`
      select 0 as src, cast(null as bigint) as t, cast(null as integer) as n, ${headedBlocks(db)} as data, null as value, null as status
        from ${sql.table(table)}
        where deviceid = ${deviceid} and dataid = ${dataid} and "start" >= ${windowOf(from)} and "start" < ${to}
      union all
      select 1, "time", 1, null, value, status
        from history
        where deviceid = ${deviceid} and dataid = ${dataid} and "time" >= ${from} and "time" < ${to}
      order by 1, 2`.execute(db);
    const { blocks, recent } = split(rows);
    return { blocks: splitHeaded(blocks[0]?.data ?? null), rows: recent };
  }

  /** Raw blocks overlapping [from, to) and the recent rows in [from, to). */
  readRaw(deviceid: number, dataid: number, from: number, to: number, db?: Db): Promise<BlockRead> {
    return this.union('history_block', deviceid, dataid, from, to, db);
  }

  /** Stored 1-minute rollup blocks overlapping [from, to) (windows past raw retention) and the recent rows in [from, to). */
  readMinutes(deviceid: number, dataid: number, from: number, to: number): Promise<BlockRead> {
    return this.union('history_1m', deviceid, dataid, from, to);
  }

  /**
   * What the 1-minute tier is made of over [from, to): the stored minute blocks, the raw blocks and the
   * recent rows, in one snapshot (one statement on PostgreSQL, one hold of the connection on SQLite),
   * so a retention run rolling a window's raw block into its minute block in between can neither hide
   * the window nor show it twice.
   */
  async readMinuteSources(deviceid: number, dataid: number, from: number, to: number): Promise<HeadedMinuteRead> {
    if (this.fast) return this.fast.minuteSources(deviceid, dataid, from, to);
    const { rows } = await sql<UnionRow>`
      select 0 as src, cast(null as bigint) as t, cast(null as integer) as n, ${headedBlocks(this.db)} as data, cast(null as double precision) as value, cast(null as integer) as status
        from history_1m
        where deviceid = ${deviceid} and dataid = ${dataid} and "start" >= ${windowOf(from)} and "start" < ${to}
      union all
      select 1, null, null, ${headedBlocks(this.db)}, null, null
        from history_block
        where deviceid = ${deviceid} and dataid = ${dataid} and "start" >= ${windowOf(from)} and "start" < ${to}
      union all
      select 2, "time", 1, null, value, status
        from history
        where deviceid = ${deviceid} and dataid = ${dataid} and "time" >= ${from} and "time" < ${to}
      order by 1, 2`.execute(this.db);
    // each table's blocks as one headed value (src 0, 1), then the recent rows (src 2), as split() reads them
    const headed = (src: number) => rows.find((r) => Number(r.src) === src)?.data ?? null;
    const { recent } = split(rows.map((r) => ({ ...r, src: Number(r.src) === 2 ? 1 : 0 })));
    return { minutes: headed(0), raw: headed(1), rows: recent };
  }

  /** 1-hour rollups of hours starting in [from, to) and the recent rows in [from, to). */
  async readHours(deviceid: number, dataid: number, from: number, to: number): Promise<{ hours: Rollups; rows: PointColumns }> {
    if (this.fast) return this.fast.hours(deviceid, dataid, from, to);
    type HourRow = UnionRow & { min: number; max: number; sum: number; cnt: number };
    const { rows } = await sql<HourRow>`
      select 0 as src, "time" as t, "min", "max", "sum", "last" as value, "count" as cnt, status
        from history_1h
        where deviceid = ${deviceid} and dataid = ${dataid} and "time" >= ${windowOf(from)} and "time" < ${to}
      union all
      select 1, "time", null, null, null, value, 1, status
        from history
        where deviceid = ${deviceid} and dataid = ${dataid} and "time" >= ${from} and "time" < ${to}
      order by 1, 2`.execute(this.db);
    const { blocks, recent } = split(rows);
    const hours = emptyRollups(blocks.length);
    blocks.forEach((r, i) => {
      hours.time[i] = Number(r.t);
      hours.min[i] = Number(r.min);
      hours.max[i] = Number(r.max);
      hours.sum[i] = Number(r.sum);
      hours.last[i] = Number(r.value);
      hours.count[i] = Number(r.cnt);
      hours.status[i] = Number(r.status);
    });
    return { hours, rows: recent };
  }

  /** How many readings [from, to) holds (blocks' counts and recent rows), without reading a block. */
  async countRaw(deviceid: number, dataid: number, from: number, to: number): Promise<number> {
    const { rows } = await sql<{ n: number | string | null }>`
      select sum("count") as n from history_block
        where deviceid = ${deviceid} and dataid = ${dataid} and "start" >= ${windowOf(from)} and "start" < ${to}
      union all
      select count(*) from history
        where deviceid = ${deviceid} and dataid = ${dataid} and "time" >= ${from} and "time" < ${to}`.execute(this.db);
    return rows.reduce((s, r) => s + Number(r.n ?? 0), 0);
  }

  /** The newest recent row before `t`. */
  async rowBefore(deviceid: number, dataid: number, t: number): Promise<{ time: number; value: number; status: number } | undefined> {
    const r = await lastRowBefore(this.db, deviceid, dataid, t);
    return r && { time: Number(r.time), value: r.value, status: r.status };
  }

  /** The newest raw block starting before `t` (for the point before a range). */
  async rawBlockBefore(deviceid: number, dataid: number, t: number): Promise<StoredBlock | undefined> {
    const blocks = this.db.selectFrom('history_block').select(['start', 'count', 'data']);
    const r = await newestBefore(blocks, 'start', deviceid, dataid, t).executeTakeFirst();
    return r && { start: Number(r.start), count: Number(r.count), data: r.data };
  }

  // ---- compaction (inside its transaction): many windows per statement, one index range or key each;
  // on SQLite a prepared statement per window instead, run directly on the connection the transaction holds

  /** The SQLite statements when `trx` is a transaction (it holds the one connection), else null. */
  private direct(trx: Db): SqliteWindowWrites | null {
    return trx === this.db ? null : this.windowWrites;
  }

  /** The recent rows of each window, time-ordered (empty where there are none): one statement. */
  async windowRows(trx: Db, windows: readonly SeriesWindow[]): Promise<PointColumns[]> {
    if (windows.length === 0) return [];
    // SQLite: the transaction holds the one connection, so its compiled range read runs directly, in
    // raw mode (rows as objects were a third of what a window cost).
    if (this.fast) return windows.map((w) => this.fast!.recent(w.deviceid, w.dataid, w.start, w.start + WINDOW_MS));
    // A branch per window, tagged with its index: each is one range of the primary key on both stores.
    // No ORDER BY: SQLite would merge the branches pairwise (a comparison per row per branch); each
    // window's rows are put in time order here instead, where they are not already.
    const { rows } = await sql<{ w: number; time: number; value: number; status: number }>`${sql.join(
      windows.map(
        (w, i) => sql`select ${sql.lit(i)} as w, "time", value, status from history
          where deviceid = ${w.deviceid} and dataid = ${w.dataid} and "time" >= ${w.start} and "time" < ${w.start + WINDOW_MS}`,
      ),
      sql` union all `,
    )}`.execute(trx);
    const counts = new Array<number>(windows.length).fill(0);
    for (const r of rows) counts[Number(r.w)]!++;
    const out = counts.map((n) => ({ time: new Float64Array(n), value: new Float64Array(n), status: new Uint8Array(n) }));
    const filled = counts.fill(0);
    for (const r of rows) {
      const w = Number(r.w);
      const p = out[w]!;
      const at = filled[w]!++;
      p.time[at] = Number(r.time);
      p.value[at] = Number(r.value);
      p.status[at] = Number(r.status);
    }
    return out.map(inTimeOrder);
  }

  /** The block of each window in `table` (undefined where there is none): one statement. */
  async blocksAt(trx: Db, table: BlockTable, windows: readonly SeriesWindow[]): Promise<(StoredBlock | undefined)[]> {
    const direct = this.direct(trx);
    if (direct) return direct.blocksAt(table, windows);
    const out = new Array<StoredBlock | undefined>(windows.length).fill(undefined);
    if (windows.length === 0) return out;
    const { rows } = await sql<{ w: number; count: number; data: Uint8Array }>`${sql.join(
      windows.map(
        (w, i) => sql`select ${sql.lit(i)} as w, "count", data from ${sql.table(table)}
          where deviceid = ${w.deviceid} and dataid = ${w.dataid} and "start" = ${w.start}`,
      ),
      sql` union all `,
    )}`.execute(trx);
    for (const r of rows) out[Number(r.w)] = { start: windows[Number(r.w)]!.start, count: Number(r.count), data: r.data };
    return out;
  }

  async block(trx: Db, table: BlockTable, deviceid: number, dataid: number, start: number): Promise<StoredBlock | undefined> {
    return (await this.blocksAt(trx, table, [{ deviceid, dataid, start }]))[0];
  }

  /** Writes blocks (replacing those of the same windows): one statement. */
  async putBlocks(trx: Db, table: BlockTable, blocks: readonly WindowBlock[]): Promise<void> {
    if (blocks.length === 0) return;
    this.floors.wrote(
      table,
      blocks.reduce((m, b) => Math.min(m, b.start), Infinity),
    );
    const direct = this.direct(trx);
    if (direct) return direct.putBlocks(table, blocks);
    await sql`insert into ${sql.table(table)} (deviceid, dataid, "start", "count", data)
      values ${sql.join(blocks.map((b) => sql`(${b.deviceid}, ${b.dataid}, ${b.start}, ${b.count}, ${b.data})`))}
      on conflict (deviceid, dataid, "start") do update set "count" = excluded."count", data = excluded.data`.execute(trx);
  }

  putBlock(trx: Db, table: BlockTable, deviceid: number, dataid: number, b: StoredBlock): Promise<void> {
    return this.putBlocks(trx, table, [{ deviceid, dataid, ...b }]);
  }

  async hour(trx: Db, deviceid: number, dataid: number, time: number): Promise<Rollups | undefined> {
    const r = await trx
      .selectFrom('history_1h')
      .selectAll()
      .where('deviceid', '=', deviceid)
      .where('dataid', '=', dataid)
      .where('time', '=', time)
      .executeTakeFirst();
    if (!r) return undefined;
    const h = emptyRollups(1);
    h.time[0] = Number(r.time);
    h.min[0] = r.min;
    h.max[0] = r.max;
    h.sum[0] = r.sum;
    h.last[0] = r.last;
    h.count[0] = Number(r.count);
    h.status[0] = r.status;
    return h;
  }

  /** Writes hour rollups (one per window, replacing the stored one): one statement. */
  async putHours(trx: Db, hours: readonly WindowHour[]): Promise<void> {
    if (hours.length === 0) return;
    this.floors.wrote(
      'history_1h',
      hours.reduce((m, h) => Math.min(m, h.hour.time[0]!), Infinity),
    );
    if (hours.some((h) => h.hour.time.length !== 1)) throw new Error('one hour rollup per window');
    const direct = this.direct(trx);
    if (direct) return direct.putHours(hours);
    const values = hours.map(
      ({ deviceid, dataid, hour: h }) =>
        sql`(${deviceid}, ${dataid}, ${h.time[0]!}, ${h.min[0]!}, ${h.max[0]!}, ${h.sum[0]!}, ${h.last[0]!}, ${h.count[0]!}, ${h.status[0]!})`,
    );
    await sql`insert into history_1h (deviceid, dataid, "time", "min", "max", "sum", "last", "count", status)
      values ${sql.join(values)}
      on conflict (deviceid, dataid, "time") do update set
        "min" = excluded."min", "max" = excluded."max", "sum" = excluded."sum", "last" = excluded."last",
        "count" = excluded."count", status = excluded.status`.execute(trx);
  }

  putHour(trx: Db, deviceid: number, dataid: number, hour: Rollups): Promise<void> {
    return this.putHours(trx, [{ deviceid, dataid, hour }]);
  }

  /** Deletes the recent rows of the windows (compacted): one statement, one key range per window. */
  async deleteRows(trx: Db, windows: readonly SeriesWindow[]): Promise<void> {
    if (windows.length === 0) return;
    const direct = this.direct(trx);
    if (direct) return direct.deleteRows(windows);
    const ranges = windows.map(
      (w) => sql`(deviceid = ${w.deviceid} and dataid = ${w.dataid} and "time" >= ${w.start} and "time" < ${w.start + WINDOW_MS})`,
    );
    await sql`delete from history where ${sql.join(ranges, sql` or `)}`.execute(trx);
  }
}
