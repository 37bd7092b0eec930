import type { SeriesColumns, SeriesMeta } from '../../domain/seriesWire';
import type { TrendPoint } from '../../domain/telemetry';
import { chooseResolution, chooseTier, TIER_STEP_MS, type Point, type SeriesReader, type Tier } from './seriesReader';
import { differenceColumn, differences, downsample, downsampleRollups } from './trend';
import { rollUpRollups, type Rollups } from './rollups';

/**
 * The questions the history routes ask of a series, one function each: the routes check access,
 * pick the measure and stream; which tier answers, how differences and steps are made is here.
 */

/** One series as asked: a device's measure, optionally as differences (counters). */
export interface SeriesAsk {
  deviceId: number;
  dataId: number;
  diff: boolean;
}

/** The readings as a list of points (the datalog's list format and the export). */
export async function readingList(reader: SeriesReader, ask: SeriesAsk, from: number, to: number): Promise<Point[]> {
  const points = await reader.list(ask.deviceId, ask.dataId, from, to);
  if (!ask.diff) return points;
  return differences(points, await reader.before(ask.deviceId, ask.dataId, from));
}

/** The readings as columns (the datalog's columnar and binary formats). */
export async function readingColumns(reader: SeriesReader, ask: SeriesAsk, from: number, to: number): Promise<SeriesColumns> {
  const cols = await reader.points(ask.deviceId, ask.dataId, from, to);
  if (!ask.diff) return cols;
  return { ...cols, value: differenceColumn(cols.value, await reader.before(ask.deviceId, ask.dataId, from)) };
}

/** The resolution a plot of `pixels` columns needs over [from, to) for these series. */
export async function plotResolution(
  reader: SeriesReader,
  asks: readonly SeriesAsk[],
  from: number,
  to: number,
  pixels: number | undefined,
): Promise<{ tier: Tier; stepMs: number }> {
  // At least one step per pixel column, each step's extremes kept.
  const resolution = pixels ? chooseResolution(from, to, pixels) : { tier: 'raw' as Tier, stepMs: 0 };
  if (resolution.tier !== '1m') return resolution;
  // Steps only pay when the readings come more often than that.
  let most = 0;
  for (const a of asks) most = Math.max(most, await reader.countRaw(a.deviceId, a.dataId, from, to));
  return most < (2 * (to - from)) / resolution.stepMs ? { tier: 'raw', stepMs: resolution.stepMs } : resolution;
}

/** What a plot's frame carries beyond the measure's head and limits. */
export type PlotMeta = Pick<SeriesMeta, 'count' | 'tier' | 'stepMs' | 'readings' | 'minAt' | 'maxAt'>;

/** One series for a plot at the resolution `plotResolution` chose: its columns and what they are. */
export async function forPlot(
  reader: SeriesReader,
  ask: SeriesAsk,
  from: number,
  to: number,
  resolution: { tier: Tier; stepMs: number },
): Promise<{ cols: SeriesColumns; meta: PlotMeta }> {
  const { tier, stepMs } = resolution;
  if (tier === 'raw') {
    const cols = await readingColumns(reader, ask, from, to);
    return { cols, meta: { count: cols.time.length } };
  }
  // A month of minutes folds straight into the plot's steps (no minute columns in between).
  const folded = tier === '1m' && stepMs > TIER_STEP_MS[tier] ? await reader.minuteSteps(ask.deviceId, ask.dataId, from, to, stepMs) : null;
  let r: Rollups;
  let extremes: { minAt?: number; maxAt?: number };
  if (folded) {
    ({ steps: r, ...extremes } = folded);
  } else {
    const fine = await reader.rollups(ask.deviceId, ask.dataId, from, to, tier);
    r = stepMs > TIER_STEP_MS[tier] ? rollUpRollups(fine, stepMs, from) : fine;
    extremes = extremesAt(fine);
  }
  const before = ask.diff ? await reader.before(ask.deviceId, ask.dataId, from) : undefined;
  const cols = rollupColumns(r, before?.value, ask.diff);
  return {
    cols,
    meta: {
      count: cols.time.length,
      tier,
      stepMs,
      readings: r.count.reduce((s, c) => s + c, 0),
      ...(ask.diff ? {} : extremes),
    },
  };
}

/**
 * The trend query's answer for one series: at most one point a bucket, read from the coarsest rollup
 * tier that still fills every bucket over long ranges (issue 18), else from the readings.
 */
export async function forTrend(
  reader: SeriesReader,
  ask: Omit<SeriesAsk, 'diff'>,
  from: number,
  to: number,
  bucketMs: number,
): Promise<{ aggregated: boolean; dataList: TrendPoint[] }> {
  const buckets = Math.ceil((to - from) / bucketMs);
  const tier = chooseTier(from, to, buckets);
  const rollups = tier === 'raw' ? null : await reader.rollups(ask.deviceId, ask.dataId, from, to, tier);
  if (rollups && rollups.count.reduce((n, c) => n + c, 0) > buckets) {
    return { aggregated: true, dataList: downsampleRollups(rollups, from, to, bucketMs) };
  }
  const points = await reader.list(ask.deviceId, ask.dataId, from, to);
  return { aggregated: points.length > buckets, dataList: downsample(points, from, to, bucketMs) };
}

/**
 * Rollups as chart columns: the step's average as the value, its extremes and count beside it. A
 * cumulative series asked as differences answers each step's increase (last − previous last), with
 * no spread.
 */
function rollupColumns(r: Rollups, diffBefore: number | undefined, diff: boolean): SeriesColumns {
  const n = r.time.length;
  const value = new Float64Array(n);
  for (let i = 0; i < n; i++) value[i] = Math.round((r.sum[i]! / r.count[i]!) * 1000) / 1000;
  if (!diff)
    return {
      time: Float64Array.from(r.time),
      value,
      status: Uint8Array.from(r.status),
      min: Float64Array.from(r.min),
      max: Float64Array.from(r.max),
      count: Float64Array.from(r.count),
    };
  const d = differenceColumn(r.last, diffBefore === undefined ? undefined : { time: 0, value: diffBefore, status: 0 });
  return {
    time: Float64Array.from(r.time),
    value: d,
    status: Uint8Array.from(r.status),
    min: d,
    max: d,
    count: Float64Array.from(r.count),
  };
}

/** When the minimum and maximum of the rollups fell (their step's start; the first on ties). */
function extremesAt(r: Rollups): { minAt?: number; maxAt?: number } {
  let lo = -1;
  let hi = -1;
  for (let i = 0; i < r.time.length; i++) {
    if (lo < 0 || r.min[i]! < r.min[lo]!) lo = i;
    if (hi < 0 || r.max[i]! > r.max[hi]!) hi = i;
  }
  return lo < 0 ? {} : { minAt: r.time[lo]!, maxAt: r.time[hi]! };
}
