import { describe, expect, it } from 'vitest';
import { axisUnits, clampZoom, paddedRange } from '../../src/app/trend/trendScale';

const H = 3_600_000;
const day = { from: 0, to: 24 * H };

describe('trend scale rules (spec §9)', () => {
  it('a drag narrower than an hour widens to an hour around its centre', () => {
    expect(clampZoom(10 * H, 10 * H + 60_000, day)).toEqual({ from: 10 * H + 30_000 - H / 2, to: 10 * H + 30_000 + H / 2 });
    expect(clampZoom(5 * H, 8 * H, day)).toEqual({ from: 5 * H, to: 8 * H });
  });

  it('a widened range is shifted back inside the loaded bounds', () => {
    expect(clampZoom(0, 60_000, day)).toEqual({ from: 0, to: H });
    expect(clampZoom(24 * H - 60_000, 24 * H, day)).toEqual({ from: 23 * H, to: 24 * H });
    expect(clampZoom(0, 1, { from: 0, to: H / 2 })).toEqual({ from: 0, to: H / 2 });
  });

  it('the y range is padded by 10 % of its span, limits included when shown', () => {
    expect(paddedRange(100, 200)).toEqual([90, 210]);
    expect(paddedRange(100, 200, [300])).toEqual([80, 320]);
    expect(paddedRange(5, 5)).toEqual([4.5, 5.5]);
    expect(paddedRange(null, null)).toEqual([0, 1]);
  });

  it('the first unit takes the left axis, the others the right', () => {
    expect(axisUnits(['mA', '℃', 'mA'])).toEqual({ left: 'mA', right: '℃' });
    expect(axisUnits(['mA'])).toEqual({ left: 'mA', right: undefined });
    expect(axisUnits(['mA', '℃', 'A'])).toEqual({ left: 'mA', right: '℃ / A' });
  });
});
