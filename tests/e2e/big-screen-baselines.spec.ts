import { test, expect, type Page } from './fixtures';
import config from '../../playwright.config';
import { seedStates } from './seedStates';
import { GATEWAY_PROJECT, scopedToken } from './scopedUser';
import { pauseClockAhead } from './helpers';

/**
 * Screenshot baselines that guard the 大屏's layout (issue 30) at 1366×768, 1920×1080 and 3840×2160 in
 * both themes, with alarms on it: KPIs, trend, rankings, ticker and map. They run on the quiet server
 * (no simulator) as a wall user of 武侯购物中心 only, whose devices (33–40) no other spec raises alarms
 * on there; the readings are seeded here through the real ingest path — one 事故, one 报警 and one 预警,
 * two devices that never report — so every figure on the screen is this file's. Masked is only what
 * moves with the day or the run: the title strip's date and clock, the ticker's times, the trend's day
 * labels, the sound state. The page's clock is paused once the screen has loaded, so the wall's own
 * turn between the 7- and the 30-day trend cannot happen between two shots.
 */
const DEVICES = [33, 34, 35, 36, 37, 38];
/** one device per alarm level; 39 and 40 stay silent on this server (wall-screenshots.spec.ts's stale tiles) */
const STATES: Record<number, Record<number, number>> = {
  33: { 1501: 1 }, // probe failure: 事故
  34: { 1001: 640 }, // residual current over the alarm limit: 报警
  35: { 1001: 260 }, // over 80 % of it: 预警
};

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
] as const;
const THEMES = ['bright', 'dark'] as const;

/**
 * A wall browser as deployed: autoplay allowed and the page full screen. Left to Chromium's user
 * activation (a navigation counts for a few seconds only), the 点击启用声音 bar and the title strip's
 * 全屏 button would come and go with how long the screen took to load, and the layout with them.
 */
const launch = config.use!.launchOptions!;
test.use({ launchOptions: { ...launch, args: [...(launch.args ?? []), '--autoplay-policy=no-user-gesture-required'] } });
const fullScreen = () => Object.defineProperty(Document.prototype, 'fullscreenElement', { get: () => document.documentElement });

let token = '';

test.beforeAll(async ({ baseURL, request }) => {
  // the same readings as wall-screenshots.spec.ts gives these devices, the alarms laid over three of them
  await seedStates(baseURL!, DEVICES, STATES, Math.floor(Date.now() / 1000) * 1000);
  token = await scopedToken(request, GATEWAY_PROJECT, 'kiosk');
});

/**
 * A box over the trend's day labels (MM-dd of the days the suite runs on): uPlot draws its axes on the
 * canvas, so the mask is laid over the strip below the plot area, the plot and its y axis stay in view.
 */
async function dayLabelsMask(page: Page) {
  await page.getByTestId('bs-trend-chart').evaluate((chart) => {
    const plot = chart.querySelector('.u-over')!.getBoundingClientRect();
    const canvas = chart.querySelector('canvas')!.getBoundingClientRect();
    const mask = document.createElement('div');
    mask.dataset.testid = 'trend-days-mask';
    Object.assign(mask.style, {
      position: 'fixed',
      left: `${canvas.left}px`,
      top: `${plot.bottom + 1}px`,
      width: `${canvas.width}px`,
      height: `${canvas.bottom - plot.bottom - 1}px`,
      pointerEvents: 'none',
    });
    document.body.append(mask);
  });
  return page.getByTestId('trend-days-mask');
}

/** The screen with every figure in: three alarms today, one of each level, on the ticker and the map. */
async function settle(page: Page) {
  const value = (id: string) => page.getByTestId(id).locator('[data-value]').first();
  await expect(value('bs-kpi-devices')).toHaveAttribute('data-value', '8');
  await expect(value('bs-kpi-today')).toHaveAttribute('data-value', '3');
  for (const level of [1, 2, 4]) await expect(page.getByTestId(`bs-kpi-level-${level}`)).toHaveAttribute('data-value', '1');
  await expect(value('bs-kpi-unconfirmed')).toHaveAttribute('data-value', '3');
  await expect(page.getByTestId('bs-rank-devices-row')).toHaveCount(3);
  // the ticker runs its items twice (a seamless loop)
  await expect(page.getByTestId('bs-ticker-item')).toHaveCount(6);
  await expect(page.getByTestId('map-marker')).toHaveCount(1);
  await expect(page.getByTestId('map-marker')).toHaveAttribute('data-state', 'accident');
  await expect(page.getByTestId('bs-trend-chart').locator('.u-over')).toBeVisible();
  await expect(page.getByTestId('kiosk-watermark')).toHaveCount(0);
  // the deployed wall's browser (above): sound allowed, no 点击启用声音 bar
  await expect(page.getByTestId('kiosk-sound')).toHaveAttribute('data-sound', 'on');
  await expect(page.getByTestId('sound-prompt')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  // Freeze the wall's timers (the trend's turn, the clock); the map's pulse and blink are CSS animations,
  // which Playwright stops for the shot.
  await pauseClockAhead(page, 1_000);
}

for (const theme of THEMES) {
  for (const size of SIZES) {
    const name = `${size.width}x${size.height}-${theme}`;
    test(`大屏 baseline ${name}`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.clock.install({ time: Date.now() });
      await page.addInitScript((t) => localStorage.setItem('vg.theme', t), theme);
      await page.addInitScript(fullScreen);
      await page.goto(`/?token=${encodeURIComponent(token)}&kiosk=1&screens=/bigScreen&interval=3600&report=3600#/bigScreen`);
      await settle(page);
      await expect(page).toHaveScreenshot(`big-screen-${name}.png`, {
        mask: [
          page.getByTestId('title-date'),
          page.getByTestId('title-clock'),
          page.getByTestId('kiosk-sound'),
          page.getByTestId('bs-ticker-time'),
          await dayLabelsMask(page),
        ],
        // the sound prompt depends on the browser's autoplay decision, the alarm strip on when an alarm came
        stylePath: 'tests/e2e/wall-screenshots.css',
        maxDiffPixelRatio: 0.01,
      });
    });
  }
}
