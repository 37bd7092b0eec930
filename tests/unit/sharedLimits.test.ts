import { describe, expect, it } from 'vitest';
import { sharedLimits } from '../../src/app/trend/sharedLimits';

const s = (label: string, upperLimit: number | null, scale: 'y' | 'y2' = 'y', lowerLimit: number | null = null) => ({
  label,
  scale,
  upperLimit,
  lowerLimit,
});

describe('one label per limit value across devices', () => {
  it('merges devices that share a limit on one axis, naming the series that have it', () => {
    expect(sharedLimits([s('1# 温度', 70), s('2# 温度', 70), s('3# 温度', 85)])).toEqual([
      { scale: 'y', key: 'trend.upper', value: 70, names: ['1# 温度', '2# 温度'] },
      { scale: 'y', key: 'trend.upper', value: 85, names: ['3# 温度'] },
    ]);
  });

  it('keeps the same value apart on the other axis and as a lower limit, and skips series without limits', () => {
    expect(
      sharedLimits([s('A', 70), s('B', 70, 'y2'), s('C', null, 'y', 70), s('D', null)]).map((l) => `${l.scale} ${l.key} ${l.value}`),
    ).toEqual(['y trend.upper 70', 'y2 trend.upper 70', 'y trend.lower 70']);
  });
});
