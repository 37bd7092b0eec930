import { describe, expect, it } from 'vitest';
import { anyOverlap, placeLabels } from '../../src/app/trend/labelLayout';

describe('chart labels never overlap', () => {
  it('平均值 and 差值 at the same height: the second moves one row, the first keeps its place', () => {
    const avg = { x: 10, y: 100, w: 120, h: 14 };
    const diff = { x: 60, y: 104, w: 100, h: 14 };
    const placed = placeLabels([avg, diff], 0, 300);
    expect(placed[0]).toEqual(avg);
    expect(placed[1]!.x).toBe(60);
    expect(Math.abs(placed[1]!.y - 104)).toBe(14);
    expect(anyOverlap(placed)).toBe(false);
  });

  it('labels side by side stay where they are', () => {
    const boxes = [
      { x: 0, y: 50, w: 40, h: 14 },
      { x: 50, y: 50, w: 40, h: 14 },
    ];
    expect(placeLabels(boxes, 0, 100)).toEqual(boxes);
  });

  it('a stack of labels at one spot spreads out and stays inside the plot', () => {
    const boxes = Array.from({ length: 6 }, () => ({ x: 0, y: 2, w: 50, h: 14 }));
    const placed = placeLabels(boxes, 0, 120);
    expect(anyOverlap(placed)).toBe(false);
    for (const b of placed) {
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.y + b.h).toBeLessThanOrEqual(120);
    }
  });
});
