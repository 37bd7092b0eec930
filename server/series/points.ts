import type { PointColumns } from './seriesFormat';

/** Column helpers of the series store: time-ordered points as three parallel typed arrays. */
export function emptyPoints(n = 0): PointColumns {
  return { time: new Float64Array(n), value: new Float64Array(n), status: new Uint8Array(n) };
}

/** Index of the first element ≥ t in a sorted array. */
export function lowerBound(a: Float64Array, t: number, lo = 0, hi = a.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The points with from ≤ time < to (views, no copy). */
export function slicePoints(p: PointColumns, from: number, to: number): PointColumns {
  const a = lowerBound(p.time, from);
  const b = lowerBound(p.time, to, a);
  if (a === 0 && b === p.time.length) return p;
  return { time: p.time.subarray(a, b), value: p.value.subarray(a, b), status: p.status.subarray(a, b) };
}

/**
 * Merges `over` into `base` (both time-ordered): a point of `over` replaces a point of `base` at the
 * same time, as a re-sent reading replaces the stored one. The common cases (nothing to merge, or the
 * recent rows all after the compacted ones) are plain copies.
 */
export function mergePoints(base: PointColumns, over: PointColumns): PointColumns {
  const nb = base.time.length;
  const no = over.time.length;
  if (no === 0) return base;
  if (nb === 0) return over;
  if (over.time[0]! > base.time[nb - 1]!) {
    const out = emptyPoints(nb + no);
    out.time.set(base.time);
    out.time.set(over.time, nb);
    out.value.set(base.value);
    out.value.set(over.value, nb);
    out.status.set(base.status);
    out.status.set(over.status, nb);
    return out;
  }
  const out = emptyPoints(nb + no);
  let i = 0;
  let j = 0;
  let m = 0;
  while (i < nb || j < no) {
    const tb = i < nb ? base.time[i]! : Infinity;
    const to = j < no ? over.time[j]! : Infinity;
    if (to <= tb) {
      out.time[m] = to;
      out.value[m] = over.value[j]!;
      out.status[m] = over.status[j]!;
      j++;
      if (to === tb) i++;
    } else {
      out.time[m] = tb;
      out.value[m] = base.value[i]!;
      out.status[m] = base.status[i]!;
      i++;
    }
    m++;
  }
  return m === out.time.length ? out : { time: out.time.slice(0, m), value: out.value.slice(0, m), status: out.status.slice(0, m) };
}
