import { describe, expect, it } from 'vitest';
import { heapTrend, type HeapSample } from '../../bench/heapTrend';

/** samples every 10 page minutes over a day, with a repeatable ±0.3 MB swing (a popup, a batch in flight) */
function day(mbAt: (hour: number) => number): HeapSample[] {
  const out: HeapSample[] = [];
  for (let i = 1; i <= 144; i++) {
    const hour = i / 6;
    out.push({ hour, mb: mbAt(hour) + 0.3 * Math.sin(i * 2.3) });
  }
  return out;
}
const OPTS = { hours: 24, warmupHours: 2, windowHours: 2 };

describe('the soak benches’ reading of the heap (bench/heapTrend.ts)', () => {
  it('a flat heap: no growth, not rising', () => {
    const t = heapTrend(
      day(() => 9),
      OPTS,
    );
    expect(Math.abs(t.growthPct)).toBeLessThan(3);
    expect(t.rising).toBe(false);
  });

  it('warm-up growth and a plateau: warm-up left out, not rising at the end', () => {
    // fills its caches over the first hours, then holds
    const t = heapTrend(
      day((h) => 8 + 2 * Math.min(1, h / 6)),
      OPTS,
    );
    expect(t.startMb).toBeGreaterThan(8.5);
    expect(t.endMb).toBeCloseTo(10, 0);
    expect(t.rising).toBe(false);
  });

  it('a linear leak: its growth, and still rising', () => {
    // 2 MB a day on 9 MB
    const t = heapTrend(
      day((h) => 9 + (2 * h) / 24),
      OPTS,
    );
    expect(t.growthPct).toBeGreaterThan(15);
    expect(t.slopeMbPerDay).toBeCloseTo(2, 0);
    expect(t.lastThirdMbPerDay).toBeCloseTo(2, 0);
    expect(t.rising).toBe(true);
  });

  it('a leak that starts late is still rising, though the whole day’s slope is small', () => {
    const t = heapTrend(
      day((h) => 9 + Math.max(0, h - 16) * 0.15),
      OPTS,
    );
    expect(t.rising).toBe(true);
  });
});
