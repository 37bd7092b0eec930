import { describe, expect, it } from 'vitest';
import { mergeSeries, rollupStats, seriesStats, tableRows } from '../../workers/seriesCore';

const T0 = new Date(2025, 0, 10, 8, 0, 0).getTime();
const min = (k: number) => T0 + k * 60_000;
const cols = (values: number[], status: number[] = [], step = 1) => ({
  time: Float64Array.from(values, (_, i) => min(i * step)),
  value: Float64Array.from(values),
  status: Uint8Array.from(values, (_, i) => status[i] ?? 0),
});

describe('trend statistics (hand-computed fixtures)', () => {
  // 08:00 12.5, 08:01 30, 08:02 -4.25, 08:03 30 (tie: the earliest max wins), 08:04 7.75
  const s = seriesStats(cols([12.5, 30, -4.25, 30, 7.75], [0, 3, 0, 0, 3]));

  it('extremes with their times', () => {
    expect(s.max).toEqual({ value: 30, time: min(1) });
    expect(s.min).toEqual({ value: -4.25, time: min(2) });
  });

  it('average and first→last difference', () => {
    // (12.5 + 30 − 4.25 + 30 + 7.75) / 5 = 76 / 5
    expect(s.avg).toBeCloseTo(15.2, 10);
    // 7.75 − 12.5
    expect(s.diff).toBeCloseTo(-4.75, 10);
    expect(s.first).toEqual({ value: 12.5, time: min(0) });
    expect(s.last).toEqual({ value: 7.75, time: min(4) });
    expect(s.count).toBe(5);
  });

  it('raw marks are the points with status 3', () => {
    expect([...s.marks.time]).toEqual([min(1), min(4)]);
    expect([...s.marks.value]).toEqual([30, 7.75]);
  });

  it('a sub-range counts only its points (half-open)', () => {
    const r = seriesStats(cols([12.5, 30, -4.25, 30, 7.75]), min(2), min(4));
    expect(r).toMatchObject({ count: 2, max: { value: 30, time: min(3) }, min: { value: -4.25, time: min(2) }, avg: 12.875, diff: 34.25 });
  });

  it('an empty range has no statistics', () => {
    const r = seriesStats(cols([]));
    expect(r).toMatchObject({ count: 0, max: null, min: null, avg: null, diff: null });
  });
});

describe('merging series onto one axis', () => {
  it('keeps identical axes, fills gaps of offset axes with NaN', () => {
    const a = cols([1, 2, 3]);
    const b = cols([10, 20], [], 2); // 08:00, 08:02
    const m = mergeSeries([a, b]);
    expect([...m.time]).toEqual([min(0), min(1), min(2)]);
    expect([...m.ys[0]!]).toEqual([1, 2, 3]);
    expect(m.ys[1]![1]).toBeNaN();
    expect(tableRows(m, 1, 5)).toEqual([
      { time: min(1), values: [2, null] },
      { time: min(2), values: [3, 20] },
    ]);
  });
});

describe('rollup statistics', () => {
  // three 30-minute steps: min / max / average / readings
  const steps = {
    time: Float64Array.of(min(0), min(30), min(60)),
    value: Float64Array.of(10, 20, 15),
    min: Float64Array.of(5, 1, 9),
    max: Float64Array.of(12, 40, 40),
    count: Float64Array.of(30, 30, 10),
    status: Uint8Array.of(0, 3, 0),
  };

  it('extremes of the extremes at their step, weighted average, marked steps', () => {
    const r = rollupStats(steps);
    expect(r.max).toEqual({ value: 40, time: min(30) });
    expect(r.min).toEqual({ value: 1, time: min(30) });
    // (10·30 + 20·30 + 15·10) / 70
    expect(r.avg).toBeCloseTo(1050 / 70, 10);
    expect(r.count).toBe(70);
    expect([...r.marks.time]).toEqual([min(30)]);
  });

  it('places the extremes at the minute the answer says they fell', () => {
    const r = rollupStats(steps, -Infinity, Infinity, 10_000, { minAt: min(47), maxAt: min(31) });
    expect(r.max).toEqual({ value: 40, time: min(31) });
    expect(r.min).toEqual({ value: 1, time: min(47) });
  });
});
