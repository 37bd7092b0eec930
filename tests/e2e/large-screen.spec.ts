import { test, expect, type Page } from './fixtures';
import { E2E_LIVE_URL } from '../../playwright.config';
import { SCREENSHOT_DIR } from './helpers';
import { openIn, sharedPage } from './sharedPage';

// the live server: its simulated devices have today's readings for the history chart
test.use({ baseURL: E2E_LIVE_URL });

/**
 * A console on a screen larger than 1920×1080 CSS pixels (a wall or a TV driven as a browser, not a
 * kiosk) grows as a browser zoom would (issue 19 item 1): the dashboards' cards, the tables, the trees
 * and their checkboxes, the charts' axes, not only the map. Up to 1920×1080 nothing changes.
 */

/** The smallest font of any text shown in the screen's content (HTML text; the map's SVG scales on its own). */
const smallestText = (page: Page) =>
  page.locator('main').evaluate((main) => {
    let min = Infinity;
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent?.trim() || el.closest('svg')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      min = Math.min(min, parseFloat(getComputedStyle(el).fontSize));
    }
    return min;
  });

const rootPx = (page: Page) => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));

test.describe('a console on larger screens', () => {
  const shared = sharedPage({ user: 'wangwu' });

  for (const size of [
    { width: 1920, height: 1080, root: 16 },
    { width: 2560, height: 1440, root: 21 },
    { width: 3840, height: 2160, root: 32 },
  ]) {
    test(`a console at ${size.width}×${size.height} grows with the screen: root ${size.root} px, cards, tree rows and checkboxes and charts with it`, async () => {
      const page = shared();
      await page.setViewportSize(size);
      await openIn(page, '/#/home');
      await expect(page.getByTestId('monitor-updated')).toBeVisible();
      const root = await rootPx(page);
      expect(root).toBeCloseTo(size.root, 0);
      // the smallest text of the dashboard is 0.75 rem: 12 px at 1920, 24 px at 4K
      expect(await smallestText(page)).toBeGreaterThanOrEqual(0.75 * size.root - 0.5);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/large-screen-home-${size.width}.png` });

      // a virtualized tree: rows as tall as their text needs, none overlapping; checkboxes grown too
      await page.goto('/#/historyData');
      const tree = page.getByTestId('history-tree');
      const rows = tree.getByRole('treeitem');
      await expect(rows.nth(5)).toBeVisible();
      const layout = await rows.evaluateAll((els) =>
        els.slice(0, 8).map((el) => {
          const box = el.getBoundingClientRect();
          const box2 = el.querySelector('input[type=checkbox]')?.getBoundingClientRect();
          return { top: box.top, bottom: box.bottom, fits: el.scrollHeight <= el.clientHeight + 1, box: box2?.height ?? 0 };
        }),
      );
      for (const [i, r] of layout.entries()) {
        expect(r.fits, `row ${i}`).toBe(true);
        expect(r.box, `row ${i}'s checkbox`).toBeGreaterThanOrEqual((13 * size.root) / 16 - 0.5);
        if (i > 0) expect(r.top, `row ${i}`).toBeGreaterThanOrEqual(layout[i - 1]!.bottom - 0.5);
      }
      // the chart grows too: its height (420 design px) and its axes (uPlot draws them in px)
      await tree.locator('[data-node-id^="terminal:"] input[type=checkbox]').first().check();
      const canvas = page.getByTestId('trend-chart').locator('canvas');
      await expect(canvas).toBeVisible();
      const chartHeight = await canvas.evaluate((el) => el.getBoundingClientRect().height);
      expect(chartHeight).toBeCloseTo((420 * root) / 16, 0);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/large-screen-history-${size.width}.png` });
    });
  }
});
