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
  for (const p of points) {
    const b = Math.floor((p.time - from) / bucketMs);
    if (b !== cur) {
      flush();
      cur = b;
      sum = 0;
      n = 0;
      min = p.value;
      max = p.value;
      status = 0;
    }
    sum += p.value;
    n++;
    if (p.value < min) min = p.value;
    if (p.value > max) max = p.value;
    // A raw-marked sample (status 3) marks its bucket.
    if (p.status !== 0) status = p.status;
  }
  flush();
  return out;
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
  for (let i = 0; i < r.time.length; i++) {
    const t = r.time[i]!;
    if (t < from || t >= to) continue;
    const b = Math.floor((t - from) / bucketMs);
    if (b !== cur) {
      flush();
      cur = b;
      sum = 0;
      n = 0;
      min = r.min[i]!;
      max = r.max[i]!;
      status = 0;
    }
    sum += r.sum[i]!;
    n += r.count[i]!;
    if (r.min[i]! < min) min = r.min[i]!;
    if (r.max[i]! > max) max = r.max[i]!;
    if (r.status[i] !== 0) status = r.status[i]!;
  }
  flush();
  return out;
}
