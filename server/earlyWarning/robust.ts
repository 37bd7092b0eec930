/** Order statistics that ignore missing values (NaN): the early-warning detectors' robust estimators. */

/** Up to this many values a median sorts by insertion: the job's medians are mostly of 14 or 24. */
const INSERTION_SORT_MAX = 32;

/**
 * One buffer for every median: the job takes some 50 medians a series an hour (a fleet's 150,000
 * series), each of a few values, and a new array per median was most of what the job allocated.
 */
let scratch = new Float64Array(64);

function scratchFor(n: number): Float64Array {
  if (scratch.length < n) scratch = new Float64Array(Math.max(n, 2 * scratch.length));
  return scratch;
}

/** The median of the first `n` values of `v`, which it reorders; NaN when `n` is 0. */
function medianInPlace(v: Float64Array, n: number): number {
  if (n === 0) return NaN;
  if (n <= INSERTION_SORT_MAX)
    for (let i = 1; i < n; i++) {
      const x = v[i]!;
      let j = i - 1;
      for (; j >= 0 && v[j]! > x; j--) v[j + 1] = v[j]!;
      v[j + 1] = x;
    }
  // the native numeric sort of a typed array: no comparator call per step
  else v.subarray(0, n).sort();
  const mid = n >> 1;
  return n % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/** The median of the finite values; NaN when there are none. */
export function median(xs: ArrayLike<number>): number {
  const v = scratchFor(xs.length);
  let n = 0;
  for (let i = 0; i < xs.length; i++) if (Number.isFinite(xs[i])) v[n++] = xs[i]!;
  return medianInPlace(v, n);
}

/** The median absolute deviation from `centre` (unscaled); NaN when there are no values. */
export function medianAbsoluteDeviation(xs: ArrayLike<number>, centre = median(xs)): number {
  const v = scratchFor(xs.length);
  let n = 0;
  for (let i = 0; i < xs.length; i++) if (Number.isFinite(xs[i])) v[n++] = Math.abs(xs[i]! - centre);
  return medianInPlace(v, n);
}

/** MAD × 1.4826 estimates the standard deviation of normally distributed values. */
export const MAD_TO_SIGMA = 1.4826;
