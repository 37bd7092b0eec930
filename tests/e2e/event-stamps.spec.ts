import { test, expect, type Page } from './fixtures';
import ExcelJS from 'exceljs';
import { apiToken, expectPath, listEvents, loginViaForm, logoutViaMenu, SCREENSHOT_DIR, signIn } from './helpers';
import { expectToast } from './info-helpers';
import { ingest, openMoreFilters, terminalsOf, type Terminal } from './alarm-event-helpers';

/**
 * Issue 15: a remark added to a confirmed event keeps its confirmation stamp. wangwu (tenant B)
 * confirms, root adds a remark; the list and the export show both stamps with their own authors and
 * times. And a filter of one value sends IN, the spec §7 form for customtype and peceventlevel.
 */
test.describe.configure({ mode: 'serial' });

let terminal: Terminal;
let eventId: string;

const rowOf = (page: Page) => page.getByTestId('event-table').locator(`tr[data-event-id="${eventId}"]`);

test.beforeAll(async ({ request }) => {
  // A terminal of tenant B no other spec on the quiet server raises an alarm on; not 39 or 40, which
  // wall-screenshots.spec.ts keeps silent (its stale tiles).
  terminal = (await terminalsOf(request, 'wangwu')).find((t) => t.id === 30)!;
  await ingest(request, terminal, Date.now(), [{ dataId: 1001, value: 420 }]);
  const token = await apiToken(request, 'wangwu');
  const [first] = await listEvents<{ id: number }>(request, token, [{ prop: 'deviceid', operator: 'IN', limit: [terminal.id] }], 1);
  eventId = String(first!.id);
});

test('a remark keeps the confirmation stamp: separate authors and times, in the list and the export', async ({ page }) => {
  await signIn(page, 'wangwu', '/alarmEvent');
  await rowOf(page).click();
  await page.getByRole('button', { name: '确认', exact: true }).click();
  await expectToast(page, '确认成功');
  await expect(rowOf(page).locator('td[data-col=operator]')).toHaveText('wangwu');
  const confirmedAt = (await rowOf(page).locator('td[data-col=updatetime]').textContent())!;
  expect(confirmedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(rowOf(page).locator('td[data-col=remarkoperator]')).toHaveText('--');
  await logoutViaMenu(page);

  // Another user adds a remark a little later (the clock moves on: the remark's time is its own).
  await loginViaForm(page, 'root');
  await expectPath(page, '/platform/monitor');
  await page.goto('/#/alarmEvent');
  await rowOf(page).click();
  await page.getByRole('button', { name: '添加备注' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('textarea[name=remark]').fill('复核：漏电点已排除');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '保存成功!');
  await expect(rowOf(page).locator('td[data-col=remark]')).toHaveText('复核：漏电点已排除');
  await expect(rowOf(page).locator('td[data-col=remarkoperator]')).toHaveText('root');
  await expect(rowOf(page).locator('td[data-col=remarktime]')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  // The confirmation stamp is untouched.
  await expect(rowOf(page).locator('td[data-col=operator]')).toHaveText('wangwu');
  await expect(rowOf(page).locator('td[data-col=updatetime]')).toHaveText(confirmedAt);
  await expect(rowOf(page).locator('td[data-confirm]')).toHaveText('已确认');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/event-stamps-bright-zh.png` });

  // The export carries both stamps under their own headers.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await (await download).path());
  const ws = wb.worksheets[0]!;
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const col = (h: string) => headers.indexOf(h) + 1;
  for (const h of ['确认人', '确认时间', '备注', '备注人', '备注时间']) expect(headers).toContain(h);
  let found = false;
  ws.eachRow((r, n) => {
    if (n === 1 || r.getCell(col('设备编号')).value !== terminal.code) return;
    found = true;
    expect(r.getCell(col('确认人')).value).toBe('wangwu');
    expect(r.getCell(col('确认时间')).value).toBe(confirmedAt);
    expect(r.getCell(col('备注')).value).toBe('复核：漏电点已排除');
    expect(r.getCell(col('备注人')).value).toBe('root');
    expect(String(r.getCell(col('备注时间')).value)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
  expect(found).toBe(true);
});

test('a filter of one value sends IN (spec §7: customtype IN, peceventlevel IN)', async ({ page }) => {
  await signIn(page, 'wangwu', '/alarmEvent');
  await expect(rowOf(page)).toBeVisible();
  type Body = { rootCondition?: { filter?: { expressions?: { prop: string; operator: string; limit: unknown }[] } } };
  const exprs = (b: Body) => b.rootCondition?.filter?.expressions ?? [];
  // The list request the click makes: the first one carrying the chosen filter.
  const sent = async (prop: string, click: () => Promise<void>) => {
    const req = page.waitForRequest(
      (r) => r.url().includes('/wisdompower/v1/event/list') && exprs((r.postDataJSON() ?? {}) as Body).some((e) => e.prop === prop),
    );
    await click();
    return exprs((await req).postDataJSON() as Body).find((e) => e.prop === prop);
  };
  await openMoreFilters(page);
  expect(await sent('customtype', () => page.getByTestId('filter-type').getByRole('button', { name: '剩余电流' }).click())).toEqual({
    prop: 'customtype',
    operator: 'IN',
    limit: [1],
  });
  expect(await sent('peceventlevel', () => page.getByTestId('filter-level').getByRole('button', { name: '报警' }).click())).toEqual({
    prop: 'peceventlevel',
    operator: 'IN',
    limit: [2],
  });
  expect(await sent('confirmeventstatus', () => page.getByTestId('filter-confirm').getByRole('radio', { name: '已确认' }).click())).toEqual(
    { prop: 'confirmeventstatus', operator: 'IN', limit: [3] },
  );
  // The server answers the IN form: the confirmed residual-current alarm is listed.
  await expect(rowOf(page)).toBeVisible();
});

test('the operation log names what was done and filters by it', async ({ page }) => {
  await signIn(page, 'wangwu', '/log');
  const table = page.getByTestId('log-table');
  // The subject names the event (issue 30: 事件 剩余电流 <time> <device>), never the raw key peceventextend:<id>.
  const mine = table.locator('tbody tr').filter({ hasText: '事件 剩余电流' }).filter({ hasText: terminal.name });
  // Both writes on the event, by name, never by their raw keys.
  await expect(mine.filter({ hasText: '确认事件' })).toHaveCount(1);
  await expect(mine.filter({ hasText: '事件备注' })).toHaveCount(1);
  await expect(table).not.toContainText('alarm.confirmed');
  await expect(table).not.toContainText('alarm.remarked');
  await expect(table).not.toContainText('peceventextend:');

  // Filter by one action: only confirmations are left.
  const kind = page.locator('select[name=kind]');
  await expect(kind.locator('option', { hasText: '确认事件' })).toHaveCount(1);
  await kind.selectOption({ label: '\u00a0\u00a0确认事件' });
  await page.getByRole('button', { name: '查询' }).click();
  await expect(mine).toHaveCount(1);
  const kinds = await table.locator('tbody tr td:nth-child(4)').allTextContents();
  expect(kinds.length).toBeGreaterThan(0);
  expect(new Set(kinds)).toEqual(new Set(['确认事件']));
  // The whole family: the alarm raised, confirmed and remarked.
  await kind.selectOption({ label: '告警事件 · 全部' });
  await page.getByRole('button', { name: '查询' }).click();
  await expect(mine).toHaveCount(3);
  await expect(mine.filter({ hasText: '告警产生' })).toHaveCount(1);

  // In English the same rows read in English.
  await page.getByTestId('lang-toggle').click();
  const mineEn = table.locator('tbody tr').filter({ hasText: 'Event Residual current' }).filter({ hasText: terminal.name });
  await expect(mineEn.filter({ hasText: 'Confirm event' })).toHaveCount(1);
  await expect(mineEn.filter({ hasText: 'Remark on event' })).toHaveCount(1);
  await page.getByTestId('lang-toggle').click();
});
