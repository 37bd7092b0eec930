import { median } from './robust';

/** Hours in the daily load cycle: comparing an hour with the same hour a day later cancels the cycle. */
export const DAY_HOURS = 24;

export interface TrendOptions {
  /** share of the last day's hours that must be above the same hour a day before (a step rises in some only) */
  minRisingShare: number;
  /** the day before must have risen by at least this share of the last day's rise (a step rises on one day) */
  previousDayRatio: number;
  /** share of the window's hours that must have data (dropouts, a device offline) */
  minCoverage: number;
  /**
   * each 12-hour quarter of the last two days' day differences must have risen by at least this share
   * of their median: a drift rises alike in all four, where a step rises against the day before for
   * exactly 24 hours, which always leaves one quarter flat (a step a day and a half old would otherwise
   * pass: noise and the day's load make half its flat hours "rise", and half of Sen's pairs straddle it)
   */
  quarterRatio: number;
}

const DEFAULT_TREND_OPTIONS: TrendOptions = { minRisingShare: 0.75, previousDayRatio: 0.25, minCoverage: 0.75, quarterRatio: 0.25 };

/** Whether every 12-hour quarter of the last two days' day differences `d2` rose by at least `ratio` of their median. */
function risesInEveryQuarter(d2: Float64Array, ratio: number): boolean {
  const all = median(d2);
  if (!(all > 0)) return false;
  for (let q = 0; q < d2.length; q += DAY_HOURS / 2) if (!(median(d2.subarray(q, q + DAY_HOURS / 2)) > ratio * all)) return false;
  return true;
}

export interface TrendEvidence {
  /** the series' rise per day (its unit), Sen's slope over whole-day pairs */
  slopePerDay: number;
  windowHours: number;
  /** the coming daily peak: the last day's second-highest hour carried forward along the slope to now */
  peak: number;
  /** hours from the window's end until that peak reaches the limit (0: already there) */
  hoursToCross: number;
  /** share of the last day's hours above the same hour the day before */
  confidence: number;
}

/** d[i] = v[i + 24] − v[i]: how much each hour rose against the same hour a day earlier (NaN where either is missing). */
export function dayDifferences(v: Float64Array): Float64Array {
  const d = new Float64Array(Math.max(0, v.length - DAY_HOURS));
  for (let i = 0; i < d.length; i++) d[i] = v[i + DAY_HOURS]! - v[i]!;
  return d;
}

/**
 * Sen's slope per hour over the pairs of hours a whole number of days apart: the median of
 * (v[j] − v[i]) / (j − i). A daily cycle cancels in every pair, and the median ignores the pairs a
 * glitch touches. NaN without a pair.
 */
export function seasonalSlope(v: Float64Array): number {
  const slopes: number[] = [];
  for (let lag = DAY_HOURS; lag < v.length; lag += DAY_HOURS)
    for (let i = 0; i + lag < v.length; i++) {
      const s = (v[i + lag]! - v[i]!) / lag;
      if (Number.isFinite(s)) slopes.push(s);
    }
  return median(slopes);
}

function secondHighest(xs: number[]): number {
  const sorted = xs.filter(Number.isFinite).sort((a, b) => b - a);
  return sorted[1] ?? sorted[0] ?? NaN;
}

/**
 * Whether the hourly series `v` (three days or more, newest last) drifts towards `limit`, and when its
 * daily peak would reach it. A drift rises against the day before in nearly every hour of the last
 * day and rose the day before as well, alike in every half-day; a step (a load switched on) rises
 * against the day before for one day only and a glitch in an hour or two, so neither is a trend. Null
 * when the series does not drift upward.
 */
export function assessTrend(v: Float64Array, limit: number, opts: TrendOptions = DEFAULT_TREND_OPTIONS): TrendEvidence | null {
  if (v.length < 3 * DAY_HOURS) return null;
  let present = 0;
  for (const x of v) if (Number.isFinite(x)) present++;
  if (present < opts.minCoverage * v.length) return null;

  const d = dayDifferences(v);
  const lastDay = d.subarray(d.length - DAY_HOURS);
  const dayBefore = d.subarray(d.length - 2 * DAY_HOURS, d.length - DAY_HOURS);
  const rise = median(lastDay);
  if (!(rise > 0)) return null;
  let rising = 0;
  let compared = 0;
  for (const x of lastDay)
    if (Number.isFinite(x)) {
      compared++;
      if (x > 0) rising++;
    }
  const confidence = compared ? rising / compared : 0;
  if (confidence < opts.minRisingShare) return null;
  if (!(median(dayBefore) > opts.previousDayRatio * rise)) return null;
  if (!risesInEveryQuarter(d.subarray(d.length - 2 * DAY_HOURS), opts.quarterRatio)) return null;

  const slope = seasonalSlope(v);
  if (!(slope > 0)) return null;
  const end = v.length - 1;
  const carried: number[] = [];
  for (let t = end - DAY_HOURS + 1; t <= end; t++) carried.push(v[t]! + slope * (end - t));
  const peak = secondHighest(carried);
  if (!Number.isFinite(peak)) return null;
  return {
    slopePerDay: slope * DAY_HOURS,
    windowHours: v.length,
    peak,
    hoursToCross: peak >= limit ? 0 : (limit - peak) / slope,
    confidence,
  };
}
