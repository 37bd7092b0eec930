import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { breakGaps, gapCount } from '../../src/app/charts/gaps';

describe('gaps shown as gaps', () => {
  it('puts a null row inside a hole longer than 3× the usual step, in every series', () => {
    // every 600 s, then nothing for two hours, then every 600 s again
    const x = [0, 600, 1200, 1800, 9000, 9600, 10200];
    const data: uPlot.AlignedData = [x, [1, 2, 3, 4, 5, 6, 7], Float64Array.from([10, 20, NaN, 40, 50, 60, 70]) as unknown as number[]];
    const out = breakGaps(data);
    expect(out[0]).toEqual([0, 600, 1200, 1800, 5400, 9000, 9600, 10200]);
    expect(out[1]).toEqual([1, 2, 3, 4, null, 5, 6, 7]);
    // NaN (a typed array's gap) becomes uPlot's null
    expect(out[2]).toEqual([10, 20, null, 40, null, 50, 60, 70]);
    expect(gapCount(data, out)).toBe(1);
  });

  it('leaves evenly spaced data (and jitter under the factor) alone, as the same object', () => {
    const data: uPlot.AlignedData = [
      [0, 10, 21, 30, 39, 50],
      [1, 2, 3, 4, 5, 6],
    ];
    expect(breakGaps(data)).toBe(data);
    const short: uPlot.AlignedData = [
      [0, 1000],
      [1, 2],
    ];
    expect(breakGaps(short)).toBe(short);
  });

  it('finds several holes', () => {
    const x = [0, 1, 2, 10, 11, 12, 30, 31];
    const out = breakGaps([x, x.map((v) => v * 2)]);
    expect(out[0]).toEqual([0, 1, 2, 6, 10, 11, 12, 21, 30, 31]);
    expect(out[1]).toEqual([0, 2, 4, null, 20, 22, 24, null, 60, 62]);
  });
});
