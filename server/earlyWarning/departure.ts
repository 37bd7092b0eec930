import { MAD_TO_SIGMA, median, medianAbsoluteDeviation } from './robust';
import { HOUR_MS } from './hourly';

export interface DepartureOptions {
  /** robust z-score from which an hour counts as far above its normal */
  raiseScore: number;
  /** below this score again, the departure is over */
  endScore: number;
  /** consecutive far hours before a warning (a burst of an hour or two is not a departure) */
  sustainHours: number;
  /** the spread never counts as smaller than this share of the limit (a flat series is not infinitely sensitive) */
  minSpreadOfLimit: number;
  /** days of history the normal band is read from */
  days: number;
  /**
   * each sustained hour must stand at least this many spreads higher than the hour before: a departure
   * that precedes a fault keeps climbing, where a load switched on steps once and stays (a fresh step
   * under the threshold would otherwise warn until the day's level caught up with it)
   */
  minClimbPerHour: number;
}

export const DEFAULT_DEPARTURE_OPTIONS: DepartureOptions = {
  raiseScore: 6,
  endScore: 3,
  sustainHours: 3,
  minSpreadOfLimit: 0.02,
  days: 14,
  minClimbPerHour: 0.25,
};

export interface NormalBand {
  median: number;
  /** the robust spread (MAD × 1.4826, at least the floor) */
  spread: number;
}

/** The normal band of one hour of day from the same hour on earlier days (NaN-free median and MAD). */
export function normalBand(
  sameHour: ArrayLike<number>,
  limit: number,
  opts: DepartureOptions = DEFAULT_DEPARTURE_OPTIONS,
): NormalBand | null {
  let n = 0;
  for (let i = 0; i < sameHour.length; i++) if (Number.isFinite(sameHour[i])) n++;
  // half the days at least: a band from two or three days says little about "normal"
  if (n < Math.ceil(opts.days / 2)) return null;
  const m = median(sameHour);
  const spread = Math.max(MAD_TO_SIGMA * medianAbsoluteDeviation(sameHour, m), opts.minSpreadOfLimit * Math.abs(limit));
  return { median: m, spread };
}

/** How far above its band a value is, in spreads (negative: below the median). */
const departureScore = (value: number, band: NormalBand) => (value - band.median) / band.spread;

/**
 * Buffers of the calls, reused: the job judges every watched series every hour (a fleet's 150,000),
 * and a call reads 24 bands of 14 values each.
 */
let sameHourScratch = new Float64Array(16);
const deviationScratch = new Float64Array(24);
const levelScratch = new Float64Array(24);

/** The same hour of the `days` days before hour `t`, oldest day last. */
function sameHourOf(hourly: Float64Array, t: number, days: number): Float64Array {
  if (sameHourScratch.length < days) sameHourScratch = new Float64Array(days);
  for (let day = 1; day <= days; day++) sameHourScratch[day - 1] = hourly[t - day * 24]!;
  return sameHourScratch.subarray(0, days);
}

/**
 * The median of hour `t`'s band alone (what the day's level needs), NaN where normalBand has no band:
 * the band's spread is a second median (of the absolute deviations), not taken for the 21 hours the
 * level is read from.
 */
function bandMedian(hourly: Float64Array, t: number, opts: DepartureOptions): number {
  const sameHour = sameHourOf(hourly, t, opts.days);
  let n = 0;
  for (let i = 0; i < sameHour.length; i++) if (Number.isFinite(sameHour[i])) n++;
  return n < Math.ceil(opts.days / 2) ? NaN : median(sameHour);
}

/** Hours a judgement reads band medians of: the judged hours and the day's other hours before them. */
const DAY = 24;

/**
 * The band medians of a series' last 24 hours at its last judgement, kept by the caller from hour to
 * hour: the next hour's level reads 20 of them again (and the median of the judged hour before), so
 * each hour reads one band afresh instead of 21. `end` is the end of the newest hour they are of; NaN
 * is a median not read. Valid only while the series' earlier hours are unchanged: a caller whose
 * hourly values were read again (late readings) starts a new one.
 */
export class BandMedians {
  end = NaN;
  readonly medians = new Float64Array(DAY).fill(NaN);
}

/**
 * The departure of the newest hours of `hourly` (newest last; at least `days` + 1 days long): the score
 * of each of the last `sustainHours` hours against the same hour of the `days` days before it, less
 * the series' level shift over the day before them (the median deviation of those hours from their own
 * bands). A load switched on and left on shifts every hour alike and so becomes the new normal; a
 * departure is some hours far above where the rest of the day is, and `climbing` says whether they
 * still rise hour by hour (a fresh step does not). Only upward departures count: a series falling
 * away from its normal is no precursor of a fire.
 */
export function sustainedDeparture(
  hourly: Float64Array,
  limit: number,
  opts: DepartureOptions = DEFAULT_DEPARTURE_OPTIONS,
  kept?: { memo: BandMedians; end: number },
): { scores: number[]; band: NormalBand; value: number; high: number; level: number; climbing: boolean } | null {
  const need = (opts.days + 1) * 24;
  if (hourly.length < need || opts.sustainHours > DAY) return null;
  const judged = hourly.length - opts.sustainHours;
  // the judged hours first: a gap or a thin band in any of them answers null before the level is read
  const bands: NormalBand[] = [];
  for (let t = judged; t < hourly.length; t++) {
    const band = normalBand(sameHourOf(hourly, t, opts.days), limit, opts);
    if (!band || !Number.isFinite(hourly[t])) return null;
    bands.push(band);
  }
  if (bands.length === 0) return null;
  // medians[i] is of hour index first + i; the memo's, `shift` hours older, are at i + shift
  const first = hourly.length - DAY;
  const memo = kept?.memo;
  const hoursOn = memo ? (kept.end - memo.end) / HOUR_MS : NaN;
  const shift = Number.isInteger(hoursOn) && hoursOn >= 0 ? hoursOn : DAY;
  let n = 0;
  for (let t = judged - (DAY - opts.sustainHours); t < judged; t++) {
    const i = t - first;
    let m = i + shift < DAY ? memo!.medians[i + shift]! : NaN;
    if (Number.isFinite(hourly[t])) {
      if (Number.isNaN(m)) m = bandMedian(hourly, t, opts);
      if (!Number.isNaN(m)) deviationScratch[n++] = hourly[t]! - m;
    }
    levelScratch[i] = m;
  }
  if (memo) {
    memo.medians.set(levelScratch.subarray(0, DAY - opts.sustainHours));
    for (let k = 0; k < bands.length; k++) memo.medians[DAY - opts.sustainHours + k] = bands[k]!.median;
    memo.end = kept.end;
  }
  const level = n ? median(deviationScratch.subarray(0, n)) : 0;
  const scores: number[] = [];
  let climbing = true;
  let before = NaN;
  for (let t = judged; t < hourly.length; t++) {
    const value = hourly[t]!;
    const band = bands[t - judged]!;
    scores.push(departureScore(value - level, band));
    // how far above its own hour's median: the daily cycle left out, so hour to hour it only moves with the series' own change
    const deviation = value - band.median;
    if (t > judged && !(deviation - before >= opts.minClimbPerHour * band.spread)) climbing = false;
    before = deviation;
  }
  // the highest hour of the history before the judged hours: a departure also leaves the series' whole recent range
  let high = -Infinity;
  for (let t = hourly.length - need; t < judged; t++) if (hourly[t]! > high) high = hourly[t]!;
  const band = bands[bands.length - 1]!;
  return { scores, band, value: hourly[hourly.length - 1]!, high, level, climbing };
}
