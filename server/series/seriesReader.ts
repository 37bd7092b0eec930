import type { BlockStore } from './blockStore';
import { minuteRuns, WINDOW_MS, windowOf, type StoredBlock } from './blockWindows';
import { emptyPoints, lowerBound, mergePoints, slicePoints } from './points';
import {
  concatRollups,
  decodeRollupBlocks,
  emptyRollups,
  HOUR_MS,
  mergeRollups,
  MINUTE_MS,
  rollUp,
  rollUpRollups,
  sliceRollups,
  type Rollups,
} from './rollups';
import type { PointColumns } from './seriesFormat';
import { decodeBlocksInto, decodePoints } from './seriesCodec';
import type { Retention } from './retention';
import { StepFold, type FoldedSteps } from './stepFold';
import { inflateHeaded, splitMinuteRead } from './headedBlocks';
import type { SeriesTier } from '../../domain/seriesWire';

export type Tier = SeriesTier;
export const TIER_STEP_MS: Record<Tier, number> = { raw: 0, '1m': MINUTE_MS, '1h': HOUR_MS };

/** Day and week views always show the readings themselves. */
const RAW_VIEW_MS = 7 * 86_400_000;

/**
 * The coarsest tier that still gives at least `points` points over [from, to) (one per pixel of the
 * chart, or per interval asked); ranges up to a week stay raw.
 */
export function chooseTier(from: number, to: number, points: number): Tier {
  const span = to - from;
  if (span <= RAW_VIEW_MS || points <= 0) return 'raw';
  if (span / HOUR_MS >= points) return '1h';
  if (span / MINUTE_MS >= points) return '1m';
  return 'raw';
}

/**
 * The tier and step for `points` points over [from, to): the coarsest tier that fills them, and
 * within it the widest whole number of its steps that still gives at least `points` steps (a chart's
 * pixel columns: each step keeps its minimum and maximum, so no spike is lost in the thinning).
 */
export function chooseResolution(from: number, to: number, points: number): { tier: Tier; stepMs: number } {
  const tier = chooseTier(from, to, points);
  if (tier === 'raw') return { tier, stepMs: 0 };
  const base = TIER_STEP_MS[tier];
  return { tier, stepMs: Math.max(1, Math.floor((to - from) / points / base)) * base };
}

export interface ReaderOptions {
  now: () => number;
  retention: Retention;
}

export interface Point {
  time: number;
  value: number;
  status: number;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** Rollups as points (time = step start, value = the step's average), for ranges past raw retention. */
function rollupPoints(r: Rollups): PointColumns {
  const n = r.time.length;
  const p = emptyPoints(n);
  for (let i = 0; i < n; i++) {
    p.time[i] = r.time[i]!;
    p.value[i] = round3(r.sum[i]! / r.count[i]!);
    p.status[i] = r.status[i]!;
  }
  return p;
}

const rollupsOf = (blocks: readonly StoredBlock[]): Rollups =>
  decodeRollupBlocks(
    blocks.map((b) => b.data),
    blocks.reduce((n, b) => n + b.count, 0),
  );

function decodeRange(blocks: readonly StoredBlock[], from: number, to: number): PointColumns {
  if (blocks.length === 0) return emptyPoints();
  const total = blocks.reduce((n, b) => n + b.count, 0);
  const out = emptyPoints(total);
  const o = decodeBlocksInto(
    blocks.map((b) => b.data),
    out.time,
    [out.value],
    out.status,
  );
  if (o !== total) throw new Error('series block count mismatch');
  return slicePoints(out, from, to);
}

/**
 * Reads of history that merge the compacted blocks and the recent rows transparently (issue 18):
 * every answer is the same whatever has been compacted. Ranges older than raw retention answer from
 * the finest rollups that remain.
 */
export class SeriesReader {
  constructor(
    private readonly blocks: BlockStore,
    private readonly opts: ReaderOptions,
  ) {}

  /** From here on every raw window is guaranteed to be kept. */
  private rawHorizon(): number {
    return windowOf(this.opts.now() - this.opts.retention.rawMs) + WINDOW_MS;
  }

  /** The readings of [from, to) in time order (one statement reads blocks and rows together). */
  async points(deviceid: number, dataid: number, from: number, to: number): Promise<PointColumns> {
    const { blocks, rows } = await this.blocks.readRaw(deviceid, dataid, from, to);
    let points = mergePoints(decodeRange(blocks, from, to), rows);
    const horizon = this.rawHorizon();
    if (from < horizon) points = await this.pastRetention(deviceid, dataid, from, Math.min(to, horizon), blocks, points);
    return points;
  }

  /** About how many readings [from, to) holds (whole compacted hours at its ends count whole). */
  countRaw(deviceid: number, dataid: number, from: number, to: number): Promise<number> {
    return this.blocks.countRaw(deviceid, dataid, from, to);
  }

  /** The list form ({time, value, status} per point) of `points`. */
  async list(deviceid: number, dataid: number, from: number, to: number): Promise<Point[]> {
    const p = await this.points(deviceid, dataid, from, to);
    const out = new Array<Point>(p.time.length);
    for (let i = 0; i < out.length; i++) out[i] = { time: p.time[i]!, value: p.value[i]!, status: p.status[i]! };
    return out;
  }

  /**
   * Windows before the raw horizon whose raw block retention has removed answer from their 1-minute
   * rollups, or from the hour rollup past those.
   */
  private async pastRetention(
    deviceid: number,
    dataid: number,
    from: number,
    to: number,
    rawBlocks: readonly StoredBlock[],
    points: PointColumns,
  ): Promise<PointColumns> {
    const have = new Set(rawBlocks.map((b) => b.start));
    const missing = new Set<number>();
    for (let w = windowOf(from); w < to; w += WINDOW_MS) if (!have.has(w)) missing.add(w);
    if (missing.size === 0) return points;
    const minutes = sliceRollups(await this.compacted(deviceid, dataid, from, to, '1m'), from, to);
    const hours = sliceRollups(await this.compacted(deviceid, dataid, from, to, '1h'), from, to);
    const byMinutes = new Set<number>();
    const minuteIdx: number[] = [];
    minutes.time.forEach((t, i) => {
      if (!missing.has(windowOf(t))) return;
      minuteIdx.push(i);
      byMinutes.add(windowOf(t));
    });
    const hourIdx: number[] = [];
    hours.time.forEach((t, i) => missing.has(t) && !byMinutes.has(t) && hourIdx.push(i));
    const pick = (r: Rollups, idx: number[]): PointColumns => {
      const p = rollupPoints(r);
      return {
        time: Float64Array.from(idx, (i) => p.time[i]!),
        value: Float64Array.from(idx, (i) => p.value[i]!),
        status: Uint8Array.from(idx, (i) => p.status[i]!),
      };
    };
    const old = mergePoints(pick(hours, hourIdx), pick(minutes, minuteIdx));
    return old.time.length ? mergePoints(old, points) : points;
  }

  /** Compacted rollups only (no recent rows): the 1-minute blocks or the hour rows of [from, to). */
  private async compacted(deviceid: number, dataid: number, from: number, to: number, tier: '1m' | '1h'): Promise<Rollups> {
    if (tier === '1h') return (await this.blocks.readHours(deviceid, dataid, from, to)).hours;
    const { blocks } = await this.blocks.readMinutes(deviceid, dataid, from, to);
    return rollupsOf(blocks);
  }

  /** The last reading before `t` (for difference values at the start of a range). */
  async before(deviceid: number, dataid: number, t: number): Promise<Point | undefined> {
    const row = await this.blocks.rowBefore(deviceid, dataid, t);
    let block = await this.blocks.rawBlockBefore(deviceid, dataid, t);
    let fromBlock: Point | undefined;
    while (block && !fromBlock) {
      const p = decodePoints(block.data);
      const i = lowerBound(p.time, t) - 1;
      if (i >= 0) fromBlock = { time: p.time[i]!, value: p.value[i]!, status: p.status[i]! };
      else block = await this.blocks.rawBlockBefore(deviceid, dataid, block.start);
    }
    if (!row) return fromBlock;
    if (!fromBlock || row.time >= fromBlock.time) return row;
    return fromBlock;
  }

  /**
   * A chart's steps of `stepMs` (a multiple of a minute, aligned to `from`) over [from, to), folded
   * straight from what the 1-minute tier holds (raw blocks while they are kept, stored minute blocks
   * after): the answer of rollUpRollups(rollups(…, '1m'), stepMs, from) without a month of minutes in
   * between. Null in the rare cases that answer needs the general path: recent rows that fall among
   * the compacted minutes (a late reading: its minute is merged into the stored one), or values or
   * sums kept as float64s.
   */
  async minuteSteps(deviceid: number, dataid: number, from: number, to: number, stepMs: number): Promise<FoldedSteps | null> {
    const headed = await this.blocks.readMinuteSources(deviceid, dataid, from, to);
    const fold = new StepFold(stepMs, from, from, to);
    // Within raw retention the tier is the raw blocks alone: folded from their payloads as read.
    const payloads = headed.minutes ? null : headed.raw && inflateHeaded(headed.raw);
    if (payloads) {
      for (const p of payloads) if (!fold.addRawPayloads(p)) return null;
    } else {
      for (const run of minuteRuns(splitMinuteRead(headed))) {
        const blobs = run.blocks.map((b) => b.data);
        if (!(run.raw ? fold.addRawBlocks(blobs) : fold.addBlocks(blobs))) return null;
      }
    }
    if (headed.rows.time.length) {
      const minutes = rollUp(headed.rows, MINUTE_MS);
      if (minutes.time[0]! <= fold.last || !fold.addRollups(minutes)) return null;
    }
    return fold.result();
  }

  /**
   * Rollups of [from, to) at a tier: the compacted ones with the recent rows rolled up on the fly.
   * Steps starting in [from, to) are answered whole.
   */
  async rollups(deviceid: number, dataid: number, from: number, to: number, tier: '1m' | '1h'): Promise<Rollups> {
    let stored: Rollups;
    let rows: PointColumns;
    if (tier === '1h') ({ hours: stored, rows } = await this.blocks.readHours(deviceid, dataid, from, to));
    else {
      const read = splitMinuteRead(await this.blocks.readMinuteSources(deviceid, dataid, from, to));
      // each run as minutes: stored ones decoded, raw ones rolled up as the compactor would have
      const parts = minuteRuns(read).map((run) =>
        run.raw ? rollUp(decodeRange(run.blocks, -Infinity, Infinity), MINUTE_MS) : rollupsOf(run.blocks),
      );
      stored = parts.length ? concatRollups(parts) : emptyRollups();
      rows = read.rows;
    }
    stored = sliceRollups(stored, from, to);
    if (rows.time.length === 0) return stored;
    const minutes = rollUp(rows, MINUTE_MS);
    return mergeRollups(stored, tier === '1h' ? rollUpRollups(minutes, HOUR_MS) : minutes);
  }
}
