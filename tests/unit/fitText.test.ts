import { describe, expect, it } from 'vitest';
import { emsOf, fitFontSize } from '../../src/features/bigScreen/fitText';

describe('fitText: a wall figure on one line', () => {
  it('measures CJK as a whole em and digits, spaces and stops as less', () => {
    expect(emsOf('40')).toBeCloseTo(1.2, 5);
    expect(emsOf('1 小时')).toBeCloseTo(0.6 + 0.26 + 2, 5);
    expect(emsOf('100.0%')).toBeCloseTo(4 * 0.6 + 0.3 + 0.86, 5);
  });

  it('keeps the largest size and gives a longer text less of the container’s width per em', () => {
    const perEm = (s: string) => Number(/, ([\d.]+)cqw\)$/.exec(fitFontSize(s, 2.2))![1]);
    expect(fitFontSize('40', 2.2)).toMatch(/^min\(2\.2rem, [\d.]+cqw\)$/);
    expect(perEm('1 h 23 min')).toBeLessThan(perEm('40'));
    // the text at that size is no wider than its container (with the 4 % spared)
    expect(perEm('1 h 23 min') * emsOf('1 h 23 min')).toBeCloseTo(100 / 1.04, 1);
    // an empty figure is sized as one em, never divided by zero
    expect(fitFontSize('', 2.2)).toBe(`min(2.2rem, ${(100 / 1.04).toFixed(2)}cqw)`);
  });
});
