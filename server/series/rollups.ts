import { pow10, type PointColumns } from './seriesFormat';
import { decimalScale, encodeBlock } from './seriesEncode';
import { decodeBlock, decodeBlocks } from './seriesCodec';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

/**
 * Rollups of one series: per step (1 minute or 1 hour, aligned to UTC), the extremes, the sum (the
 * average is sum / count, and sums combine exactly into coarser steps), the last value, the count and
 * the status seen (the last non-zero status of the step, 0 when every reading was 0). min and max are
 * kept as read, never averaged: an alarm peak stays visible on a year chart.
 */
export interface Rollups {
  time: Float64Array;
  min: Float64Array;
  max: Float64Array;
  sum: Float64Array;
  last: Float64Array;
  count: Float64Array;
  status: Uint8Array;
}

/**
 * Rollups of `n` steps, every column a view of one buffer: seven typed arrays of their own were seven
 * backing stores to allocate and track, a large part of what rolling up a short window cost.
 */
export function emptyRollups(n = 0): Rollups {
  const buffer = new ArrayBuffer(n * 49);
  const column = (i: number) => new Float64Array(buffer, i * 8 * n, n);
  return {
    time: column(0),
    min: column(1),
    max: column(2),
    sum: column(3),
    last: column(4),
    count: column(5),
    status: new Uint8Array(buffer, 48 * n, n),
  };
}

/** The first `n` steps of `r` (a merge that combined steps ends shorter than it began). */
function shrink(r: Rollups, n: number): Rollups {
  if (n === r.time.length) return r;
  const out = emptyRollups(n);
  out.time.set(r.time.subarray(0, n));
  out.min.set(r.min.subarray(0, n));
  out.max.set(r.max.subarray(0, n));
  out.sum.set(r.sum.subarray(0, n));
  out.last.set(r.last.subarray(0, n));
  out.count.set(r.count.subarray(0, n));
  out.status.set(r.status.subarray(0, n));
  return out;
}

/** How many `stepMs` buckets (aligned to multiples of the step from `origin`) the first `n` time-ordered times fall in. */
function bucketCount(time: ArrayLike<number>, n: number, stepMs: number, origin: number): number {
  let buckets = 0;
  let bucket = NaN;
  for (let i = 0; i < n; i++) {
    const b = Math.floor((time[i]! - origin) / stepMs);
    if (b !== bucket) {
      buckets++;
      bucket = b;
    }
  }
  return buckets;
}

/**
 * Sums of a column with k decimals are kept exact in k decimals (summed as integers), so they
 * compress like the readings and an average never drifts with the order of additions.
 */
function exactSum(sum: number, k: number): number {
  return k < 0 ? sum : Math.round(sum * pow10(k)) / pow10(k);
}

/** Rolls time-ordered points up into `stepMs` buckets aligned to multiples of the step. */
export function rollUp(p: PointColumns, stepMs: number, n = p.time.length): Rollups {
  // the buckets counted first: the columns are allocated once, at their size
  const out = emptyRollups(bucketCount(p.time, n, stepMs, 0));
  const k = decimalScale(p.value, n);
  const scale = k < 0 ? 1 : pow10(k);
  let m = -1;
  let bucket = NaN;
  let acc = 0;
  for (let i = 0; i < n; i++) {
    const t = p.time[i]!;
    const v = p.value[i]!;
    const b = Math.floor(t / stepMs) * stepMs;
    if (b !== bucket) {
      if (m >= 0) out.sum[m] = k < 0 ? acc : acc / scale;
      m++;
      bucket = b;
      out.time[m] = b;
      out.min[m] = v;
      out.max[m] = v;
      out.count[m] = 0;
      out.status[m] = 0;
      acc = 0;
    }
    if (v < out.min[m]!) out.min[m] = v;
    if (v > out.max[m]!) out.max[m] = v;
    acc += k < 0 ? v : Math.round(v * scale);
    out.last[m] = v;
    out.count[m]!++;
    if (p.status[i] !== 0) out.status[m] = p.status[i]!;
  }
  if (m >= 0) out.sum[m] = k < 0 ? acc : acc / scale;
  return out;
}

/**
 * Combines finer rollups (time-ordered) into `stepMs` buckets: 1-minute rollups into hours, or into
 * the steps a chart's pixel columns need. Buckets are aligned to multiples of the step from `origin`.
 */
export function rollUpRollups(r: Rollups, stepMs: number, origin = 0): Rollups {
  const n = r.time.length;
  const bucketOf = (t: number) => Math.floor((t - origin) / stepMs);
  const out = emptyRollups(bucketCount(r.time, n, stepMs, origin));
  // Sums of k-decimal values are added as integers (×10^k), exactly, whatever the order.
  const k = decimalScale(r.sum, n);
  const scale = k < 0 ? 1 : pow10(k);
  let m = -1;
  let bucket = NaN;
  let acc = 0;
  for (let i = 0; i < n; i++) {
    const b = bucketOf(r.time[i]!) * stepMs + origin;
    if (b !== bucket) {
      if (m >= 0) out.sum[m] = k < 0 ? acc : acc / scale;
      m++;
      bucket = b;
      out.time[m] = b;
      out.min[m] = r.min[i]!;
      out.max[m] = r.max[i]!;
      out.count[m] = 0;
      out.status[m] = 0;
      acc = 0;
    }
    if (r.min[i]! < out.min[m]!) out.min[m] = r.min[i]!;
    if (r.max[i]! > out.max[m]!) out.max[m] = r.max[i]!;
    acc += k < 0 ? r.sum[i]! : Math.round(r.sum[i]! * scale);
    out.last[m] = r.last[i]!;
    out.count[m]! += r.count[i]!;
    if (r.status[i] !== 0) out.status[m] = r.status[i]!;
  }
  if (m >= 0) out.sum[m] = k < 0 ? acc : acc / scale;
  return out;
}

/**
 * Merges rollups of late readings into stored ones of the same steps (when the raw block they came
 * from is past its retention and cannot be rebuilt). Extremes, sums and counts combine exactly; a
 * step's `last` and status keep the stored ones, since the stored rollup no longer knows when its
 * last reading came.
 */
export function mergeRollups(stored: Rollups, late: Rollups): Rollups {
  const out = emptyRollups(stored.time.length + late.time.length);
  const ks = decimalScale(stored.sum);
  const kl = decimalScale(late.sum);
  const k = ks < 0 || kl < 0 ? -1 : Math.max(ks, kl);
  let i = 0;
  let j = 0;
  let m = 0;
  const copy = (src: Rollups, a: number) => {
    out.time[m] = src.time[a]!;
    out.min[m] = src.min[a]!;
    out.max[m] = src.max[a]!;
    out.sum[m] = src.sum[a]!;
    out.last[m] = src.last[a]!;
    out.count[m] = src.count[a]!;
    out.status[m] = src.status[a]!;
    m++;
  };
  while (i < stored.time.length || j < late.time.length) {
    const ts = i < stored.time.length ? stored.time[i]! : Infinity;
    const tl = j < late.time.length ? late.time[j]! : Infinity;
    if (ts < tl) copy(stored, i++);
    else if (tl < ts) copy(late, j++);
    else {
      copy(stored, i++);
      const o = m - 1;
      if (late.min[j]! < out.min[o]!) out.min[o] = late.min[j]!;
      if (late.max[j]! > out.max[o]!) out.max[o] = late.max[j]!;
      out.sum[o] = exactSum(out.sum[o]! + late.sum[j]!, k);
      out.count[o]! += late.count[j]!;
      if (out.status[o] === 0) out.status[o] = late.status[j]!;
      j++;
    }
  }
  return shrink(out, m);
}

export function encodeRollups(r: Rollups): Buffer {
  return encodeBlock(r.time, [r.min, r.max, r.sum, r.last, r.count], r.status);
}

export function decodeRollups(blob: Uint8Array): Rollups {
  const b = decodeBlock(blob);
  const [min, max, sum, last, count] = b.values;
  if (!min || !max || !sum || !last || !count) throw new Error('rollup block without its five columns');
  return { time: b.time, min, max, sum, last, count, status: b.status };
}

/** Rollup blocks read back to back (time-ordered, disjoint) as one set of rollups; `total` is the sum of their counts. */
export function decodeRollupBlocks(blobs: readonly Uint8Array[], total: number): Rollups {
  const b = decodeBlocks(blobs, total, 5);
  const [min, max, sum, last, count] = b.values as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  return { time: b.time, min, max, sum, last, count, status: b.status };
}

/** Time-ordered rollups of consecutive ranges as one. */
export function concatRollups(parts: readonly Rollups[]): Rollups {
  if (parts.length === 1) return parts[0]!;
  const out = emptyRollups(parts.reduce((n, r) => n + r.time.length, 0));
  let at = 0;
  for (const r of parts) {
    out.time.set(r.time, at);
    out.min.set(r.min, at);
    out.max.set(r.max, at);
    out.sum.set(r.sum, at);
    out.last.set(r.last, at);
    out.count.set(r.count, at);
    out.status.set(r.status, at);
    at += r.time.length;
  }
  return out;
}

/** The steps of `r` with from ≤ time < to. */
export function sliceRollups(r: Rollups, from: number, to: number): Rollups {
  let a = 0;
  while (a < r.time.length && r.time[a]! < from) a++;
  let b = a;
  while (b < r.time.length && r.time[b]! < to) b++;
  if (a === 0 && b === r.time.length) return r;
  return {
    time: r.time.subarray(a, b),
    min: r.min.subarray(a, b),
    max: r.max.subarray(a, b),
    sum: r.sum.subarray(a, b),
    last: r.last.subarray(a, b),
    count: r.count.subarray(a, b),
    status: r.status.subarray(a, b),
  };
}
