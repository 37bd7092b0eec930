import { describe, expect, it } from 'vitest';
import { anyOverlap, placeLabels } from '../../src/app/trend/labelLayout';
import { placeNames } from '../../src/app/monitor/map/labels';

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

describe('names of fixed places on the map (the 南海诸岛 inset)', () => {
  const area = { x0: 0, y0: 0, x1: 200, y1: 200 };

  it('a name goes right of its point when that is free, else to another side, never over an obstacle', () => {
    const [free] = placeNames([{ key: 'a', text: '西沙群岛', x: 50, y: 50 }], 10, area, []);
    expect(free).toMatchObject({ anchor: 'start', clear: true });
    expect(free!.box.x0).toBeGreaterThan(50);
    // a dash right of the point: the name goes elsewhere and does not touch it
    const dash = { x0: 55, y0: 40, x1: 60, y1: 60 };
    const [moved] = placeNames([{ key: 'a', text: '西沙群岛', x: 50, y: 50 }], 10, area, [dash]);
    expect(moved!.clear).toBe(true);
    expect(moved!.box.x1 <= dash.x0 || moved!.box.x0 >= dash.x1 || moved!.box.y1 <= dash.y0 || moved!.box.y0 >= dash.y1).toBe(true);
  });

  it('names placed earlier are obstacles for later ones, and names stay inside the frame', () => {
    const placed = placeNames(
      [
        { key: 'a', text: 'Zhongsha Is.', x: 190, y: 100 },
        { key: 'b', text: 'Huangyan Dao', x: 190, y: 104 },
      ],
      10,
      area,
      [],
    );
    const [a, b] = placed;
    expect(a!.clear && b!.clear).toBe(true);
    expect(a!.box.x1).toBeLessThanOrEqual(200);
    expect(a!.box.x1 <= b!.box.x0 || a!.box.x0 >= b!.box.x1 || a!.box.y1 <= b!.box.y0 || a!.box.y0 >= b!.box.y1).toBe(true);
  });

  it('with no free place a name is still shown where it covers least, marked not clear', () => {
    const wall = { x0: 0, y0: 0, x1: 200, y1: 200 };
    const [n] = placeNames([{ key: 'a', text: '南沙群岛', x: 100, y: 100 }], 10, area, [wall]);
    expect(n!.clear).toBe(false);
    expect(n!.text).toBe('南沙群岛');
  });
});
