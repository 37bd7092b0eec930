import { describe, expect, it } from 'vitest';
import { median, medianAbsoluteDeviation } from '../../server/earlyWarning/robust';
import { hourlyMedians } from '../../server/earlyWarning/hourly';
import { assessTrend, dayDifferences, seasonalSlope } from '../../server/earlyWarning/trend';
import { BandMedians, normalBand, sustainedDeparture } from '../../server/earlyWarning/departure';
import { emptyRollups } from '../../server/series/rollups';
import { mulberry32 } from '../../server/simulator/prng';

const H = 3_600_000;
const series = (n: number, f: (t: number) => number) => Float64Array.from({ length: n }, (_, t) => f(t));
/** a daily load cycle: +5 at 06:00, −5 at 18:00 */
const cycle = (t: number) => 5 * Math.sin((2 * Math.PI * t) / 24);

describe('robust statistics', () => {
  it('median and MAD skip missing values', () => {
    expect(median([1, 3, 2, NaN, 10])).toBe(2.5);
    expect(median([4, NaN, 1, 7])).toBe(4);
    expect(median([NaN])).toBeNaN();
    expect(medianAbsoluteDeviation([1, 3, 2, NaN, 10])).toBe(1);
  });

  it('agrees with a plain sort on short and long inputs, and leaves its input as it was', () => {
    const plain = (xs: number[]) => {
      const v = xs.filter(Number.isFinite).sort((a, b) => a - b);
      return v.length % 2 ? v[v.length >> 1]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
    };
    let seed = 7;
    const next = () => ((seed = (seed * 16807) % 2147483647) % 1000) / 10;
    for (const n of [1, 2, 14, 24, 32, 33, 200, 5000]) {
      const xs = Array.from({ length: n }, (_, i) => (i % 9 === 4 ? NaN : next()));
      const copy = [...xs];
      expect(median(xs)).toBe(plain(xs));
      const centre = plain(xs);
      expect(medianAbsoluteDeviation(xs)).toBe(plain(xs.map((x) => Math.abs(x - centre))));
      expect(xs).toEqual(copy);
    }
  });
});

describe('hourly medians of minute averages', () => {
  it('takes the median of each hour’s minute averages, ignores a glitch minute and leaves thin hours missing', () => {
    const r = emptyRollups(30 + 2);
    for (let i = 0; i < 30; i++) {
      r.time[i] = i * 60_000;
      r.count[i] = 4;
      r.sum[i] = 4 * (i === 7 ? 10_000 : 100 + i);
    }
    for (let i = 0; i < 2; i++) {
      r.time[30 + i] = H + i * 60_000;
      r.count[30 + i] = 4;
      r.sum[30 + i] = 400;
    }
    const h = hourlyMedians(r, 0, 3);
    // 100…106, 108…129 and the 10,000 glitch: the 15th and 16th of 30 sorted values are 115 and 116
    expect(h[0]).toBe(115.5);
    expect(h[1]).toBeNaN(); // 2 minutes: fewer than 3
    expect(h[2]).toBeNaN();
  });
});

describe('trend', () => {
  it('Sen’s slope over whole-day pairs cancels the daily cycle exactly', () => {
    const v = series(72, (t) => 10 + 0.5 * t + cycle(t));
    expect(seasonalSlope(v)).toBeCloseTo(0.5, 12);
    expect(Array.from(dayDifferences(v)).every((d) => Math.abs(d - 12) < 1e-9)).toBe(true);
  });

  it('projects a drift’s daily peak to the limit', () => {
    const v = series(72, (t) => 10 + 0.5 * t + cycle(t));
    const e = assessTrend(v, 100)!;
    expect(e.slopePerDay).toBeCloseTo(12, 9);
    expect(e.windowHours).toBe(72);
    expect(e.confidence).toBe(1);
    // every hour of the last day carried to now is 45.5 + cycle; the second highest is hour 5 or 7 (sin 75°)
    const peak = 45.5 + 5 * Math.sin((5 * Math.PI) / 12);
    expect(e.peak).toBeCloseTo(peak, 9);
    expect(e.hoursToCross).toBeCloseTo((100 - peak) / 0.5, 9);
    // already above the limit: the crossing is now
    expect(assessTrend(v, 40)!.hoursToCross).toBe(0);
  });

  it('a step (a load switched on) is no trend, nor a flat series with a glitch, nor a falling one', () => {
    expect(
      assessTrend(
        series(72, (t) => 20 + cycle(t) + (t >= 48 ? 15 : 0)),
        100,
      ),
    ).toBeNull();
    expect(
      assessTrend(
        series(72, (t) => 20 + cycle(t) + (t >= 30 ? 15 : 0)),
        100,
      ),
    ).toBeNull();
    expect(
      assessTrend(
        series(72, (t) => 20 + cycle(t) + (t === 60 ? 500 : 0)),
        100,
      ),
    ).toBeNull();
    // a day and a half old, with a little noise: half the last day rose against the day before and the
    // other half, flat, rises by chance in half its hours — three quarters; but its newest quarter is flat
    const noise = (t: number) => (((t * 17) % 11) - 5) * 0.1;
    expect(
      assessTrend(
        series(72, (t) => 20 + cycle(t) + noise(t) + (t >= 36 ? 15 : 0)),
        100,
      ),
    ).toBeNull();
    expect(
      assessTrend(
        series(72, (t) => 60 - 0.3 * t + cycle(t)),
        100,
      ),
    ).toBeNull();
  });

  it('needs three days and three quarters of the hours', () => {
    expect(
      assessTrend(
        series(71, (t) => 10 + t),
        100,
      ),
    ).toBeNull();
    const holes = series(72, (t) => (t % 4 === 0 ? NaN : 10 + 0.5 * t));
    expect(assessTrend(holes, 100)).not.toBeNull(); // 75 % present
    const more = series(72, (t) => (t % 3 === 0 ? NaN : 10 + 0.5 * t));
    expect(assessTrend(more, 100)).toBeNull(); // 67 % present
  });
});

describe('departure from the own normal', () => {
  /** 16 days of a cycle with a day offset of −1, 0, +1 in turn */
  const offset = (day: number) => [-1, 0, 1][day % 3]!;
  const days = (n: number, lift: (t: number) => number) => series(n * 24, (t) => 30 + cycle(t) + offset(Math.floor(t / 24)) + lift(t));

  it('reads the band of an hour from the same hour of earlier days (median, MAD × 1.4826, floored)', () => {
    // offsets of days 0…13: five −1, five 0, four +1 → median 0, MAD 1
    const sameHour = Array.from({ length: 14 }, (_, d) => 30 + offset(d));
    expect(normalBand(sameHour, 50)).toEqual({ median: 30, spread: 1.4826 });
    expect(normalBand(sameHour, 100)).toEqual({ median: 30, spread: 2 }); // 2 % of the limit
    expect(normalBand(sameHour.slice(0, 6), 50)).toBeNull(); // fewer than half the days
  });

  it('scores the last hours against their bands; only a sustained rise counts', () => {
    const n = 15;
    const lifted = days(n, (t) => (t >= n * 24 - 3 ? 20 : 0));
    const d = sustainedDeparture(lifted, 50)!;
    // the last day is day 14 (offset +1, the day's level); its hours' history is days 0…13 (median 30 + cycle,
    // spread 1.4826): (1 + 20 − 1) / 1.4826
    expect(d.scores.map((s) => Math.round(s * 1000) / 1000)).toEqual([13.49, 13.49, 13.49]);
    expect(d.band.spread).toBeCloseTo(1.4826, 9);
    // the highest hour before: 06:00 of a +1 day, 30 + 5 + 1
    expect(d.high).toBeCloseTo(36, 9);
    // a flat lift is a step (a load switched on): far above, but not climbing
    expect(d.climbing).toBe(false);
    // a ramp of 8 an hour climbs (8 ≥ 0.25 × 1.4826 every hour), from 8 + 1 − 1 spreads above on
    const ramp = sustainedDeparture(
      days(n, (t) => Math.max(0, 8 * (t - (n * 24 - 4)))),
      50,
    )!;
    expect(ramp.climbing).toBe(true);
    expect(ramp.scores.map((s) => Math.round(s * 1000) / 1000)).toEqual([5.396, 10.792, 16.188]);
    expect(
      sustainedDeparture(
        days(n, () => 0),
        50,
      )!.scores.every((s) => s < 3),
    ).toBe(true);
    expect(
      sustainedDeparture(
        days(14, () => 0),
        50,
      ),
    ).toBeNull(); // too short for 14 days of history
  });

  it('reads the same departure as band by band (every band with its spread) on random series with gaps', () => {
    // The straightforward reading the job's faster one must match: every band of the day whole.
    const byBands = (hourly: Float64Array, limit: number) => {
      const bandAt = (t: number) =>
        normalBand(
          Array.from({ length: 14 }, (_, d) => hourly[t - (d + 1) * 24]!),
          limit,
        );
      const judged = hourly.length - 3;
      const deviations: number[] = [];
      for (let t = judged - 21; t < judged; t++) {
        const band = bandAt(t);
        if (band && Number.isFinite(hourly[t])) deviations.push(hourly[t]! - band.median);
      }
      const level = deviations.length ? median(deviations) : 0;
      const scores: number[] = [];
      let climbing = true;
      let before = NaN;
      let last = null as ReturnType<typeof bandAt>;
      for (let t = judged; t < hourly.length; t++) {
        const band = bandAt(t);
        if (!band || !Number.isFinite(hourly[t])) return null;
        scores.push((hourly[t]! - level - band.median) / band.spread);
        const deviation = hourly[t]! - band.median;
        if (t > judged && !(deviation - before >= 0.25 * band.spread)) climbing = false;
        before = deviation;
        last = band;
      }
      let high = -Infinity;
      for (let t = hourly.length - 360; t < judged; t++) if (hourly[t]! > high) high = hourly[t]!;
      return { scores, band: last!, value: hourly[hourly.length - 1]!, high, level, climbing };
    };
    const rnd = mulberry32(31);
    let judgedSome = 0;
    for (let k = 0; k < 400; k++) {
      const gaps = [0, 0.05, 0.3, 0.6][k % 4]!;
      const lift = k % 5 === 0 ? 10 * rnd() : 0;
      const hourly = series(360 + (k % 30), (t) =>
        rnd() < gaps ? NaN : Math.round((30 + cycle(t) + 2 * rnd() + (t > 350 ? lift * (t - 350) : 0)) * 10) / 10,
      );
      const expected = byBands(hourly, 50);
      expect(sustainedDeparture(hourly, 50)).toEqual(expected);
      if (expected) judgedSome++;
    }
    // the comparison covered judged series, not only the null answers of gappy ones
    expect(judgedSome).toBeGreaterThan(100);
  });
  it('reads the same departure hour after hour with the band medians kept from the hour before', () => {
    const rnd = mulberry32(47);
    // 40 days of one series: gaps, a glitch now and then, a climb in the last week
    const whole = series(40 * 24, (t) =>
      rnd() < 0.08
        ? NaN
        : Math.round((30 + cycle(t) + 2 * rnd() + (t > 33 * 24 ? (t - 33 * 24) / 6 : 0) + (rnd() < 0.01 ? 25 : 0)) * 10) / 10,
    );
    const memo = new BandMedians();
    let judged = 0;
    for (let at = 15 * 24; at <= whole.length;) {
      const hourly = whole.slice(at - 360, at);
      const kept = sustainedDeparture(hourly, 60, undefined, { memo, end: at * H });
      expect(kept).toEqual(sustainedDeparture(hourly, 60));
      if (kept) judged++;
      // mostly the next hour; now and then the same hour again, or a few hours on (a run skipped)
      const r = rnd();
      at += r < 0.1 ? 0 : r < 0.2 ? 1 + Math.floor(rnd() * 30) : 1;
    }
    expect(judged).toBeGreaterThan(100);
  });
});
