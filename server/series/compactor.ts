import type { CompiledQuery, Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema';
import { BlockStore, WINDOW_MS, windowOf } from './blockStore';
import type { HistoryGroup } from './historyStore';
import { mergePoints } from './points';
import { decodeRollups, encodeRollups, HOUR_MS, MINUTE_MS, mergeRollups, rollUp, rollUpRollups } from './rollups';
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

interface Task {
  deviceid: number;
  dataid: number;
  start: number;
}

const keyOf = (d: number, k: number, w: number) => `${d}:${k}:${w}`;
/** The longest the series scan holds the event loop before requests, pushes and ingest get a turn. */
const SCAN_SLICE_MS = 5;

/**
 * Moves closed hours of every series from the `history` rows into compressed blocks with their
 * 1-minute and 1-hour rollups (issue 18). One window is one unit of work: its rows are read, merged
 * with the block already there (late and re-sent readings: a row replaces the compacted point at the
 * same time), written back as block + rollups, and deleted, all in the same transaction, so a crash
 * at any instant leaves every reading exactly once, either still a row or already in its block.
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
  private readonly dirty = new Map<string, Task>();
  /** the window last put in `dirty` per device and dataId (cleared whenever `dirty` is taken) */
  private readonly noted = new Map<number, Map<number, number>>();
  private running: Promise<CompactionResult> | null = null;
  private stopping = false;

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

  /** Every (series, window) with rows in a closed window, by index seeks (never a table scan). */
  private async scan(boundary: number): Promise<Task[]> {
    const q = this.scanQueries();
    const tasks: Task[] = [];
    let after: [number, number] | null = null;
    let since = performance.now();
    for (;;) {
      // SQLite answers synchronously, so awaiting a query never lets the event loop turn: a fleet's
      // 150,000 series would hold alarms, requests and pushes for seconds. A turn every few ms.
      if (performance.now() - since >= SCAN_SLICE_MS) {
        await new Promise((r) => setImmediate(r));
        since = performance.now();
      }
      const first: { deviceid: number; dataid: number; time: number } | undefined = (
        await this.db.executeQuery(after === null ? q.first : q.firstAfter(after[0], after[1]))
      ).rows[0];
      if (!first) break;
      const deviceid: number = Number(first.deviceid);
      const dataid: number = Number(first.dataid);
      after = [deviceid, dataid];
      let t: number | undefined = Number(first.time);
      while (t !== undefined && t < boundary) {
        const start = windowOf(t);
        tasks.push({ deviceid, dataid, start });
        const next = (await this.db.executeQuery(q.nextWindow(deviceid, dataid, start + WINDOW_MS))).rows[0];
        t = next ? Number(next.time) : undefined;
      }
    }
    return tasks;
  }

  /**
   * The scan's queries, built once per pass with placeholders and run with the real values: building
   * a query in Kysely costs several times what SQLite needs to answer it, and the scan runs one or
   * two per series.
   */
  private scanQueries() {
    const [D, K, T] = [-7_000_001, -7_000_002, -7_000_003];
    const firstRow = () => this.db.selectFrom('history').select(['deviceid', 'dataid', 'time']);
    const first = firstRow().orderBy('deviceid').orderBy('dataid').orderBy('time').limit(1).compile();
    const firstAfter = firstRow()
      .where((eb) => eb(eb.refTuple('deviceid', 'dataid'), '>', eb.tuple(D, K)))
      .orderBy('deviceid')
      .orderBy('dataid')
      .orderBy('time')
      .limit(1)
      .compile();
    const nextWindow = this.db
      .selectFrom('history')
      .select('time')
      .where('deviceid', '=', D)
      .where('dataid', '=', K)
      .where('time', '>=', T)
      .orderBy('time')
      .limit(1)
      .compile();
    const bind = <R>(c: CompiledQuery<R>, values: Map<number, number>): CompiledQuery<R> => ({
      ...c,
      parameters: c.parameters.map((p) => (typeof p === 'number' && values.has(p) ? values.get(p) : p)),
    });
    return {
      first,
      firstAfter: (deviceid: number, dataid: number) =>
        bind(
          firstAfter,
          new Map([
            [D, deviceid],
            [K, dataid],
          ]),
        ),
      nextWindow: (deviceid: number, dataid: number, from: number) =>
        bind(
          nextWindow,
          new Map([
            [D, deviceid],
            [K, dataid],
            [T, from],
          ]),
        ),
    };
  }

  /** Compacts the windows in short transactions, letting ingest in between. */
  private async compact(tasks: Task[]): Promise<CompactionResult> {
    const result: CompactionResult = { windows: 0, readings: 0 };
    await this.blocks.prepare([...new Set(tasks.map((t) => t.start))]);
    let i = 0;
    while (i < tasks.length && !this.stopping) {
      const first = i;
      const t0 = performance.now();
      try {
        await this.db.transaction().execute(async (trx) => {
          while (i < tasks.length) {
            const n = await this.compactWindow(trx, tasks[i++]!);
            if (n > 0) {
              result.windows++;
              result.readings += n;
            }
            if (performance.now() - t0 >= this.sliceMs) break;
          }
        });
      } catch (err) {
        // Nothing of this slice was committed: its windows stay rows and are tried again next pass.
        for (const t of tasks.slice(first)) this.dirty.set(keyOf(t.deviceid, t.dataid, t.start), t);
        throw err;
      }
      await new Promise((r) => setImmediate(r));
    }
    return result;
  }

  /** One window of one series; answers the rows moved (0 when there were none). */
  async compactWindow(trx: Transaction<Database>, task: Task): Promise<number> {
    const { deviceid, dataid, start } = task;
    const end = start + WINDOW_MS;
    const rows = await trx
      .selectFrom('history')
      .select(['time', 'value', 'status'])
      .where('deviceid', '=', deviceid)
      .where('dataid', '=', dataid)
      .where('time', '>=', start)
      .where('time', '<', end)
      .orderBy('time')
      .execute();
    if (rows.length === 0) return 0;
    const late: PointColumns = {
      time: Float64Array.from(rows, (r) => Number(r.time)),
      value: Float64Array.from(rows, (r) => r.value),
      status: Uint8Array.from(rows, (r) => r.status),
    };
    const raw = await this.blocks.block(trx, 'history_block', deviceid, dataid, start);
    const now = this.opts.now();
    const rawGone = !raw && end <= now - this.opts.retention.rawMs && (await this.mergeIntoRollups(trx, task, late));
    if (!rawGone) {
      const points = raw ? mergePoints(decodePoints(raw.data), late) : late;
      const minutes = rollUp(points, MINUTE_MS);
      await this.blocks.putBlock(trx, 'history_block', deviceid, dataid, { start, count: points.time.length, data: encodePoints(points) });
      await this.blocks.putBlock(trx, 'history_1m', deviceid, dataid, { start, count: minutes.time.length, data: encodeRollups(minutes) });
      await this.blocks.putHour(trx, deviceid, dataid, rollUpRollups(minutes, HOUR_MS));
    }
    await trx
      .deleteFrom('history')
      .where('deviceid', '=', deviceid)
      .where('dataid', '=', dataid)
      .where('time', '>=', start)
      .where('time', '<', end)
      .execute();
    return rows.length;
  }

  /**
   * Late readings of an hour whose raw block retention already removed: merged into the rollups that
   * remain (false when none remain, and the window is compacted as new).
   */
  private async mergeIntoRollups(trx: Transaction<Database>, task: Task, late: PointColumns): Promise<boolean> {
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
