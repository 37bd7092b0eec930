/**
 * The number crunching of the trend, free of fetch and comlink so it runs (and is tested) anywhere:
 * merging series onto one time axis, statistics, and the per-pixel min/max reduction.
 * Times are ms since epoch; gaps are NaN (typed arrays cannot hold null).
 */
import type { SeriesColumns } from '../domain/seriesWire';

/** Status of a raw-marked point (spec §3 Trend series param). */
const RAW_MARK_STATUS = 3;

/** Series on one shared, sorted time axis: `ys[k][i]` is series k at `time[i]`, NaN where it has no point. */
export interface Merged {
  time: Float64Array;
  ys: Float64Array[];
}

interface Extreme {
  value: number;
  time: number;
}

export interface SeriesStats {
  count: number;
  max: Extreme | null;
  min: Extreme | null;
  avg: number | null;
  /** last minus first value of the range (差值) */
  diff: number | null;
  first: Extreme | null;
  last: Extreme | null;
  /** points with status 3 (原始标记) */
  marks: { time: Float64Array; value: Float64Array };
}

/** Index of the first element ≥ t in a sorted array. */
export function lowerBound(a: Float64Array, t: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** k-way merge of sorted time columns; the common case (identical axes) is a plain copy. */
export function mergeSeries(series: readonly SeriesColumns[]): Merged {
  if (series.length === 0) return { time: new Float64Array(0), ys: [] };
  const first = series[0]!.time;
  const aligned = series.every((s) => s.time.length === first.length && s.time.every((t, i) => t === first[i]));
  if (aligned) return { time: Float64Array.from(first), ys: series.map((s) => Float64Array.from(s.value)) };
  const all = new Float64Array(series.reduce((n, s) => n + s.time.length, 0));
  let o = 0;
  for (const s of series) {
    all.set(s.time, o);
    o += s.time.length;
  }
  all.sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i]!;
  const time = all.slice(0, n);
  const ys = series.map((s) => {
    const y = new Float64Array(n).fill(NaN);
    let j = 0;
    for (let i = 0; i < s.time.length; i++) {
      const t = s.time[i]!;
      while (time[j]! < t) j++;
      y[j] = s.value[i]!;
    }
    return y;
  });
  return { time, ys };
}

/** Statistics of one series over [from, to): extremes with their times, average, first→last difference, raw marks. */
export function seriesStats(cols: SeriesColumns, from = -Infinity, to = Infinity, maxMarks = 10_000): SeriesStats {
  const a = from === -Infinity ? 0 : lowerBound(cols.time, from);
  const b = to === Infinity ? cols.time.length : lowerBound(cols.time, to);
  let max: Extreme | null = null;
  let min: Extreme | null = null;
  let sum = 0;
  let count = 0;
  let firstI = -1;
  let lastI = -1;
  const markIdx: number[] = [];
  for (let i = a; i < b; i++) {
    const v = cols.value[i]!;
    if (Number.isNaN(v)) continue;
    const t = cols.time[i]!;
    // Strict comparisons: the earliest time wins on ties.
    if (max === null || v > max.value) max = { value: v, time: t };
    if (min === null || v < min.value) min = { value: v, time: t };
    sum += v;
    count++;
    if (firstI < 0) firstI = i;
    lastI = i;
    if (cols.status[i] === RAW_MARK_STATUS && markIdx.length < maxMarks) markIdx.push(i);
  }
  const at = (i: number): Extreme | null => (i < 0 ? null : { value: cols.value[i]!, time: cols.time[i]! });
  const first = at(firstI);
  const last = at(lastI);
  return {
    count,
    max,
    min,
    avg: count ? sum / count : null,
    diff: first && last ? last.value - first.value : null,
    first,
    last,
    marks: { time: Float64Array.from(markIdx, (i) => cols.time[i]!), value: Float64Array.from(markIdx, (i) => cols.value[i]!) },
  };
}

export interface Reduced extends Merged {
  /** true when points were folded into per-pixel min/max pairs */
  reduced: boolean;
}

/**
 * The slice of `m` in [from, to), folded per pixel when it has more points than two per pixel. Each
 * pixel column answers two points per series, its min and its max, in the order they occurred, at the
 * first and second half of the column: a one-sample spike always survives as a vertex of the line.
 */
export function reduceMinMax(m: Merged, from: number, to: number, pixels: number): Reduced {
  const a = lowerBound(m.time, from);
  const b = lowerBound(m.time, to);
  const n = b - a;
  const cols = Math.max(1, Math.floor(pixels));
  if (n <= cols * 2) return { time: m.time.slice(a, b), ys: m.ys.map((y) => y.slice(a, b)), reduced: false };
  const width = (to - from) / cols;
  const time = new Float64Array(cols * 2);
  for (let c = 0; c < cols; c++) {
    time[2 * c] = from + width * (c + 0.25);
    time[2 * c + 1] = from + width * (c + 0.75);
  }
  const ys = m.ys.map((y) => {
    const out = new Float64Array(cols * 2).fill(NaN);
    let i = a;
    for (let c = 0; c < cols; c++) {
      const end = c === cols - 1 ? b : lowerBound(m.time, from + width * (c + 1));
      let lo = NaN;
      let hi = NaN;
      let loI = -1;
      let hiI = -1;
      for (; i < end; i++) {
        const v = y[i]!;
        if (v !== v) continue; // NaN: the series has no point here
        if (loI < 0 || v < lo) {
          lo = v;
          loI = i;
        }
        if (hiI < 0 || v > hi) {
          hi = v;
          hiI = i;
        }
      }
      i = end;
      if (loI < 0) continue;
      out[2 * c] = loI <= hiI ? lo : hi;
      out[2 * c + 1] = loI <= hiI ? hi : lo;
    }
    return out;
  });
  return { time, ys, reduced: true };
}

/** Rows of the table view (time and each series' value) from the merged axis. */
export function tableRows(m: Merged, offset: number, limit: number): { time: number; values: (number | null)[] }[] {
  const out = [];
  const end = Math.min(m.time.length, offset + limit);
  for (let i = Math.max(0, offset); i < end; i++) {
    out.push({ time: m.time[i]!, values: m.ys.map((y) => (Number.isNaN(y[i]!) ? null : y[i]!)) });
  }
  return out;
}

/**
 * A rollup series (one point per step, issue 18) as the line the chart draws: two vertices per step,
 * the step's minimum then its maximum, a quarter and three quarters into the step, so a peak of a
 * single reading stays a vertex of the line however coarse the tier. Status marks stay on the first.
 */
export function expandEnvelope(cols: SeriesColumns, stepMs: number): SeriesColumns {
  const n = cols.time.length;
  const min = cols.min ?? cols.value;
  const max = cols.max ?? cols.value;
  const out = { time: new Float64Array(2 * n), value: new Float64Array(2 * n), status: new Uint8Array(2 * n) };
  for (let i = 0; i < n; i++) {
    out.time[2 * i] = cols.time[i]! + stepMs / 4;
    out.time[2 * i + 1] = cols.time[i]! + (3 * stepMs) / 4;
    out.value[2 * i] = min[i]!;
    out.value[2 * i + 1] = max[i]!;
    out.status[2 * i] = cols.status[i]!;
  }
  return out;
}

/**
 * Statistics of a rollup series over [from, to): the extremes of the extremes (at their step's start,
 * or when the answer says they fell: `at.minAt` / `at.maxAt`, to the tier's finer step), the average
 * weighted by each step's readings, first and last step averages, and the steps marked.
 */
export function rollupStats(
  cols: SeriesColumns,
  from = -Infinity,
  to = Infinity,
  maxMarks = 10_000,
  at?: { minAt?: number | undefined; maxAt?: number | undefined },
): SeriesStats {
  const a = from === -Infinity ? 0 : lowerBound(cols.time, from);
  const b = to === Infinity ? cols.time.length : lowerBound(cols.time, to);
  const min = cols.min ?? cols.value;
  const max = cols.max ?? cols.value;
  let hi: Extreme | null = null;
  let lo: Extreme | null = null;
  let sum = 0;
  let count = 0;
  const markIdx: number[] = [];
  for (let i = a; i < b; i++) {
    const n = cols.count?.[i] ?? 1;
    const t = cols.time[i]!;
    if (hi === null || max[i]! > hi.value) hi = { value: max[i]!, time: t };
    if (lo === null || min[i]! < lo.value) lo = { value: min[i]!, time: t };
    sum += cols.value[i]! * n;
    count += n;
    if (cols.status[i] === RAW_MARK_STATUS && markIdx.length < maxMarks) markIdx.push(i);
  }
  const step = (i: number): Extreme | null => (i < a || i >= b ? null : { value: cols.value[i]!, time: cols.time[i]! });
  const first = step(a);
  const last = step(b - 1);
  if (hi && at?.maxAt !== undefined) hi.time = at.maxAt;
  if (lo && at?.minAt !== undefined) lo.time = at.minAt;
  return {
    count,
    max: hi,
    min: lo,
    avg: count ? sum / count : null,
    diff: first && last ? last.value - first.value : null,
    first,
    last,
    marks: { time: Float64Array.from(markIdx, (i) => cols.time[i]!), value: Float64Array.from(markIdx, (i) => cols.value[i]!) },
  };
}
