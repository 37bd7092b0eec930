import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { zoomAxes, zoomPadding } from '../../src/app/charts/zoomAxes';

describe('zoomAxes: a chart grows with the console on a large screen', () => {
  const axes = [
    { stroke: '#000', space: 100 },
    { scale: 'y', side: 3 as const, label: 'mA', labelSize: 16, size: 56 },
    { scale: 'y2', side: 1 as const, size: () => 40 },
  ];

  it('leaves the axes alone at the design size', () => {
    expect(zoomAxes(axes, 1)).toBe(axes);
    expect(zoomAxes(undefined, 2)).toBeUndefined();
  });

  it('doubles fonts, gaps, tick lengths and axis sizes at 4K, from uPlot’s defaults where none is given', () => {
    const [x, y, y2] = zoomAxes(axes, 2)!;
    expect(x!.font).toMatch(/^24px /);
    expect(x!.labelFont).toMatch(/^bold 24px /);
    expect(x).toMatchObject({ space: 200, size: 100, gap: 10, labelSize: 60, ticks: { size: 20 }, stroke: '#000' });
    expect(y).toMatchObject({ space: 60, size: 112, labelSize: 32, label: 'mA', side: 3 });
    // a size computed by its own function stays that function
    expect(typeof y2!.size).toBe('function');
  });

  it('grows uPlot’s automatic padding too, so the last time label is not cut', () => {
    expect(zoomPadding(1)).toBeUndefined();
    // a time axis at the bottom, a unit axis on the left: room above and on the right
    const sides: uPlot.SidesWithAxes = [false, false, true, true];
    const pads = zoomPadding(2)!.map((p, i) => (typeof p === 'function' ? p({} as uPlot, i as uPlot.Axis.Side, sides, 0) : p));
    expect(pads).toEqual([33, 50, 0, 0]);
  });
});
