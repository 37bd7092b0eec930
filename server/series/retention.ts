import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../store/schema';
import type { BlockStore } from './blockStore';
import { SERIES_KEY, seriesWalk, WINDOW_MS, type TierTable, type WindowBlock } from './blockWindows';
import type { HistoryPartitions } from './historyPartitions';
import type { TierFloors } from './tierFloors';
import { encodeRollups, HOUR_MS, MINUTE_MS, rollUp } from './rollups';
import { decodePoints } from './seriesCodec';

const DAY_MS = 86_400_000;

export interface RetentionDays {
  /** raw readings (blocks and recent rows), default 90 days */
  rawDays?: number | undefined;
  /** 1-minute rollups, default 2 years */
  minuteDays?: number | undefined;
  /** 1-hour rollups, default 10 years */
  hourDays?: number | undefined;
}

const DEFAULT_RETENTION = { rawDays: 90, minuteDays: 730, hourDays: 3650 } as const;

/** How long each tier of history is kept. A coarser tier is never kept for less than a finer one. */
export class Retention {
  readonly rawMs: number;
  readonly minuteMs: number;
  readonly hourMs: number;

  constructor(days: RetentionDays = {}) {
    const raw = days.rawDays ?? DEFAULT_RETENTION.rawDays;
    const minute = Math.max(raw, days.minuteDays ?? DEFAULT_RETENTION.minuteDays);
    const hour = Math.max(minute, days.hourDays ?? DEFAULT_RETENTION.hourDays);
    this.rawMs = raw * DAY_MS;
    this.minuteMs = minute * DAY_MS;
    this.hourMs = hour * DAY_MS;
  }
}

export interface PruneResult {
  rawBlocks: number;
  /** raw blocks whose 1-minute rollups were stored as they went (still within the minute tier's retention) */
  minuteBlocksRolled: number;
  minuteBlocks: number;
  hourRows: number;
  /** PostgreSQL: monthly partitions dropped whole (blocks, rollups and emptied row partitions) */
  partitions: number;
}

const CHUNK = 2000;
/** series visited per statement of the SQLite walk */
const SERIES_CHUNK = 500;

/**
 * SQLite keeps no time index on the tiers (migration 011: it was a twelfth of the file for a query an
 * hour), so its retention walks the series through the primary key (deviceid, dataid, start): one
 * statement finds the next SERIES_CHUNK series by skip-scan (a seek each), the next deletes their
 * blocks up to the cutoff, each series' being one key range, and a third reads the earliest window they
 * keep. That floor lets the next run skip the tier while its cutoff is still before it (TierFloors).
 */
async function pruneSeriesWalk(
  db: Kysely<Database>,
  floors: TierFloors<TierTable>,
  table: TierTable,
  column: 'start' | 'time',
  lastStart: number,
  /** runs for a chunk of series before their delete (the raw tier: rolls the expiring blocks into minutes) */
  beforeDelete?: (series: RawBuilder<unknown>[]) => Promise<void>,
): Promise<number> {
  if (floors.clearThrough(table, lastStart)) return 0;
  floors.walkStarts(table);
  let total = 0;
  let after = -1;
  let oldest: number | null = null;
  for (;;) {
    const { rows } = await sql<{ key: number }>`
      ${seriesWalk(table, after, SERIES_CHUNK)}
      select series as key from walk where series is not null`.execute(db);
    if (rows.length === 0) break;
    const series = rows.map((r) => sql`(${Math.floor(r.key / SERIES_KEY)}, ${r.key % SERIES_KEY})`);
    await beforeDelete?.(series);
    const r = await sql`
      delete from ${sql.table(table)}
      where (deviceid, dataid) in (values ${sql.join(series)}) and ${sql.ref(column)} <= ${lastStart}`.execute(db);
    total += Number(r.numAffectedRows ?? 0);
    const kept = await sql<{ oldest: number | null }>`
      with s(d, i) as (values ${sql.join(series)})
      select min((select ${sql.ref(column)} from ${sql.table(table)} where deviceid = s.d and dataid = s.i
                  order by ${sql.ref(column)} limit 1)) as oldest from s`.execute(db);
    const first = kept.rows[0]?.oldest;
    if (first != null) oldest = oldest === null ? Number(first) : Math.min(oldest, Number(first));
    after = rows[rows.length - 1]!.key;
    if (rows.length < SERIES_CHUNK) break;
    await new Promise((res) => setImmediate(res));
  }
  floors.walkEnded(table, oldest);
  return total;
}

interface ExpiringBlock {
  deviceid: number;
  dataid: number;
  start: number;
  count: number;
  data: Uint8Array;
}

/** The 1-minute rollup blocks of raw blocks, as the compactor computes a window's minutes. */
function minuteBlocksOf(raw: readonly ExpiringBlock[]): WindowBlock[] {
  return raw.map((b) => {
    const minutes = rollUp(decodePoints(b.data), MINUTE_MS);
    return {
      deviceid: Number(b.deviceid),
      dataid: Number(b.dataid),
      start: Number(b.start),
      count: minutes.time.length,
      data: encodeRollups(minutes),
    };
  });
}

/**
 * Stores the minute blocks of raw blocks that leave retention and deletes those raw blocks, in one
 * transaction. A block is deleted only as it was read (same count): one that a late reading changed
 * meanwhile stays for the next run, which rolls it again, so its minutes always come from the whole
 * window.
 */
async function rollAndDelete(db: Kysely<Database>, blocks: BlockStore, rows: readonly ExpiringBlock[]): Promise<void> {
  const minutes = minuteBlocksOf(rows);
  await blocks.prepare([...new Set(minutes.map((m) => m.start))]);
  await db.transaction().execute(async (trx) => {
    await blocks.putBlocks(trx, 'history_1m', minutes);
    // literals (integers read from the table): bound values in a VALUES list would be text to PostgreSQL
    const keys = rows.map(
      (b) => sql`(${sql.lit(Number(b.deviceid))}, ${sql.lit(Number(b.dataid))}, ${sql.lit(Number(b.start))}, ${sql.lit(Number(b.count))})`,
    );
    await sql`delete from history_block where (deviceid, dataid, "start", "count") in (values ${sql.join(keys)})`.execute(trx);
  });
}

/**
 * PostgreSQL: the raw blocks in (minuteLast, rawLast] rolled into their minute blocks and deleted, a
 * chunk at a time in time order (the time index), each chunk in one transaction (rollAndDelete).
 */
async function rollExpiringRawPostgres(db: Kysely<Database>, blocks: BlockStore, minuteLast: number, rawLast: number): Promise<number> {
  let rolled = 0;
  // keyset paging in the index's order; the first page is everything after the minute tier's cutoff
  let after = sql`"start" > ${minuteLast}`;
  for (;;) {
    const { rows } = await sql<ExpiringBlock>`
      select deviceid, dataid, "start", "count", data from history_block
      where "start" <= ${rawLast} and ${after}
      order by "start", deviceid, dataid limit ${CHUNK}`.execute(db);
    if (rows.length === 0) return rolled;
    await rollAndDelete(db, blocks, rows);
    rolled += rows.length;
    const last = rows[rows.length - 1]!;
    after = sql`("start", deviceid, dataid) > (${Number(last.start)}, ${Number(last.deviceid)}, ${Number(last.dataid)})`;
    if (rows.length < CHUNK) return rolled;
    await new Promise((res) => setImmediate(res));
  }
}

/**
 * Retention by whole blocks: every block (or hour rollup) whose hour ended before its tier's cutoff
 * goes. On PostgreSQL the months that ended before the cutoff are dropped as whole partitions first;
 * what is left (the month around the cutoff) is found through the tables' time index and deleted in
 * chunks, so no statement holds the store for long; SQLite walks the series instead
 * (pruneSeriesWalk). Readings are never deleted one by one: a raw block is one series' whole hour.
 * Row partitions of `history` that compaction has emptied go too, once past raw retention.
 */
export async function pruneTiers(
  db: Kysely<Database>,
  blocks: BlockStore,
  retention: Retention,
  now: number,
  rowPartitions?: HistoryPartitions,
): Promise<PruneResult> {
  let partitions = 0;
  let minuteBlocksRolled = 0;
  // whole hours ended at or before a tier's cutoff
  const lastStartOf = (table: TierTable, keepMs: number) => now - keepMs - (table === 'history_1h' ? HOUR_MS : WINDOW_MS);
  // Raw blocks leaving retention while their minutes are still kept: the minutes are stored now (the
  // compactor stores none while the raw block answers for them, issue 32).
  const minuteLast = lastStartOf('history_1m', retention.minuteMs);
  const rawLast = lastStartOf('history_block', retention.rawMs);
  // SQLite: the expiring blocks of a chunk of series, CHUNK blocks a transaction (a shortened raw
  // retention leaves months of them at once: one transaction for all would hold the store for seconds)
  const rollRaw = async (series: RawBuilder<unknown>[]) => {
    for (;;) {
      const { rows } = await sql<ExpiringBlock>`
        select deviceid, dataid, "start", "count", data from history_block
        where (deviceid, dataid) in (values ${sql.join(series)}) and "start" <= ${rawLast} and "start" > ${minuteLast}
        limit ${CHUNK}`.execute(db);
      if (rows.length === 0) return;
      await rollAndDelete(db, blocks, rows);
      minuteBlocksRolled += rows.length;
      if (rows.length < CHUNK) return;
      await new Promise((res) => setImmediate(res));
    }
  };
  if (blocks.partitions && minuteLast < rawLast) minuteBlocksRolled = await rollExpiringRawPostgres(db, blocks, minuteLast, rawLast);
  const tier = async (table: 'history_block' | 'history_1m' | 'history_1h', column: 'start' | 'time', keepMs: number) => {
    const lastStart = lastStartOf(table, keepMs);
    if (!blocks.partitions)
      return pruneSeriesWalk(
        db,
        blocks.floors,
        table,
        column,
        lastStart,
        table === 'history_block' && minuteLast < rawLast ? rollRaw : undefined,
      );
    partitions += await blocks.partitions[table].dropBefore(lastStart + 1);
    let total = 0;
    for (;;) {
      const r = await sql`
        delete from ${sql.table(table)}
        where (deviceid, dataid, ${sql.ref(column)}) in (
          select deviceid, dataid, ${sql.ref(column)} from ${sql.table(table)} where ${sql.ref(column)} <= ${lastStart} limit ${CHUNK})`.execute(
        db,
      );
      const n = Number(r.numAffectedRows ?? 0);
      total += n;
      if (n < CHUNK) return total;
      await new Promise((res) => setImmediate(res));
    }
  };
  const result = {
    // the rolled blocks were deleted as they were rolled
    rawBlocks: (await tier('history_block', 'start', retention.rawMs)) + minuteBlocksRolled,
    minuteBlocks: await tier('history_1m', 'start', retention.minuteMs),
    hourRows: await tier('history_1h', 'time', retention.hourMs),
  };
  if (rowPartitions) partitions += await rowPartitions.dropEmptyBefore(now - retention.rawMs);
  return { ...result, minuteBlocksRolled, partitions };
}
