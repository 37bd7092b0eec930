import { test, expect, type APIRequestContext, type Page } from './fixtures';
import ExcelJS from 'exceljs';
import { startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import { DEFAULT_TIME_ZONE, formatIn, inZone } from '../../domain/timeZone';

// Days, weeks and months of the project zone (Asia/Shanghai): the browser runs in New York (issue 15).
const Z = inZone(DEFAULT_TIME_ZONE);
import { apiToken, expectPath, SCREENSHOT_DIR, signIn } from './helpers';
import { openIn, sharedPage } from './sharedPage';

const STEP = 10 * 60_000;
const SPIKE = 950;

interface Seeded {
  device: { id: number; name: string };
  times: number[];
  /** when the 剩余电流 spike is: the last reading */
  spikeAt: number;
}

/** Eight days of 剩余电流 and A相温度 every 10 minutes through the real ingest (past timestamps are accepted). */
async function seed(request: APIRequestContext): Promise<Seeded> {
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
  // A device no other spec on this server writes to (they use the first projects' first terminals
  // or a project's last ones): its point counts are this spec's alone.
  const device = terminals[11]!;
  const root = await apiToken(request, 'root');
  const key = (
    await (await request.get(`/devicedata/api/comm/v1/device/${device.id}/key`, { headers: { Authorization: `Bearer ${root}` } })).json()
  ).data;
  const end = Math.floor(Date.now() / STEP) * STEP;
  const times: number[] = [];
  for (let t = end - 8 * 86_400_000; t <= end; t += STEP) times.push(t);
  // The spike and a status mark on the last reading: the day, the week and the month that hold now
  // hold it too, also in their first minutes (the month view's statistics are asserted below; a spike
  // 30 minutes back fell in the month before from 00:00 to 00:30 on the 1st, project time).
  const spikeAt = times[times.length - 1]!;
  const values = times.flatMap((t, i) => [
    { dataId: 1001, value: t === spikeAt ? SPIKE : 100 + (i % 7), status: i % 50 === 0 || t === spikeAt ? 3 : 0, time: t },
    { dataId: 1101, value: 30 + (i % 5) * 0.5, time: t },
  ]);
  for (let i = 0; i < values.length; i += 500) {
    const res = await request.post('/devicedata/api/comm/v1/ingest', {
      headers: { [key.header]: key.key },
      data: { device: device.id, time: end, values: values.slice(i, i + 500) },
    });
    const body = await res.json();
    expect(body.code, body.msg).toBe(0);
    expect(body.data.rejected).toEqual([]);
  }
  return { device, times, spikeAt };
}

async function open(page: Page, lang: 'zh_cn' | 'en', theme: 'bright' | 'dark') {
  await page.addInitScript(
    ([l, th]) => {
      localStorage.setItem('vg.lang', l!);
      localStorage.setItem('vg.theme', th!);
    },
    [lang, theme],
  );
  await signIn(page, 'lisi', '/historyData');
  await expectPath(page, '/historyData');
}

let seeded: Seeded;
test.beforeAll(async ({ request }) => {
  seeded = await seed(request);
});

test('history data: device and two measures, day/week/month, every checkbox, table, export', async ({ page }) => {
  await open(page, 'zh_cn', 'bright');
  const { device, times } = seeded;
  await expect(page.getByTestId('history-hint')).toBeVisible();
  // The series worker starts with the screen, before anything is asked: the first query does not wait for it.
  await expect.poll(() => page.workers().some((w) => w.url().includes('series.worker'))).toBe(true);
  await page.getByTestId('history-tree').getByRole('searchbox').fill(device.name);
  // Terminal names repeat across projects: the row's node id names this one.
  await page.getByTestId('history-tree').locator(`[data-node-id="terminal:${device.id}"] input[type=checkbox]`).check();
  await page.locator('[data-measure="1101"]').check();
  await expect(page.locator('[data-measure="1001"]')).toBeChecked();
  const trend = page.getByTestId('trend');
  await expect(trend.locator('canvas').first()).toBeVisible();
  await expect(page.locator('.u-legend')).toContainText('剩余电流(mA)');
  await expect(page.locator('.u-legend')).toContainText('A相温度(℃)');

  const now = Date.now();
  const count = (from: number) => times.filter((t) => t >= from && t <= now).length;
  // 日 → 周 → 月: switching the type keeps the period containing the current start (dateRange.changeType).
  for (const [label, from] of [
    ['日', startOfDay(now, Z).getTime()],
    ['周', startOfWeek(now, { ...Z, weekStartsOn: 1 }).getTime()],
    ['月', startOfMonth(now, Z).getTime()],
  ] as const) {
    await page.getByTestId('date-selector').getByRole('radio', { name: label }).click();
    await expect(trend).toHaveAttribute('data-loading', 'false');
    // Both series share the time axis: the count is of both series' points.
    await expect(page.getByTestId('trend-count')).toContainText(` ${(2 * count(from)).toLocaleString()} `);
  }

  for (const flag of ['limit', 'extremes', 'diff', 'avg', 'points', 'rawMarks']) await trend.locator(`[data-flag="${flag}"]`).check();
  const stats = page.getByTestId('trend-stats');
  await expect(stats.locator('[data-stat="max"]').first()).toContainText(`${SPIKE.toFixed(2)}`);
  await expect(stats.locator('[data-stat="limit"]').first()).toContainText('300.00');
  await expect(stats.locator('[data-stat="avg"]')).toHaveCount(2);
  await expect(stats.locator('[data-stat="diff"]')).toHaveCount(2);
  await expect(stats.locator('[data-stat="marks"]').first()).not.toContainText(': 0');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/history-curve-bright-zh_cn.png` });
  for (const flag of ['limit', 'extremes', 'diff', 'avg', 'points', 'rawMarks']) await trend.locator(`[data-flag="${flag}"]`).uncheck();
  await expect(stats).toHaveCount(0);

  await page.getByTestId('trend-mode').selectOption({ label: '表格' });
  const table = page.getByTestId('trend-table');
  await expect(table.locator('thead')).toContainText('剩余电流(mA)');
  await expect(table.locator('tbody tr').first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/history-table-bright-zh_cn.png` });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('history-export').click()]);
  expect(download.suggestedFilename()).toBe('表格导出.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const ws = wb.worksheets[0]!;
  expect(ws.getRow(1).values).toEqual([undefined, '时间', '剩余电流(mA)', 'A相温度(℃)']);
  expect(ws.rowCount - 1).toBe(count(startOfMonth(now, Z).getTime()));
  const values = ws.getColumn(2).values.slice(2) as number[];
  expect(values).toContain(SPIKE);
});

test.describe('the history screen in both languages and themes', () => {
  const shared = sharedPage({ user: 'lisi' });

  for (const [lang, theme] of [
    ['zh_cn', 'dark'],
    ['en', 'bright'],
    ['en', 'dark'],
  ] as const) {
    test(`history data screenshot ${lang} ${theme}`, async () => {
      const page = shared();
      await openIn(page, `/#/historyData?devices=${seeded.device.id}&measures=1001,1101,1201`, { lang, theme });
      await page.getByTestId('date-selector').getByRole('radio').nth(1).click();
      await expect(page.getByTestId('trend')).toHaveAttribute('data-loading', 'false');
      await expect(page.getByTestId('trend').locator('canvas').first()).toBeVisible();
      for (const flag of ['limit', 'extremes', 'avg', 'rawMarks']) await page.locator(`[data-flag="${flag}"]`).check();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/history-curve-${theme}-${lang}.png` });
    });
  }
});

test('drag zoom never narrower than an hour; main-thread fallback when the worker cannot start', async ({ page }) => {
  // The worker script is refused: the series service must fall back to the main thread.
  await page.route('**/series.worker-*.js', (route) => route.abort());
  await open(page, 'zh_cn', 'bright');
  const day = startOfDay(Date.now(), Z).getTime();
  await page.goto(`/#/historyData?devices=${seeded.device.id}&measures=1001&from=${day - 3 * 86_400_000}&to=${day}`);
  const trend = page.getByTestId('trend');
  await expect(trend).toHaveAttribute('data-loading', 'false');
  const over = trend.locator('.u-over');
  await expect(over).toBeVisible();
  // The chart is built once: zoom, toggles and resizes reach the same canvas (setData / setSize).
  await trend
    .locator('canvas')
    .first()
    .evaluate((c) => (c.dataset.kept = 'yes'));
  const keptWidth = () => trend.locator('canvas[data-kept]').evaluateAll((cs) => cs[0]?.getBoundingClientRect().width ?? 'rebuilt');
  const box = (await over.boundingBox())!;
  // A 3-pixel drag over three days is about 10 minutes: it must widen to an hour.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 4, box.y + box.height / 2, { steps: 3 });
  await page.mouse.up();
  await expect(trend.getByRole('button', { name: '还原' })).toBeVisible();
  const span = Number(await trend.getAttribute('data-view-to')) - Number(await trend.getAttribute('data-view-from'));
  expect(span).toBe(3_600_000);
  await trend.locator('[data-flag="points"]').check();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/history-zoomed-bright-zh_cn.png` });
  const wide = await keptWidth();
  expect(wide).toBeGreaterThan(1000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect.poll(keptWidth).toBeLessThan(Number(wide) - 300);
  await trend.getByRole('button', { name: '还原' }).click();
  await expect(trend.getByRole('button', { name: '还原' })).toHaveCount(0);
});

test('a long range comes as hour rollups with the spike kept; zooming into it fetches the finer data', async ({ page }) => {
  await open(page, 'zh_cn', 'bright');
  const end = Date.now();
  const from = end - 90 * 86_400_000;
  const first = page.waitForRequest((r) => r.url().endsWith('/wisdompower/v1/history/series'));
  await page.goto(`/#/historyData?devices=${seeded.device.id}&measures=1001&from=${from}&to=${end}`);
  // One request for the view, asking for the plot's width in points.
  expect((await first).postDataJSON()).toMatchObject({
    startTime: from,
    endTime: end,
    series: [{ pecDeviceId: seeded.device.id, dataId: 1001 }],
  });
  const trend = page.getByTestId('trend');
  await expect(trend).toHaveAttribute('data-loading', 'false');
  // 90 days are more hours than the plot has pixels: hour rollups, standing for every reading.
  const readings = seeded.times.filter((t) => t >= from && t < end).length;
  await expect(page.getByTestId('trend-count')).toContainText(readings.toLocaleString());
  await trend.locator('[data-flag="extremes"]').check();
  await expect(page.getByTestId('trend-stats').locator('[data-stat="max"]').first()).toContainText(`${SPIKE.toFixed(2)}`);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/history-rollups-bright-zh_cn.png` });
  // A drag over the last tenth of the plot, out past its right edge (uPlot snaps the selection to the
  // edge, so the spike at the last reading is inside): the worker asks for that range again, finer.
  const box = (await trend.locator('.u-over').boundingBox())!;
  const zoom = page.waitForRequest((r) => r.url().endsWith('/wisdompower/v1/history/series'));
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.99, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + box.width + 30, box.y + box.height / 2, { steps: 2 });
  await page.mouse.up();
  const asked = (await zoom).postDataJSON() as { startTime: number; endTime: number };
  expect(asked.endTime - asked.startTime).toBeLessThan(10 * 86_400_000);
  await expect(trend.getByRole('button', { name: '还原' })).toBeVisible();
  // the zoomed range's readings themselves: the spike at its own time, not at its hour's start
  // the screen writes times in the project's zone, whatever the browser's or this process's
  const hhmm = formatIn(seeded.spikeAt, 'HH:mm', DEFAULT_TIME_ZONE);
  await expect(page.getByTestId('trend-stats').locator('[data-stat="max"]').first()).toContainText(`${SPIKE.toFixed(2)}`);
  await expect(page.getByTestId('trend-stats').locator('[data-stat="max"]').first()).toContainText(hhmm);
});
