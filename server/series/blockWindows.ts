import { sql, type RawBuilder } from 'kysely';
import type { PointColumns } from './seriesFormat';
import { HOUR_MS, type Rollups } from './rollups';

/** Compaction windows: one block per series per UTC hour. */
export const WINDOW_MS = HOUR_MS;
export const windowOf = (t: number) => Math.floor(t / WINDOW_MS) * WINDOW_MS;

export interface StoredBlock {
  start: number;
  count: number;
  data: Uint8Array;
}

/** One series' hour: the unit of compaction. */
export interface SeriesWindow {
  deviceid: number;
  dataid: number;
  start: number;
}

export interface WindowBlock extends SeriesWindow {
  count: number;
  data: Uint8Array;
}

/** A window's 1-hour rollup (one step). */
export interface WindowHour {
  deviceid: number;
  dataid: number;
  hour: Rollups;
}

/** What one series holds over a range: compacted blocks (or hour rollups) and the recent rows beside them. */
export interface BlockRead {
  blocks: StoredBlock[];
  rows: PointColumns;
}

/**
 * What the 1-minute tier of a series holds over a range (issue 32): a window's minutes are its raw
 * block folded on reading while the raw block is kept, and a stored minute block once retention has
 * removed the raw one (where both exist, from before this layout, the raw block answers).
 */
export interface MinuteRead {
  minutes: StoredBlock[];
  raw: StoredBlock[];
  rows: PointColumns;
}

/**
 * A MinuteRead as the store answers it, before its blocks are split: each tier's blocks of the range as
 * one headed value (headedBlocks.ts), null when it has none. One buffer a tier is what a fold on
 * another thread is handed (foldPool.ts).
 */
export interface HeadedMinuteRead {
  minutes: Uint8Array | null;
  raw: Uint8Array | null;
  rows: PointColumns;
}

/** A series as one integer key: deviceid · 2^20 + dataid (data ids are four digits). */
export const SERIES_KEY = 1_048_576;

/**
 * `with recursive walk(series, n)`: the next `chunk` series (as keys) of `table` after the key
 * `after`, by a recursive walk of its primary key (deviceid, dataid, …), one seek a series. Literals,
 * not parameters, where SQL divides: a bound number is a REAL to SQLite, and series / K must divide
 * integers. The statement that follows selects from `walk`, skipping its last row's null.
 */
export function seriesWalk(table: TierTable | 'history', after: number, chunk: number): RawBuilder<unknown> {
  const K = sql.lit(SERIES_KEY);
  const next = (deviceid: RawBuilder<unknown>, dataid: RawBuilder<unknown>) =>
    sql`(select cast(deviceid as bigint) * ${K} + dataid from ${sql.table(table)}
           where (deviceid, dataid) > (${deviceid}, ${dataid}) order by deviceid, dataid limit 1)`;
  return sql`with recursive walk(series, n) as (
      select ${next(sql.lit(Math.floor(after / SERIES_KEY)), sql.lit(after % SERIES_KEY))}, 1
      union all
      select ${next(sql`walk.series / ${K}`, sql`walk.series % ${K}`)}, n + 1
        from walk where walk.series is not null and n < ${sql.lit(chunk)}
    )`;
}
export type BlockTable = 'history_block' | 'history_1m';
export type TierTable = BlockTable | 'history_1h';

/** A run of windows, time-ordered, all answered by one kind of block. */
export interface MinuteRun {
  raw: boolean;
  blocks: StoredBlock[];
}

/**
 * The windows of a minute read in time order, each answered once: by its raw block where one is kept,
 * else by its stored minute block; consecutive windows of a kind form a run (a run of blocks is
 * inflated in one call).
 */
export function minuteRuns(read: MinuteRead): MinuteRun[] {
  const rawStarts = new Set(read.raw.map((b) => b.start));
  const minutes = read.minutes.filter((b) => !rawStarts.has(b.start));
  const runs: MinuteRun[] = [];
  let i = 0;
  let j = 0;
  while (i < minutes.length || j < read.raw.length) {
    const raw = j < read.raw.length && (i >= minutes.length || read.raw[j]!.start < minutes[i]!.start);
    const block = raw ? read.raw[j++]! : minutes[i++]!;
    const last = runs[runs.length - 1];
    if (last?.raw === raw) last.blocks.push(block);
    else runs.push({ raw, blocks: [block] });
  }
  return runs;
}
