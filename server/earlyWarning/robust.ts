/** Order statistics that ignore missing values (NaN): the early-warning detectors' robust estimators. */

/**
 * The median of the finite values; NaN when there are none. Sorted as a Float64Array: the native
 * numeric sort needs no comparator call per step (the job takes some 50 medians a series an hour).
 */
export function median(xs: ArrayLike<number>): number {
  const v = new Float64Array(xs.length);
  let n = 0;
  for (let i = 0; i < xs.length; i++) if (Number.isFinite(xs[i])) v[n++] = xs[i]!;
  if (n === 0) return NaN;
  const sorted = v.subarray(0, n).sort();
  const mid = n >> 1;
  return n % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median absolute deviation from `centre` (unscaled); NaN when there are no values. */
export function medianAbsoluteDeviation(xs: ArrayLike<number>, centre = median(xs)): number {
  const dev: number[] = [];
  for (let i = 0; i < xs.length; i++) if (Number.isFinite(xs[i])) dev.push(Math.abs(xs[i]! - centre));
  return median(dev);
}

/** MAD × 1.4826 estimates the standard deviation of normally distributed values. */
export const MAD_TO_SIGMA = 1.4826;
