import { test, expect, type Page } from './fixtures';
import { apiToken } from './helpers';
import { openIn, sharedPage } from './sharedPage';
import { seedStates } from './seedStates';

/**
 * Screenshot baselines that guard the wall's layout: the operator wall (/realTime) and the kiosk at
 * 1366×768, 1920×1080 and 3840×2160 in both themes. They run on the quiet server (no simulator) with
 * wangwu's sixteen devices (武侯购物中心, 玄武区人民医院), which no other spec there writes to, seeded
 * here through the real ingest path; the page's clock is fixed five seconds later, so ages read the same
 * on every run. Values, times and the sound state are masked.
 */
let seededAt = 0;
/** the page's fixed time: five seconds after the readings */
const shownAt = () => seededAt + 5_000;
const WANGWU_DEVICES = Array.from({ length: 16 }, (_, i) => 25 + i);
/** one device per alarm state; two devices never report (stale, "no data") */
const STATES: Record<number, Record<number, number>> = {
  25: { 1501: 1 }, // probe failure: 事故
  26: { 1001: 640 }, // residual current over the alarm limit: 报警
  27: { 1001: 260 }, // over 80 % of it: 预警
};
const SILENT = new Set([39, 40]);

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
] as const;
const THEMES = ['bright', 'dark'] as const;

test.beforeAll(async ({ baseURL }) => {
  seededAt = Math.floor(Date.now() / 1000) * 1000;
  await seedStates(
    baseURL!,
    WANGWU_DEVICES.filter((id) => !SILENT.has(id)),
    STATES,
    seededAt,
  );
});

/** What changes from run to run without the layout changing: values, ages, clocks. */
const volatile = (page: Page) => [
  page.getByTestId('tile-values'),
  page.getByTestId('tile-age'),
  page.getByTestId('wall-newest-time'),
  page.getByTestId('watermark-age'),
  page.getByTestId('kiosk-sound'),
  // the kiosk's title strip: the date moves with the day the suite runs on
  page.getByTestId('title-date'),
  page.getByTestId('title-clock'),
];

async function settle(page: Page) {
  await expect(page.getByTestId('device-tile')).toHaveCount(16);
  await expect(page.locator('[data-testid=device-tile][data-state=accident]')).toHaveCount(1);
  await page.evaluate(() => document.fonts.ready);
}

const VARIANTS = THEMES.flatMap((theme) => SIZES.map((size) => ({ theme, size, name: `${size.width}x${size.height}-${theme}` })));
const shot = (page: Page) => ({
  mask: volatile(page),
  // the sound prompt depends on the browser's autoplay decision, tested on its own
  stylePath: 'tests/e2e/wall-screenshots.css',
  maxDiffPixelRatio: 0.01,
});

test.describe('kiosk wall', () => {
  const page = sharedPage();
  let token = '';
  test.beforeAll(async ({ request }) => {
    token = await apiToken(request, 'wangwu');
  });

  for (const { theme, size, name } of VARIANTS) {
    test(`kiosk wall baseline ${name}`, async () => {
      await page().setViewportSize(size);
      await page().clock.setFixedTime(shownAt());
      await openIn(page(), `/?token=${encodeURIComponent(token)}&kiosk=1&screens=/realTime&interval=600#/realTime`, { theme });
      await settle(page());
      await expect(page()).toHaveScreenshot(`kiosk-${name}.png`, shot(page()));
    });
  }
});

test.describe('operator wall', () => {
  const page = sharedPage({ user: 'wangwu' });

  for (const { theme, size, name } of VARIANTS) {
    test(`operator wall baseline ${name}`, async () => {
      await page().setViewportSize(size);
      await page().clock.setFixedTime(shownAt());
      await openIn(page(), '/#/realTime', { theme });
      await settle(page());
      await expect(page()).toHaveScreenshot(`wall-${name}.png`, shot(page()));
    });
  }
});
