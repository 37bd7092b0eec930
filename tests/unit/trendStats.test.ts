import { describe, expect, it } from 'vitest';
import { mergeSeries, seriesStats, tableRows } from '../../workers/seriesCore';

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
