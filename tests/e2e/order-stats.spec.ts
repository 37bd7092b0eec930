import { test, expect, type Browser, type Page } from './fixtures';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, ServerProcess } from '../server/serverProcess';
import { seriousViolations } from './axe';
import { expectPath, loginViaForm, SCREENSHOT_DIR } from './helpers';
import { DEFAULT_TIME_ZONE, formatIn } from '../../domain/timeZone';

/**
 * 处置统计 (issue 29 item 4) end to end on a server of its own: four residual-current alarms raised
 * through the ingest path on two devices of 西湖文化广场 (three on the first: a repeated device),
 * confirmed by zhangsan; lisi gets three orders: one closed as 误报, one as 过载, one left pending.
 * The screen's figures, its filters (operator, project, the repeated-alarm threshold), the export read
 * back with exceljs, a failed load with 重试, the report's 处置 section, and screenshots in both
 * languages and themes at 1366×768 and 1920×1080.
 */
const STATIC_DIR = process.env.E2E_STATIC_DIR ?? path.join(ROOT, 'dist');

interface TreeNode {
  id: number;
  name: string;
  modelLabel: string;
  children?: TreeNode[];
}

async function seed(server: ServerProcess) {
  const root = await server.login('root');
  const zhangsan = await server.login('zhangsan');
  const lisi = await server.login('lisi');
  const terminals: TreeNode[] = [];
  const walk = (n: TreeNode, inside: boolean) => {
    const here = inside || (n.modelLabel === 'project' && n.name === '西湖文化广场');
    if (here && n.modelLabel === 'terminal') terminals.push(n);
    for (const c of n.children ?? []) walk(c, here);
  };
  for (const n of await server.call<TreeNode[]>('GET', '/devicedata/api/comm/v1/device/tree', zhangsan.token)) walk(n, false);
  const [a, b] = terminals as [TreeNode, TreeNode];
  // Minutes ago, so the alarms are in this month's figures (unless the month began in the last minutes).
  let stamp = Date.now() - 5 * 60_000;
  const episode = async (device: TreeNode) => {
    const key = await server.call<{ code: string; key: string }>('GET', `/devicedata/api/comm/v1/device/${device.id}/key`, root.token);
    for (const value of [400, 10, 10]) {
      stamp += 5_000;
      await server.call(
        'POST',
        '/devicedata/api/comm/v1/ingest',
        null,
        { device: key.code, time: stamp, values: [{ dataId: 1001, value }] },
        {
          'x-device-key': key.key,
        },
      );
    }
  };
  for (const d of [a, a, a, b]) await episode(d);
  const events = (
    await server.call<{ id: number; deviceid: number; eventtime: number }[]>('POST', '/wisdompower/v1/event/list', zhangsan.token, {
      rootLabel: 'peceventextend',
      rootCondition: { page: { index: 0, limit: 100 } },
    })
  ).sort((x, y) => x.eventtime - y.eventtime);
  expect(events.map((e) => e.deviceid)).toEqual([a.id, a.id, a.id, b.id]);
  await server.call(
    'POST',
    '/wisdompower/v1/event/save',
    zhangsan.token,
    events.map((e) => ({ id: e.id, confirmeventstatus: 3 })),
  );
  const order = async (eventIds: number[], cause: string | null) => {
    const { id } = await server.call<{ id: number }>('POST', '/workorder/v1/order', zhangsan.token, { eventIds, assigneeId: lisi.userId });
    if (cause === null) return;
    const step = (token: string, body: object) => server.call('POST', `/workorder/v1/order/${id}/transition`, token, body);
    await step(lisi.token, { action: 'accept' });
    await step(lisi.token, { action: 'resolve', cause, measures: '现场复位' });
    await step(zhangsan.token, { action: 'approve' });
  };
  await order([events[0]!.id, events[1]!.id], '误报');
  await order([events[2]!.id], '过载');
  await order([events[3]!.id], null);
  return { deviceA: a.name, token: zhangsan.token };
}

async function open(browser: Browser, server: ServerProcess, size: { width: number; height: number }, lang = 'zh_cn', theme = 'bright') {
  const context = await browser.newContext({ baseURL: server.url, viewport: size });
  const page = await context.newPage();
  await page.addInitScript(
    ([l, th]) => {
      localStorage.setItem('vg.lang', l!);
      localStorage.setItem('vg.theme', th!);
    },
    [lang, theme],
  );
  await loginViaForm(page, 'zhangsan', server.passwords.demo);
  await expectPath(page, '/home');
  await page.goto(`${server.url}/#/orderStats`);
  await expect(page.getByTestId('stats-headline')).toBeVisible();
  return page;
}

const value = (page: Page, id: string) => page.getByTestId(`${id}-value`);

test('处置统计: figures, filters, export, a failed load, the report section; screenshots', async ({ browser }) => {
  test.setTimeout(180_000);
  const server = await ServerProcess.create({ env: { STATIC_DIR, ESCALATION_CHECK_S: '0' } });
  await server.start();
  try {
    const { deviceA, token } = await seed(server);
    const page = await open(browser, server, { width: 1366, height: 768 });
    await expect(page.locator('[data-menu-item="/orderStats"]')).toHaveText('处置统计');

    // 4 alarms, 3 orders, 2 closed, 1 of 2 causes 误报; device A repeats (3 residual-current alarms)
    await expect(value(page, 'stats-alarms')).toHaveText('4');
    await expect(value(page, 'stats-orders')).toHaveText('3');
    await expect(page.getByTestId('stats-orders')).toContainText('已关闭 2');
    await expect(value(page, 'stats-overdue')).toHaveText('0');
    await expect(value(page, 'stats-false')).toHaveText('50%');
    for (const chart of ['stats-trend-chart', 'stats-false-type-chart', 'stats-repeated-chart'])
      await expect(page.getByTestId(chart).locator('canvas')).toHaveCount(1);
    await expect(page.getByTestId('stats-trend-chart')).toContainText('MTTA 中位数');
    const repeated = page.getByTestId('stats-repeated-table');
    await expect(repeated.locator('tbody tr')).toHaveCount(1);
    await expect(repeated.locator('tbody tr')).toContainText(deviceA);
    await expect(repeated.locator('tbody tr')).toContainText('剩余电流');
    // lisi (the three orders) and zhangsan (the four confirmations)
    const operators = page.getByTestId('stats-operator-table').locator('tbody tr');
    await expect(operators).toHaveCount(2);
    await expect(operators.filter({ hasText: 'lisi' })).toContainText('3');
    await expect(operators.filter({ hasText: 'zhangsan' })).toContainText('4');
    // the page fits the screen's width; the filters and charts stay inside it
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(1366);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/order-stats-bright-zh_cn-1366.png` });
    // no serious or critical axe violation (labels of the filters, contrast of the tiles and tables)
    expect(await seriousViolations(page, '/orderStats')).toEqual([]);

    // operator: lisi confirmed nothing and holds the three orders; zhangsan confirmed the four
    await page.locator('select[name=operatorId]').selectOption({ label: 'lisi' });
    await expect(value(page, 'stats-alarms')).toHaveText('0');
    await expect(value(page, 'stats-orders')).toHaveText('3');
    await page.locator('select[name=operatorId]').selectOption({ label: 'zhangsan' });
    await expect(value(page, 'stats-orders')).toHaveText('0');
    await expect(value(page, 'stats-alarms')).toHaveText('4');
    await page.locator('select[name=operatorId]').selectOption('');
    await expect(value(page, 'stats-orders')).toHaveText('3');

    // project: 滨江科技园 has none of it
    await page.locator('select[name=projectId]').selectOption({ label: '滨江科技园' });
    await expect(value(page, 'stats-alarms')).toHaveText('0');
    await page.locator('select[name=projectId]').selectOption({ label: '西湖文化广场' });
    await expect(value(page, 'stats-alarms')).toHaveText('4');

    // the repeated-alarm threshold: at 4, device A's three do not repeat
    await page.locator('input[name=repeatMin]').fill('4');
    await expect(page.getByTestId('stats-repeated-list')).toContainText('同类报警 ≥ 4 次');
    await expect(page.getByTestId('stats-repeated-table')).toHaveCount(0);
    await page.locator('input[name=repeatMin]').fill('3');
    await expect(repeated.locator('tbody tr')).toHaveCount(1);

    // the export: the screen's figures in 表格导出.xlsx
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('表格导出.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ArrayBuffer);
    const overview = wb.getWorksheet('概览')!;
    expect(overview.getRow(3).values).toEqual([undefined, '项目', '西湖文化广场']);
    expect(overview.getRow(5).values).toEqual([undefined, '报警数', 4]);
    expect(overview.getRow(15).values).toEqual([undefined, '误报占比(%)', 50]);
    expect(wb.getWorksheet('重复报警')!.getRow(2).getCell(1).value).toBe(deviceA);

    // the analysis report's 处置 section, with its own conclusion
    await page.goto(`${server.url}/#/analysisReport`);
    const section = page.getByTestId('report-disposal');
    await expect(section.getByTestId('disposal-orders-value')).toHaveText('3');
    await expect(section.getByTestId('disposal-conclusion')).toContainText('填写原因的工单中误报 1 个，占 50%');
    await expect(section.getByTestId('disposal-conclusion')).toContainText(`设备「${deviceA}」剩余电流报警 3 次`);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/report-disposal-bright-zh_cn-1366.png` });
    // the printed report's 八、处置情况 at A4 width (the page the browser prints and the PDF renders)
    const wall = (t: number) => formatIn(t, 'yyyy-MM-dd HH:mm:ss', DEFAULT_TIME_ZONE);
    const query = new URLSearchParams({
      id: '0',
      modelLabel: 'global',
      startTime: wall(Date.now() - 86_400_000),
      endTime: wall(Date.now()),
    });
    const printed = await fetch(`${server.url}/wisdompower/v1/report/html?${query}`, { headers: { authorization: `Bearer ${token}` } });
    const paper = await page.context().newPage();
    await paper.setViewportSize({ width: 794, height: 1123 });
    await paper.setContent(await printed.text());
    const heading = paper.getByRole('heading', { name: '八、处置情况' });
    await expect(heading).toBeVisible();
    await expect(paper.locator('section', { has: heading })).toContainText(`${deviceA}`);
    await paper.locator('section', { has: heading }).screenshot({ path: `${SCREENSHOT_DIR}/report-disposal-print-a4.png` });
    // a failed load: the reason in place with 重试, which recovers
    await page.route('**/workorder/v1/figures?**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ code: 5000, msg: '服务器内部错误，请稍后再试', data: null }),
      }),
    );
    await page.goto(`${server.url}/#/orderStats`);
    await expect(page.getByTestId('stats-error').getByTestId('load-error-reason')).toHaveText('服务器内部错误，请稍后再试');
    await expect(page.getByTestId('stats-headline')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/order-stats-error-1366.png` });
    await page.unroute('**/workorder/v1/figures?**');
    await page.getByTestId('stats-error').getByRole('button', { name: '重试' }).click();
    await expect(value(page, 'stats-alarms')).toHaveText('4');

    await page.context().close();

    // both languages and themes, at the small and the large screen
    for (const [size, lang, theme] of [
      [{ width: 1366, height: 768 }, 'en', 'dark'],
      [{ width: 1920, height: 1080 }, 'zh_cn', 'dark'],
      [{ width: 1920, height: 1080 }, 'en', 'bright'],
    ] as const) {
      const shot = await open(browser, server, size, lang, theme);
      await expect(value(shot, 'stats-alarms')).toHaveText('4');
      await expect(shot.getByTestId('stats-trend-chart').locator('canvas')).toHaveCount(1);
      if (lang === 'en') await expect(shot.getByTestId('stats-false-type')).toContainText('False-alarm share by alarm type');
      await shot.screenshot({ path: `${SCREENSHOT_DIR}/order-stats-${theme}-${lang}-${size.width}.png`, fullPage: true });
      if (lang === 'en') {
        await shot.goto(`${server.url}/#/analysisReport`);
        const en = shot.getByTestId('report-disposal');
        await expect(en.getByTestId('disposal-conclusion')).toContainText('1 order with a recorded cause was a false alarm (50%)');
        await en.scrollIntoViewIfNeeded();
        await shot.screenshot({ path: `${SCREENSHOT_DIR}/report-disposal-${theme}-${lang}-${size.width}.png` });
      }
      await shot.context().close();
    }
  } finally {
    await server.stop();
  }
});
