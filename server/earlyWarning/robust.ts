/** Order statistics that ignore missing values (NaN): the early-warning detectors' robust estimators. */

/** The median of the finite values; NaN when there are none. */
export function median(xs: ArrayLike<number>): number {
  const v: number[] = [];
  for (let i = 0; i < xs.length; i++) if (Number.isFinite(xs[i])) v.push(xs[i]!);
  if (v.length === 0) return NaN;
  v.sort((a, b) => a - b);
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/** The median absolute deviation from `centre` (unscaled); NaN when there are no values. */
export function medianAbsoluteDeviation(xs: ArrayLike<number>, centre = median(xs)): number {
  const dev: number[] = [];
  for (let i = 0; i < xs.length; i++) if (Number.isFinite(xs[i])) dev.push(Math.abs(xs[i]! - centre));
  return median(dev);
}

/** MAD × 1.4826 estimates the standard deviation of normally distributed values. */
export const MAD_TO_SIGMA = 1.4826;
