import { test, expect, type APIRequestContext, type Page } from './fixtures';
import { apiToken, SCREENSHOT_DIR, signIn } from './helpers';
import { openIn, sharedPage } from './sharedPage';
import { DEFAULT_TIME_ZONE, wallTime, zoned } from '../../domain/timeZone';

/**
 * /analysisReport: a month of alarms created through the real ingest path last month (its own data,
 * on 西湖文化广场's last two terminals), one confirmed through event/save; the screen's figures,
 * conclusion, confirmation, downloads and print; and what happens when the report cannot load.
 */
// The report's months are the project zone's (Asia/Shanghai), not this runner's: from 16:00 UTC on a
// month's last day the project is already in the next month, and its last month is this runner's current one.
const now = zoned(Date.now(), DEFAULT_TIME_ZONE);
const lastMonth = (day: number, hour: number) => wallTime(DEFAULT_TIME_ZONE, now.getFullYear(), now.getMonth() - 1, day, hour);

async function createMonth(request: APIRequestContext) {
  const root = await apiToken(request, 'root');
  const headers = { Authorization: `Bearer ${root}` };
  const tree = await (await request.get('/devicedata/api/comm/v1/device/tree', { headers })).json();
  const terminals: number[] = [];
  const walk = (n: { modelLabel: string; name: string; id: number; children?: unknown[] }, inside: boolean) => {
    const here = inside || (n.modelLabel === 'project' && n.name === '西湖文化广场');
    if (here && n.modelLabel === 'terminal') terminals.push(n.id);
    for (const c of (n.children ?? []) as (typeof n)[]) walk(c, here);
  };
  for (const n of tree.data) walk(n, false);
  const [a, b] = terminals.slice(-2) as [number, number];
  // A worker restarted after a failure runs beforeAll again: the month is made once.
  const zt = await apiToken(request, 'zhangsan');
  const existing = await (
    await request.post('/wisdompower/v1/event/list', {
      headers: { Authorization: `Bearer ${zt}` },
      data: {
        rootLabel: 'peceventextend',
        rootCondition: { filter: { expressions: [{ prop: 'deviceid', operator: 'EQ', limit: a }] }, page: { index: 0, limit: 1000 } },
      },
    })
  ).json();
  if (existing.data.some((e: { deviceid: number; eventtime: number }) => e.deviceid === a && e.eventtime === lastMonth(3, 10))) return;
  const ingest = async (device: number, time: number, dataId: number, value: number) => {
    const key = (await (await request.get(`/devicedata/api/comm/v1/device/${device}/key`, { headers })).json()).data;
    const res = await request.post('/devicedata/api/comm/v1/ingest', {
      headers: { 'X-Device-Key': key.key },
      data: { device: key.code, time, values: [{ dataId, value }] },
    });
    expect((await res.json()).code).toBe(0);
  };
  // Three residual-current alarms, each ended by two low readings, and a temperature early warning.
  for (const day of [3, 10, 17]) {
    await ingest(a, lastMonth(day, 10), 1001, 400);
    await ingest(a, lastMonth(day, 10) + 60_000, 1001, 10);
    await ingest(a, lastMonth(day, 10) + 120_000, 1001, 10);
  }
  await ingest(b, lastMonth(5, 8), 1101, 60);
  const zhangsan = await apiToken(request, 'zhangsan');
  const list = await (
    await request.post('/wisdompower/v1/event/list', {
      headers: { Authorization: `Bearer ${zhangsan}` },
      data: {
        rootLabel: 'peceventextend',
        rootCondition: { filter: { expressions: [{ prop: 'deviceid', operator: 'EQ', limit: a }] }, page: { index: 0, limit: 1000 } },
      },
    })
  ).json();
  const first = list.data.find((e: { deviceid: number; eventtime: number }) => e.deviceid === a && e.eventtime === lastMonth(3, 10));
  const saved = await request.post('/wisdompower/v1/event/save', {
    headers: { Authorization: `Bearer ${zhangsan}` },
    data: [{ id: first.id, confirmeventstatus: 3 }],
  });
  expect((await saved.json()).code).toBe(0);
}

test.beforeAll(async ({ request }) => createMonth(request));

async function openLastMonth(page: Page) {
  await signIn(page, 'zhangsan', '/analysisReport');
  await showLastMonth(page, 'zh_cn');
}

/** The report, loaded in `lang`, turned to last month (the seeded alarms' month). */
async function showLastMonth(page: Page, lang: 'zh_cn' | 'en') {
  await expect(page.getByTestId('report-overview')).toBeVisible();
  await page
    .getByTestId('analysis-report')
    .getByRole('button', { name: lang === 'en' ? 'Previous' : '上一' })
    .first()
    .click();
  await expect(page.getByTestId('kpi-total-value')).toHaveText('4');
}

test('report: last month’s figures, conclusion, downloads, print and confirmation', async ({ page }) => {
  await openLastMonth(page);
  await expect(page.getByTestId('report-conclusion')).toContainText('西湖文化广场的剩余电流报警 3 起，上期无此类报警');
  await expect(page.getByTestId('kpi-unconfirmed-value')).toHaveText('3');
  await expect(page.getByTestId('node-bars').locator('li').first()).toContainText('西湖文化广场');
  await expect(page.getByTestId('time-columns').locator('rect')).not.toHaveCount(0);

  // Scope from the tree: another project of the tenant has none of these alarms.
  await page.getByTestId('report-tree').getByTitle('滨江科技园').click();
  await expect(page.getByTestId('report-heading')).toContainText('滨江科技园');
  await expect(page.getByTestId('kpi-total-value')).toHaveText('0');
  await page.getByTestId('report-tree').getByTitle('西湖文化广场').click();
  await expect(page.getByTestId('kpi-total-value')).toHaveText('4');

  const excel = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出Excel' }).click();
  expect((await excel).suggestedFilename()).toBe('表格导出.xlsx');
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出PDF' }).click();
  const pdfFile = await pdf;
  expect(pdfFile.suggestedFilename()).toBe('智慧安全用电运行评估报告.pdf');
  await pdfFile.saveAs('test-results/report-e2e.pdf');

  await page.getByRole('button', { name: '打印' }).click();
  const frame = page.frameLocator('iframe[data-testid="report-print-frame"]');
  await expect(frame.locator('h1')).toHaveText('智慧安全用电运行评估报告');
  await expect(frame.locator('svg')).toHaveCount(5);

  await expect(page.getByTestId('affirm-status')).toHaveText('本期报告未确认');
  await page.getByRole('button', { name: '确认报告' }).click();
  await expect(page.getByTestId('affirm-status')).toContainText('已由 zhangsan 于');
  await expect(page.getByRole('button', { name: '确认报告' })).toBeDisabled();
});

test('report: a failed load shows an error with retry, and retry recovers', async ({ page }) => {
  await openLastMonth(page);
  await page.route('**/wisdompower/v1/overview?**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ code: 5000, msg: '服务器内部错误，请稍后再试', data: null }),
    }),
  );
  await page.getByTestId('report-tree').getByTitle('西湖文化广场').click();
  await expect(page.getByTestId('report-error')).toBeVisible();
  // the reason in place, with 重试 (and once as a toast)
  await expect(page.getByTestId('report-error').getByTestId('load-error-reason')).toHaveText('服务器内部错误，请稍后再试');
  await page.unroute('**/wisdompower/v1/overview?**');
  await page.getByTestId('report-error').getByRole('button', { name: '重试' }).click();
  await expect(page.getByTestId('kpi-total-value')).toHaveText('4');
});

test.describe('the report in both languages and themes', () => {
  const shared = sharedPage({ user: 'zhangsan' });

  for (const [lang, theme] of [
    ['zh_cn', 'bright'],
    ['en', 'dark'],
    ['zh_cn', 'dark'],
    ['en', 'bright'],
  ] as const) {
    test(`report screenshot, ${lang} ${theme}`, async () => {
      const page = shared();
      await openIn(page, '/#/analysisReport', { lang, theme });
      await showLastMonth(page, lang);
      await expect(page.getByTestId('loading-bar')).toHaveCount(0);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/report-${theme}-${lang}.png` });
      await page.getByTestId('report-confirmation').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/report-lower-${theme}-${lang}.png` });
    });
  }
});
