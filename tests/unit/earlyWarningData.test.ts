import { describe, expect, it } from 'vitest';
import { cleanValue, DAY, DRIFT_DAYS, H, hourReadings, makeFleet, rng } from '../../bench/earlyWarningData';

/** The early-warning bench's labels (bench/earlyWarningData.ts): what its figures are judged against must be right. */
const START = Date.UTC(2026, 0, 1);
const opts = { devices: 200, days: 60, start: START, limit: 300, seed: 1, slotsPerHour: 24 };

describe('the early-warning bench’s labelled fleet', () => {
  const fleet = makeFleet(opts);

  it('is the same for a seed and another for another seed', () => {
    const again = makeFleet(opts);
    expect(again.map((s) => [s.base, s.drift?.crossing ?? null])).toEqual(fleet.map((s) => [s.base, s.drift?.crossing ?? null]));
    const other = makeFleet({ ...opts, seed: 2 });
    expect(other.map((s) => s.base)).not.toEqual(fleet.map((s) => s.base));
  });

  it('drifts a tenth of the devices, every rate in turn, each crossing its limit at the labelled minute after 16 days of normal', () => {
    const drifting = fleet.filter((s) => s.drift);
    expect(drifting).toHaveLength(20);
    expect(drifting.map((s) => s.drift!.days)).toEqual(Array.from({ length: 20 }, (_, k) => DRIFT_DAYS[k % DRIFT_DAYS.length]));
    for (const s of drifting) {
      const d = s.drift!;
      expect(d.start).toBeGreaterThanOrEqual(START + 16 * DAY);
      if (!Number.isFinite(d.crossing)) continue; // a load switched off during the drift may keep it under the limit
      expect(cleanValue(s, d.crossing)).toBeGreaterThanOrEqual(300);
      expect(cleanValue(s, d.crossing - 60_000)).toBeLessThan(300);
      // it crosses within a day of its nominal rate (the peak hour falls where it falls)
      expect(Math.abs((d.crossing - d.start) / DAY - d.days)).toBeLessThan(1.05);
    }
  });

  it('keeps every series without a drift under 80 % of the limit (the steps stay under it; glitches are single readings)', () => {
    let highest = 0;
    for (const s of fleet.filter((x) => !x.drift))
      for (let t = START; t < START + opts.days * DAY; t += H / 4) highest = Math.max(highest, cleanValue(s, t));
    expect(highest).toBeGreaterThan(150);
    expect(highest).toBeLessThan(240);
  });

  it('sends 15-s readings of the hour’s first slots, none in a dropout', () => {
    const s = fleet.find((x) => x.dropouts.length)!;
    const inside = s.dropouts[0]!;
    const hour = Math.floor(inside.from / H) * H + H;
    const r = rng(7);
    const readings = hourReadings(s, START + 3 * DAY, 24, r, 1001);
    expect(readings.map((x) => x.time)).toEqual(
      Array.from({ length: 24 }, (_, k) => START + 3 * DAY + k * 15_000).filter((t) => !s.dropouts.some((d) => t >= d.from && t < d.to)),
    );
    if (hour + H <= inside.to) expect(hourReadings(s, hour, 24, r, 1001)).toEqual([]);
  });
});
