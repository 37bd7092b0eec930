import { test, expect, type Locator, type Page } from './fixtures';
import { SCREENSHOT_DIR, signIn } from './helpers';

/** Issue 15 item 6: tables that operators expect. */

const columnTexts = async (table: Locator, index: number) =>
  (await table.locator(`tbody tr td:nth-child(${index + 1})`).allInnerTexts()).map((s) => s.trim());
const collator = new Intl.Collator(['zh-CN', 'en'], { numeric: true, sensitivity: 'base' });

async function asZhangsan(page: Page) {
  await signIn(page, 'zhangsan', '/home');
}

test('a table holding all its rows sorts by any column header: ascending, descending, then as loaded', async ({ page }) => {
  await asZhangsan(page);
  await page.goto('/#/usermanage');
  const table = page.getByTestId('user-table');
  await expect(table.locator('tbody tr').filter({ hasText: 'lisi' })).toBeVisible();
  const header = table.getByRole('columnheader', { name: /用户名/ });
  const index = await header.evaluate((th) => (th as HTMLTableCellElement).cellIndex);
  const loaded = await columnTexts(table, index);
  await expect(header).toHaveAttribute('aria-sort', 'none');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  expect(await columnTexts(table, index)).toEqual([...loaded].sort(collator.compare));
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  expect(await columnTexts(table, index)).toEqual([...loaded].sort(collator.compare).reverse());
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'none');
  expect(await columnTexts(table, index)).toEqual(loaded);
});

test('the device table asks the server for its order (spec §7 orders) and shows the whole set in it', async ({ page }) => {
  await asZhangsan(page);
  await page.goto('/#/deviceManager');
  const table = page.getByTestId('device-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const header = table.getByRole('columnheader', { name: /设备编号/ });
  const index = await header.evaluate((th) => (th as HTMLTableCellElement).cellIndex);
  const asked = page.waitForRequest((r) => r.url().includes('/account/node/list') && r.postData()?.includes('orders') === true);
  await header.getByRole('button').click();
  expect((await asked).postDataJSON()).toMatchObject({ orders: [{ propertyLabel: 'code', orderType: 'asc' }] });
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const desc = page.waitForResponse((r) => r.url().includes('/account/node/list') && r.request().postData()?.includes('"desc"') === true);
  await header.getByRole('button').click();
  await desc;
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  // The answer has arrived; its rows replace the ascending ones at the render after it: wait for them.
  const descending = (codes: string[]) => codes.length > 3 && codes.join() === [...codes].sort().reverse().join();
  await expect.poll(async () => descending(await columnTexts(table, index))).toBe(true);
  // a column the server cannot order by has no sort button
  await expect(table.getByRole('columnheader').filter({ has: page.getByRole('button') })).not.toHaveCount(0);
});

test('the event table sorts on the server by level, newest first within a level', async ({ page }) => {
  await asZhangsan(page);
  await page.goto('/#/alarmEvent');
  const table = page.getByTestId('event-table');
  const header = table.getByRole('columnheader', { name: /事件等级/ });
  await expect(header).toHaveAttribute('aria-sort', 'none');
  const asked = page.waitForRequest((r) => r.url().includes('/event/list') && r.postData()?.includes('peceventlevel') === true);
  await header.getByRole('button').click();
  expect((await asked).postDataJSON().orders).toEqual([
    { propertyLabel: 'peceventlevel', orderType: 'asc' },
    { propertyLabel: 'eventtime', orderType: 'desc' },
  ]);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  // the project and device columns are not orderable by the event query
  await expect(table.getByRole('columnheader', { name: '项目', exact: true }).getByRole('button')).toHaveCount(0);
});

test('a delete question names what it deletes: one row by name, several by count and names, in both languages', async ({ page }) => {
  await asZhangsan(page);
  await page.goto('/#/deviceManager');
  const table = page.getByTestId('device-table');
  const first = table.locator('tbody tr').first();
  await expect(first).toBeVisible();
  const nameOf = async (row: Locator) => (await row.locator('td').nth(1).innerText()).trim();
  const a = await nameOf(first);
  await first.click();
  await table.getByRole('button', { name: '删除' }).click();
  const dialog = page.getByRole('dialog', { name: '提示' });
  await expect(dialog).toContainText(`确定要删除设备 “${a}” 吗？`);
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toHaveCount(0);

  const second = table.locator('tbody tr').nth(1);
  const b = await nameOf(second);
  await second.getByRole('checkbox').check();
  await table.getByRole('button', { name: '删除' }).click();
  await expect(dialog).toContainText(`确定要删除以下 2 个设备吗？“${a}”、“${b}”`);
  await dialog.getByRole('button', { name: '取消' }).click();

  await page.getByTestId('lang-toggle').click();
  await table.getByRole('button', { name: 'Delete' }).click();
  const en = page.getByRole('dialog');
  await expect(en).toContainText(`Delete these 2 device entries? “${a}”, “${b}”`);
  await en.getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('lang-toggle').click();
});

for (const lang of ['zh_cn', 'en'] as const) {
  test(`the event table at 1366 keeps its time, device, type, level, confirmation and action columns in view (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.addInitScript((l) => localStorage.setItem('vg.lang', l), lang);
    await signIn(page, 'lisi', '/alarmEvent');
    const table = page.getByTestId('event-table');
    const names =
      lang === 'zh_cn'
        ? ['发生时间', '设备', '事件类型', '事件等级', '确认状态', '操作']
        : ['Time', 'Device', 'Event type', 'Level', 'Confirmation', 'Action'];
    for (const name of names) {
      const box = (await table.locator(`thead th[title="${name}"]`).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(1366);
    }
    await page.screenshot({ path: `${SCREENSHOT_DIR}/event-table-1366-${lang}.png` });
  });
}

test('列设置: a column chosen stays chosen after a reload, 恢复默认 gives the choice back to the width', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'lisi', '/alarmEvent');
  const table = page.getByTestId('event-table');
  await expect(table.locator('thead th[title=项目]')).toHaveCount(0);
  await page.getByTestId('column-chooser').click();
  await page.locator('input[name=column-project]').check();
  await expect(table.locator('thead th[title=项目]')).toHaveCount(1);
  await page.reload();
  await expect(table.locator('thead th[title=项目]')).toHaveCount(1);
  // the 操作 column stays in view even with more columns than fit
  const action = (await table.locator('thead th[title=操作]').boundingBox())!;
  expect(action.x + action.width).toBeLessThanOrEqual(1366);
  await page.getByTestId('column-chooser').click();
  await page.getByRole('button', { name: '恢复默认（按屏幕宽度）' }).click();
  await expect(table.locator('thead th[title=项目]')).toHaveCount(0);
});
