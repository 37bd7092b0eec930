import { describe, expect, it } from 'vitest';
import { lowerBound, reduceMinMax } from '../../workers/seriesCore';

/** A small deterministic PRNG (mulberry32): the property test replays the same cases every run. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('per-pixel min/max reduction (property)', () => {
  it('never drops a spike: every pixel keeps its extremes, in their column', () => {
    const rand = rng(20250110);
    for (let round = 0; round < 200; round++) {
      const n = 200 + Math.floor(rand() * 5000);
      const pixels = 20 + Math.floor(rand() * 400);
      const from = 1_700_000_000_000;
      const step = 1000 + Math.floor(rand() * 60_000);
      const to = from + n * step;
      const time = Float64Array.from({ length: n }, (_, i) => from + i * step);
      const series = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => {
        const y = Float64Array.from({ length: n }, () => 100 + rand() * 10);
        // One-sample spikes up and down, and a few gaps.
        for (let k = 0; k < 5; k++) y[Math.floor(rand() * n)] = rand() < 0.5 ? 1e4 * rand() + 1000 : -1e4 * rand() - 1000;
        for (let k = 0; k < 3; k++) y[Math.floor(rand() * n)] = NaN;
        return y;
      });
      const r = reduceMinMax({ time, ys: series }, from, to, pixels);
      const width = (to - from) / pixels;
      expect(r.reduced).toBe(n > pixels * 2);
      series.forEach((y, k) => {
        const out = r.ys[k]!;
        for (let c = 0; c < (r.reduced ? pixels : 0); c++) {
          const a = lowerBound(time, from + c * width);
          const b = c === pixels - 1 ? n : lowerBound(time, from + (c + 1) * width);
          let hi = -Infinity;
          let lo = Infinity;
          for (let i = a; i < b; i++) {
            if (Number.isNaN(y[i]!)) continue;
            hi = Math.max(hi, y[i]!);
            lo = Math.min(lo, y[i]!);
          }
          const pair = [out[2 * c]!, out[2 * c + 1]!];
          if (hi === -Infinity) {
            expect(pair.every(Number.isNaN)).toBe(true);
            continue;
          }
          expect(Math.max(...pair)).toBe(hi);
          expect(Math.min(...pair)).toBe(lo);
          // Both points sit inside their pixel column.
          expect(r.time[2 * c]! >= from + c * width && r.time[2 * c + 1]! < from + (c + 1) * width).toBe(true);
        }
        if (!r.reduced) expect([...out]).toEqual([...y]);
        // The global extremes survive whatever the width.
        const finite = [...y].filter((v) => !Number.isNaN(v));
        const kept = [...out].filter((v) => !Number.isNaN(v));
        expect(Math.max(...kept)).toBe(Math.max(...finite));
        expect(Math.min(...kept)).toBe(Math.min(...finite));
      });
    }
  });

  it('keeps the order of min and max as they occurred', () => {
    const time = Float64Array.from({ length: 8 }, (_, i) => i);
    const r = reduceMinMax({ time, ys: [Float64Array.from([5, 9, 1, 5, 5, 1, 9, 5])] }, 0, 8, 2);
    // column 0 (t 0..3): max 9 at t1 before min 1 at t2; column 1 (t 4..7): min 1 at t5 before max 9 at t6
    expect([...r.ys[0]!]).toEqual([9, 1, 1, 9]);
  });
});
