import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { minValuePx, TILE_H_EM, TILE_W_EM, wallLayout } from '../../src/features/realTime/wallLayout';

const SCREENS = [
  [1366, 768],
  [1920, 1080],
  [2560, 1440],
  [3840, 2160],
  [768, 1366],
  [1080, 1920],
  [2160, 3840],
] as const;

describe('wall layout', () => {
  it.each(SCREENS)('%i×%i: value text ≥ 3 percent of the viewport height and ≥ 16 px, tiles inside the box', (w, h) => {
    for (const count of [1, 4, 16, 40, 41, 200, 5000]) {
      const box = { width: w - 32, height: h - 120 };
      const l = wallLayout({ ...box, viewportHeight: h, count });
      expect(l.valuePx).toBeGreaterThanOrEqual(Math.max(16, 0.03 * h) - 1e-9);
      expect(l.columns * l.tileW + (l.columns - 1) * l.gap).toBeLessThanOrEqual(box.width + 1e-6);
      expect(l.rows * l.tileH + (l.rows - 1) * l.gap).toBeLessThanOrEqual(box.height + 1e-6);
      // the text fits its tile
      expect(l.valuePx * TILE_W_EM).toBeLessThanOrEqual(l.tileW + 1e-6);
      expect(l.valuePx * TILE_H_EM).toBeLessThanOrEqual(l.tileH + 1e-6);
      expect(l.pages).toBe(Math.max(1, Math.ceil(count / l.perPage)));
    }
  });

  it('pages instead of shrinking: the same readable tiles per page at 1080p and 4K', () => {
    const hd = wallLayout({ width: 1920 - 32, height: 1080 - 120, viewportHeight: 1080, count: 5000 });
    const uhd = wallLayout({ width: 3840 - 32, height: 2160 - 120, viewportHeight: 2160, count: 5000 });
    expect(hd.pages).toBeGreaterThan(1);
    expect(uhd.valuePx / hd.valuePx).toBeGreaterThan(1.7);
    expect(uhd.valuePx / hd.valuePx).toBeLessThan(2.3);
    expect(Math.abs(uhd.perPage - hd.perPage)).toBeLessThanOrEqual(0.35 * hd.perPage);
  });

  it('fills the screen when the devices fit: the 40 demo devices at 4K use most of the box', () => {
    const box = { width: 3840 - 32, height: 2160 - 120 };
    const l = wallLayout({ ...box, viewportHeight: 2160, count: 40 });
    expect(l.pages).toBe(1);
    const used = (l.columns * l.tileW * Math.ceil(40 / l.columns) * l.tileH) / (box.width * box.height);
    expect(used).toBeGreaterThan(0.75);
  });

  it('holds for any box and count', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 300, max: 8000 }),
        fc.integer({ min: 300, max: 8000 }),
        fc.integer({ min: 0, max: 20000 }),
        (w, h, count) => {
          const l = wallLayout({ width: w, height: h, viewportHeight: h, count });
          expect(l.valuePx).toBeGreaterThanOrEqual(minValuePx(h) - 1e-9);
          expect(l.perPage).toBeGreaterThanOrEqual(1);
          expect(l.pages * l.perPage).toBeGreaterThanOrEqual(count);
        },
      ),
    );
  });
});
