import type { TrendPoint } from '../../domain/telemetry';
import type { Rollups } from './rollups';

export interface RawPoint {
  time: number;
  value: number;
  status: number;
}

/**
 * Reduces a series to one point per `bucketMs` when it holds more points than buckets: the point
 * carries the bucket's mean (at the bucket start) and its min and max, so a one-sample spike is still
 * visible in the extremes. A series already within the budget is returned as is.
 */
export function downsample(points: readonly RawPoint[], from: number, to: number, bucketMs: number): TrendPoint[] {
  const buckets = bucketMs > 0 ? Math.ceil((to - from) / bucketMs) : Infinity;
  if (points.length <= buckets) return points.map((p) => ({ time: p.time, value: p.value, status: p.status }));
  const fold = bucketFold(from, bucketMs);
  // A raw-marked sample (status 3) marks its bucket.
  for (const p of points) fold.add(p.time, p.value, 1, p.value, p.value, p.status);
  return fold.done();
}

/**
 * Buckets of `bucketMs` from `from`, fed samples in time order as (time, sum, count, min, max,
 * status): each bucket answers its mean at its start, its extremes and the last non-zero status.
 */
function bucketFold(from: number, bucketMs: number) {
  const out: TrendPoint[] = [];
  let cur = -1;
  let sum = 0;
  let n = 0;
  let min = 0;
  let max = 0;
  let status = 0;
  const flush = () => {
    if (n === 0) return;
    out.push({ time: from + cur * bucketMs, value: Math.round((sum / n) * 1000) / 1000, status, min, max });
  };
  return {
    add(t: number, s: number, count: number, lo: number, hi: number, st: number): void {
      const b = Math.floor((t - from) / bucketMs);
      if (b !== cur) {
        flush();
        cur = b;
        sum = 0;
        n = 0;
        min = lo;
        max = hi;
        status = 0;
      }
      sum += s;
      n += count;
      if (lo < min) min = lo;
      if (hi > max) max = hi;
      if (st !== 0) status = st;
    },
    done(): TrendPoint[] {
      flush();
      return out;
    },
  };
}

/** Differences of a cumulative series; the first uses the last point before the range when known. */
export function differences(points: readonly RawPoint[], before?: RawPoint): RawPoint[] {
  let prev = before;
  return points.map((p) => {
    const d = prev ? Math.round((p.value - prev.value) * 1000) / 1000 : 0;
    prev = p;
    return { time: p.time, value: d, status: p.status };
  });
}

/** `differences` over a value column (the columnar answers); a new array, the input is untouched. */
export function differenceColumn(value: Float64Array, before?: RawPoint): Float64Array {
  const out = new Float64Array(value.length);
  let prev = before?.value;
  for (let i = 0; i < value.length; i++) {
    const v = value[i]!;
    out[i] = prev === undefined ? 0 : Math.round((v - prev) * 1000) / 1000;
    prev = v;
  }
  return out;
}

/**
 * `downsample` from rollups (a coarser tier): per bucket the weighted mean (sums over counts), the
 * extremes of the extremes and the last non-zero status seen. Rollup steps are placed by their start,
 * so buckets aligned to the steps answer exactly what the readings would.
 */
export function downsampleRollups(r: Rollups, from: number, to: number, bucketMs: number): TrendPoint[] {
  const fold = bucketFold(from, bucketMs);
  for (let i = 0; i < r.time.length; i++) {
    const t = r.time[i]!;
    if (t >= from && t < to) fold.add(t, r.sum[i]!, r.count[i]!, r.min[i]!, r.max[i]!, r.status[i]!);
  }
  return fold.done();
}
