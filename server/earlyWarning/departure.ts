import { MAD_TO_SIGMA, median, medianAbsoluteDeviation } from './robust';

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
): { scores: number[]; band: NormalBand; value: number; high: number; level: number; climbing: boolean } | null {
  const need = (opts.days + 1) * 24;
  if (hourly.length < need) return null;
  // one buffer for the 24 bands of the call: the job judges every series every hour
  const history = new Float64Array(opts.days);
  const bandAt = (t: number) => {
    for (let day = 1; day <= opts.days; day++) history[day - 1] = hourly[t - day * 24]!;
    return normalBand(history, limit, opts);
  };
  const judged = hourly.length - opts.sustainHours;
  const deviations: number[] = [];
  for (let t = judged - (24 - opts.sustainHours); t < judged; t++) {
    const band = bandAt(t);
    if (band && Number.isFinite(hourly[t])) deviations.push(hourly[t]! - band.median);
  }
  const level = deviations.length ? median(deviations) : 0;
  const scores: number[] = [];
  let newest: { band: NormalBand; value: number } | null = null;
  let climbing = true;
  let before = NaN;
  for (let t = judged; t < hourly.length; t++) {
    const value = hourly[t]!;
    const band = bandAt(t);
    if (!band || !Number.isFinite(value)) return null;
    scores.push(departureScore(value - level, band));
    // how far above its own hour's median: the daily cycle left out, so hour to hour it only moves with the series' own change
    const deviation = value - band.median;
    if (t > judged && !(deviation - before >= opts.minClimbPerHour * band.spread)) climbing = false;
    before = deviation;
    newest = { band, value };
  }
  // the highest hour of the history before the judged hours: a departure also leaves the series' whole recent range
  let high = -Infinity;
  for (let t = hourly.length - need; t < judged; t++) if (hourly[t]! > high) high = hourly[t]!;
  return newest && { scores, ...newest, high, level, climbing };
}
