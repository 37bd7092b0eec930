import { sql, type CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../store/schema';
import type { BlockStore } from './blockStore';
import { SERIES_KEY, seriesWalk, WINDOW_MS, windowOf, type SeriesWindow, type WindowBlock, type WindowHour } from './blockWindows';
import type { HistoryGroup } from './historyStore';
import { mergePoints } from './points';
import { decodeRollups, encodeRollups, HOUR_MS, MINUTE_MS, mergeRollups, rollUp, rollUpRollups, type Rollups } from './rollups';
import type { PointColumns } from './seriesFormat';
import { encodePoints } from './seriesEncode';
import { decodePoints } from './seriesCodec';
import type { Retention } from './retention';

export interface CompactorOptions {
  now: () => number;
  retention: Retention;
  /** readings this late still land before their hour is compacted (later ones are merged in later) */
  graceMs?: number;
  /** the longest one compaction transaction holds the store before ingest gets a turn */
  sliceMs?: number;
}

export interface CompactionResult {
  windows: number;
  readings: number;
}

/** A window's 1-minute rollups as a committed compaction wrote them. */
export interface CompactedMinutes extends SeriesWindow {
  minutes: Rollups;
}

const keyOf = (d: number, k: number, w: number) => `${d}:${k}:${w}`;
/** The longest the series scan holds the event loop before requests, pushes and ingest get a turn. */
const SCAN_SLICE_MS = 5;
/**
 * Windows per batch at most: each step of a batch is one statement over all its windows (a union of
 * as many branches on reads: SQLite allows 500), and a statement's cost per window stops falling well
 * before this.
 */
const MAX_BATCH = 128;
/** series a scan statement walks */
const SCAN_CHUNK = 256;
/** The floor of the measured cost per window (ms), so a batch of nothing measured is never sized by zero. */
const MIN_WINDOW_MS = 0.01;

/**
 * Moves closed hours of every series from the `history` rows into compressed blocks with their
 * 1-hour rollups (issue 18; their 1-minute rollups are read from the raw block while it is kept, and
 * stored by retention when it removes it: issue 32). A window (one series' hour) is the unit of work: its rows
 * are read, merged with the block already there (late and re-sent readings: a row replaces the
 * compacted point at the same time), written back as block + rollups, and deleted, all in the same
 * transaction, so a crash at any instant leaves every reading exactly once, either still a row or
 * already in its block. Windows go in batches, one statement per step for the whole batch (issue 31's
 * fleet bench: a statement per window per step was most of what an hour of a device cost).
 *
 * A full pass runs once per newly closed hour (and at start); between passes only the windows that
 * received late readings are revisited (noteWritten hears every committed ingest).
 */
export class Compactor {
  private readonly graceMs: number;
  private readonly sliceMs: number;
  /** rows committed before this time are late: their hour was already due */
  private lateBefore = -Infinity;
  /** every window before this has been compacted by a completed full pass */
  private scannedBefore = -Infinity;
  private readonly dirty = new Map<string, SeriesWindow>();
  /** the window last put in `dirty` per device and dataId (cleared whenever `dirty` is taken) */
  private readonly noted = new Map<number, Map<number, number>>();
  private running: Promise<CompactionResult> | null = null;
  /** what one window of the last batch cost (ms): sizes the next batch to the slice */
  private windowMs = 0.5;
  private stopping = false;
  private readonly minuteListeners = new Set<(windows: readonly CompactedMinutes[]) => void>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly blocks: BlockStore,
    private readonly opts: CompactorOptions,
  ) {
    this.graceMs = opts.graceMs ?? 5 * 60_000;
    this.sliceMs = opts.sliceMs ?? 10;
  }

  /** Hears committed rows: those of an already closed hour make their window due again. */
  noteWritten(groups: readonly HistoryGroup[]): void {
    const closed = this.lateBefore;
    if (closed === -Infinity) return;
    for (const g of groups)
      for (const r of g.readings) {
        if (r.time >= closed) continue;
        const start = windowOf(r.time);
        // A backfill sends the same windows over and over: one numeric look-up instead of a key string.
        let noted = this.noted.get(g.deviceid);
        if (!noted) this.noted.set(g.deviceid, (noted = new Map()));
        if (noted.get(r.def.dataId) === start) continue;
        noted.set(r.def.dataId, start);
        this.dirty.set(keyOf(g.deviceid, r.def.dataId, start), { deviceid: g.deviceid, dataid: r.def.dataId, start });
      }
  }

  /**
   * Hears the 1-minute rollups of the windows each committed slice compacted, so a reader of the newest
   * hours (the early-warning job) follows them without reading them back from the store.
   */
  onMinutesCompacted(listener: (windows: readonly CompactedMinutes[]) => void): () => void {
    this.minuteListeners.add(listener);
    return () => this.minuteListeners.delete(listener);
  }

  /** One pass (never two at once): every closed window after a new hour closed, else the late ones. */
  run(): Promise<CompactionResult> {
    if (this.stopping) return Promise.resolve({ windows: 0, readings: 0 });
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  /** Compacts everything closed now, as many passes as it takes (tests, benches, tools). */
  async runUntilIdle(): Promise<CompactionResult> {
    const total: CompactionResult = { windows: 0, readings: 0 };
    for (;;) {
      await this.running;
      const r = await this.run();
      total.windows += r.windows;
      total.readings += r.readings;
      if (r.windows === 0 && this.dirty.size === 0) return total;
    }
  }

  /** Ends a running pass after its current slice (shutdown); the rest waits for the next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running?.catch(() => undefined);
  }

  /** Windows with start before this are closed (their hour ended at least the grace ago). */
  boundary(): number {
    return windowOf(this.opts.now() - this.graceMs);
  }

  private async pass(): Promise<CompactionResult> {
    const boundary = this.boundary();
    // From here on, rows committed into closed hours are noted as late, also during the scan.
    if (boundary > this.lateBefore) this.lateBefore = boundary;
    const full = boundary > this.scannedBefore;
    const tasks = full ? await this.scan(boundary) : [];
    this.noted.clear();
    for (const [key, t] of this.dirty) {
      this.dirty.delete(key);
      if (t.start < boundary) tasks.push(t);
    }
    const result = await this.compact(tasks);
    if (full && !this.stopping) this.scannedBefore = boundary;
    return result;
  }

  /**
   * Every (series, window) with rows in a closed window, by index seeks (never a table scan): a
   * statement walks the next SCAN_CHUNK series (a seek each) and answers each one's first row and its
   * last row before the boundary (a seek each); only a series with more than one closed window (after
   * a stop, or a backfill) is then walked window by window.
   */
  private async scan(boundary: number): Promise<SeriesWindow[]> {
    const tasks: SeriesWindow[] = [];
    const nextWindow = this.nextWindowQuery();
    let after = -1;
    let since = performance.now();
    for (;;) {
      // SQLite answers synchronously, so awaiting a query never lets the event loop turn: a fleet's
      // 150,000 series would hold alarms, requests and pushes for seconds. A turn every few ms.
      if (performance.now() - since >= SCAN_SLICE_MS) {
        await new Promise((r) => setImmediate(r));
        since = performance.now();
      }
      const series = await this.seriesAfter(after, boundary);
      for (const r of series) {
        if (r.first >= boundary) continue;
        const deviceid = Math.floor(r.series / SERIES_KEY);
        const dataid = r.series % SERIES_KEY;
        const last = windowOf(r.last!);
        for (let start = windowOf(r.first); ;) {
          tasks.push({ deviceid, dataid, start });
          if (start >= last) break;
          const next = (await this.db.executeQuery(nextWindow(deviceid, dataid, start + WINDOW_MS))).rows[0];
          if (!next) break;
          start = windowOf(Number(next.time));
        }
      }
      if (series.length < SCAN_CHUNK) return tasks;
      after = series[series.length - 1]!.series;
    }
  }

  /**
   * The next SCAN_CHUNK series with rows after the series key `after` (a recursive walk of the
   * primary key, one seek a series), each with the time of its first row and of its last row before
   * `before` (null when it has none).
   */
  private async seriesAfter(after: number, before: number): Promise<{ series: number; first: number; last: number | null }[]> {
    const K = sql.lit(SERIES_KEY);
    const { rows } = await sql<{ series: number | string; first: number | string; last: number | string | null }>`
      ${seriesWalk('history', after, SCAN_CHUNK)}
      select series,
        (select "time" from history where deviceid = walk.series / ${K} and dataid = walk.series % ${K}
           order by "time" limit 1) as first,
        (select "time" from history where deviceid = walk.series / ${K} and dataid = walk.series % ${K} and "time" < ${before}
           order by "time" desc limit 1) as last
      from walk where series is not null`.execute(this.db);
    return rows.map((r) => ({ series: Number(r.series), first: Number(r.first), last: r.last === null ? null : Number(r.last) }));
  }

  /**
   * The seek to a series' next window, built once per pass with placeholders and run with the real
   * values: building a query in Kysely costs several times what SQLite needs to answer it.
   */
  private nextWindowQuery() {
    const [D, K, T] = [-7_000_001, -7_000_002, -7_000_003];
    const q = this.db
      .selectFrom('history')
      .select('time')
      .where('deviceid', '=', D)
      .where('dataid', '=', K)
      .where('time', '>=', T)
      .orderBy('time')
      .limit(1)
      .compile();
    return (deviceid: number, dataid: number, from: number): CompiledQuery<{ time: number }> => {
      const values = new Map([
        [D, deviceid],
        [K, dataid],
        [T, from],
      ]);
      return { ...q, parameters: q.parameters.map((p) => (typeof p === 'number' && values.has(p) ? values.get(p) : p)) };
    };
  }

  /** Windows per batch: as many as fit in the slice at the cost per window measured last, at least one. */
  private batchSize(): number {
    return Math.max(1, Math.min(MAX_BATCH, Math.floor(this.sliceMs / this.windowMs)));
  }

  /** Compacts the windows in short transactions of a batch or more each, letting ingest in between. */
  private async compact(found: SeriesWindow[]): Promise<CompactionResult> {
    const result: CompactionResult = { windows: 0, readings: 0 };
    // A window the scan found may have been noted late too: a batch writes each of its windows once.
    const tasks = [...new Map(found.map((t) => [keyOf(t.deviceid, t.dataid, t.start), t])).values()];
    await this.blocks.prepare([...new Set(tasks.map((t) => t.start))]);
    let i = 0;
    while (i < tasks.length && !this.stopping) {
      const first = i;
      const t0 = performance.now();
      const committed: CompactedMinutes[] | null = this.minuteListeners.size ? [] : null;
      try {
        await this.db.transaction().execute(async (trx) => {
          while (i < tasks.length) {
            const batch = tasks.slice(i, i + this.batchSize());
            const tb = performance.now();
            const moved = await this.compactBatch(trx, batch, committed);
            this.windowMs = Math.max(MIN_WINDOW_MS, (performance.now() - tb) / batch.length);
            i += batch.length;
            result.windows += moved.windows;
            result.readings += moved.readings;
            if (performance.now() - t0 >= this.sliceMs) break;
          }
        });
      } catch (err) {
        // Nothing of this slice was committed: its windows stay rows and are tried again next pass.
        for (const t of tasks.slice(first)) this.dirty.set(keyOf(t.deviceid, t.dataid, t.start), t);
        throw err;
      }
      if (committed?.length) for (const listener of this.minuteListeners) listener(committed);
      await new Promise((r) => setImmediate(r));
    }
    return result;
  }

  /**
   * Windows of distinct series-hours, in the caller's transaction: their rows read, merged with the
   * block already there (late and re-sent readings: a row replaces the compacted point at the same
   * time), written back as blocks and rollups, and deleted: one statement per step for the whole
   * batch instead of one per window.
   */
  private async compactBatch(
    trx: Transaction<Database>,
    batch: readonly SeriesWindow[],
    committed: CompactedMinutes[] | null,
  ): Promise<CompactionResult> {
    const rows = await this.blocks.windowRows(trx, batch);
    const due = batch.filter((_, j) => rows[j]!.time.length > 0);
    const late = rows.filter((r) => r.time.length > 0);
    const raws = await this.blocks.blocksAt(trx, 'history_block', due);
    const rawBefore = this.opts.now() - this.opts.retention.rawMs;
    const rawBlocks: WindowBlock[] = [];
    const hours: WindowHour[] = [];
    let readings = 0;
    for (let j = 0; j < due.length; j++) {
      const { deviceid, dataid, start } = due[j]!;
      const [points, raw] = [late[j]!, raws[j]];
      readings += points.time.length;
      if (!raw && start + WINDOW_MS <= rawBefore && (await this.mergeIntoRollups(trx, due[j]!, points))) continue;
      const merged = raw ? mergePoints(decodePoints(raw.data), points) : points;
      const minutes = rollUp(merged, MINUTE_MS);
      rawBlocks.push({ deviceid, dataid, start, count: merged.time.length, data: encodePoints(merged) });
      // The minutes are not stored while the raw block is kept: a read folds the raw block as its
      // minutes, and retention stores them when it removes the raw block (rollExpiringRaw, issue 32).
      hours.push({ deviceid, dataid, hour: rollUpRollups(minutes, HOUR_MS) });
      committed?.push({ deviceid, dataid, start, minutes });
    }
    await this.blocks.putBlocks(trx, 'history_block', rawBlocks);
    await this.blocks.putHours(trx, hours);
    await this.blocks.deleteRows(trx, due);
    return { windows: due.length, readings };
  }

  /**
   * Late readings of an hour whose raw block retention already removed: merged into the rollups that
   * remain (false when none remain, and the window is compacted as new).
   */
  private async mergeIntoRollups(trx: Transaction<Database>, task: SeriesWindow, late: PointColumns): Promise<boolean> {
    const { deviceid, dataid, start } = task;
    const stored = await this.blocks.block(trx, 'history_1m', deviceid, dataid, start);
    const hour = await this.blocks.hour(trx, deviceid, dataid, start);
    if (!stored && !hour) return false;
    const lateMinutes = rollUp(late, MINUTE_MS);
    if (stored) {
      const minutes = mergeRollups(decodeRollups(stored.data), lateMinutes);
      await this.blocks.putBlock(trx, 'history_1m', deviceid, dataid, { start, count: minutes.time.length, data: encodeRollups(minutes) });
    }
    const lateHour = rollUpRollups(lateMinutes, HOUR_MS);
    await this.blocks.putHour(trx, deviceid, dataid, hour ? mergeRollups(hour, lateHour) : lateHour);
    return true;
  }
}
