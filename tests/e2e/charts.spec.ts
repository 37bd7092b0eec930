import { test, expect, type APIRequestContext } from './fixtures';
import { startOfDay } from 'date-fns';
import { E2E_LIVE_URL } from '../../playwright.config';
import { ALARM_LOOK } from '../../domain/alarmLanguage';
import { apiToken, expectPath, loginViaForm, SCREENSHOT_DIR, signIn } from './helpers';

/** Issue 15 item 6: charts that operators expect — gaps as gaps, labels that never overlap, threshold lines. */

const STEP = 10 * 60_000;

interface Box {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
}
const overlapping = (boxes: Box[]) =>
  boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .flatMap((b) => (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h ? [`${a.text} × ${b.text}`] : [])),
  );

/**
 * Three days of two flat measures every 10 minutes with a three-hour hole, through the real ingest.
 * Flat series put both averages (and both differences) at the same height: their labels collide unless placed.
 */
async function seedFlatWithHole(request: APIRequestContext, day: number) {
  const lisi = await apiToken(request, 'lisi');
  const tree = (await (await request.get('/devicedata/api/comm/v1/device/tree', { headers: { Authorization: `Bearer ${lisi}` } })).json())
    .data;
  const terminals: { id: number; name: string }[] = [];
  const walk = (nodes: { id: number; name: string; modelLabel: string; children?: unknown[] }[]) => {
    for (const n of nodes) {
      if (n.modelLabel === 'terminal') terminals.push(n);
      walk((n.children ?? []) as typeof nodes);
    }
  };
  walk(tree);
  // a device no other spec on this server writes to (the 1st, 12th, 14th–20th and last two are taken)
  const device = terminals[20]!;
  const root = await apiToken(request, 'root');
  const key = (
    await (await request.get(`/devicedata/api/comm/v1/device/${device.id}/key`, { headers: { Authorization: `Bearer ${root}` } })).json()
  ).data;
  const holeFrom = day - 2 * 86_400_000 + 10 * 3_600_000;
  const holeTo = holeFrom + 3 * 3_600_000;
  const values = [];
  for (let t = day - 3 * 86_400_000; t < day; t += STEP) {
    if (t >= holeFrom && t < holeTo) continue;
    values.push({ dataId: 1001, value: 100, time: t }, { dataId: 1101, value: 30, time: t });
  }
  for (let i = 0; i < values.length; i += 500) {
    const res = await request.post('/devicedata/api/comm/v1/ingest', {
      headers: { [key.header]: key.key },
      data: { device: device.id, time: day, values: values.slice(i, i + 500) },
    });
    expect((await res.json()).code).toBe(0);
  }
  return device;
}

test('history: a hole in the data stays a hole, and the 平均值/差值 labels never overlap', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('vg.theme', 'bright'));
  await loginViaForm(page, 'lisi');
  await page.waitForURL(/#\/(?!login)/);
  const day = startOfDay(Date.now()).getTime();
  const device = await seedFlatWithHole(request, day);
  await page.goto(`/#/historyData?devices=${device.id}&measures=1001,1101&from=${day - 3 * 86_400_000}&to=${day}`);
  await expectPath(page, '/historyData');
  const trend = page.getByTestId('trend');
  await expect(trend).toHaveAttribute('data-loading', 'false');
  await expect(trend.locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('trend-chart')).toHaveAttribute('data-gaps', '1');

  for (const flag of ['avg', 'diff', 'extremes', 'limit']) await trend.locator(`[data-flag="${flag}"]`).check();
  const root = trend.locator('.uplot');
  await expect.poll(async () => (JSON.parse((await root.getAttribute('data-labels')) ?? '[]') as Box[]).length).toBeGreaterThanOrEqual(8);
  const boxes = JSON.parse((await root.getAttribute('data-labels'))!) as Box[];
  expect(boxes.filter((b) => b.text.startsWith('平均值'))).toHaveLength(2);
  expect(boxes.filter((b) => b.text.startsWith('差值'))).toHaveLength(2);
  expect(overlapping(boxes)).toEqual([]);
  // limit labels at the left edge of the plot, never over the newest points at the right
  const limitBoxes = boxes.filter((b) => b.text.includes('上限'));
  expect(limitBoxes.length).toBeGreaterThan(0);
  const plotLeft = Math.min(...boxes.map((b) => b.x));
  for (const b of limitBoxes) expect(b.x).toBeLessThanOrEqual(plotLeft + 1);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/trend-labels-gap-bright-zh_cn.png` });
});

test.describe('live server', () => {
  test.use({ baseURL: E2E_LIVE_URL });

  test("the device dialog's trend charts draw the device's thresholds as lines", async ({ page }) => {
    await signIn(page, 'wangwu', '/realTime');
    // a device that reports (the wall puts silent ones first): its trends have data to draw against
    await page.locator('[data-testid=device-tile]:not([data-stale])').first().click();
    const dialog = page.getByTestId('device-dialog');
    await expect(dialog).toBeVisible();
    const leak = dialog.getByTestId('trend-group').filter({ hasText: '剩余电流' }).locator('.uplot');
    await expect(leak).toHaveAttribute('data-limits', /报警值/);
    const limits = JSON.parse((await leak.getAttribute('data-limits'))!) as { kind: string; value: number; label: string; color: string }[];
    expect(limits.map((l) => l.label)).toEqual(['报警值 300 mA', '预警值 240 mA']);
    // the lines speak the one alarm language: 报警 and 预警 in their colours of the theme
    expect(limits.map((l) => l.color)).toEqual([ALARM_LOOK.alarm.colour.bright, ALARM_LOOK.warning.colour.bright]);
    // three temperature phases share one 70 ℃ line
    const temp = dialog.getByTestId('trend-group').filter({ hasText: '温度' }).locator('.uplot');
    await expect(temp).toHaveAttribute('data-limits', /报警值 70 ℃/);
    expect((JSON.parse((await temp.getAttribute('data-limits'))!) as unknown[]).length).toBe(2);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/device-dialog-thresholds-bright-zh_cn.png` });
  });
});
