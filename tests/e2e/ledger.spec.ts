import { test, expect, type Page } from './fixtures';
import { E2E_LIVE_URL } from '../../playwright.config';
import { expectPath, loginViaForm, SCREENSHOT_DIR, signIn } from './helpers';
import { expectToast, selectRow, unique } from './info-helpers';

/** Issue 7 /deviceManager: build a small hierarchy, add a custom column, set a threshold, see it in the log. */

async function pickInTree(page: Page, label: string) {
  const tree = page.getByTestId('ledger-tree');
  await tree.getByRole('searchbox').fill(label);
  await tree.getByRole('treeitem').filter({ hasText: label }).first().getByTitle(label, { exact: false }).first().click();
  await expect(page.getByTestId('selected-node')).toContainText(label);
}

async function saveNode(page: Page, fields: Record<string, string>) {
  const form = page.getByTestId('node-form');
  for (const [name, value] of Object.entries(fields)) await form.locator(`input[name=${name}]`).fill(value);
  await form.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '保存成功!');
  await expect(form).toHaveCount(0);
}

// The ledger spec adds and removes projects: it runs on the live server so the fixed totals
// the monitoring specs check on the quiet one stay true.
test.use({ baseURL: E2E_LIVE_URL });

test('root builds province → terminal, adds a custom column and a threshold; the operation log shows each write', async ({ page }) => {
  const tag = unique('');
  const names = {
    province: `测试省${tag}`,
    city: `测试市${tag}`,
    district: `测试区${tag}`,
    project: `测试项目${tag}`,
    terminal: `测试终端${tag}`,
  };
  const code = `E2E-${tag}`;
  await loginViaForm(page, 'root');
  await expect.poll(() => page.url()).not.toContain('login');
  await page.goto('/#/deviceManager');
  await expectPath(page, '/deviceManager');

  await page.getByRole('button', { name: '新建省' }).click();
  await saveNode(page, { name: names.province });
  await pickInTree(page, names.province);
  await page.getByTestId('node-panel').getByRole('button', { name: '新建市' }).click();
  await saveNode(page, { name: names.city });
  await pickInTree(page, names.city);
  await page.getByTestId('node-panel').getByRole('button', { name: '新建区县' }).click();
  await saveNode(page, { name: names.district });
  await pickInTree(page, names.district);
  await page.getByTestId('node-panel').getByRole('button', { name: '新建项目' }).click();
  // The §5 phone rule applies to the project's contact phone.
  await page.getByTestId('node-form').locator('input[name=name]').fill(names.project);
  await page.getByTestId('node-form').locator('input[name=contactphone]').fill('12345');
  await page.getByTestId('node-form').getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('node-form').getByRole('alert')).toHaveText('请输入正确的手机号或固定电话');
  // a bound zod words itself is said in the form's language, never zod's English ("Too big: …")
  await page.getByTestId('node-form').locator('input[name=contactphone]').fill('010-88888888-123');
  await page.getByTestId('node-form').locator('input[name=longitude]').fill('200');
  await page.getByTestId('node-form').getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('node-form').getByRole('alert')).toHaveText('不能大于 180');
  await saveNode(page, { longitude: '104.06' });

  // A custom column of the terminal level.
  await page.getByRole('button', { name: '自定义列·设备' }).click();
  const props = page.getByRole('dialog');
  await props.getByRole('button', { name: '添加列' }).click();
  await props.locator('input[name=propertyalias]').last().fill(`负责人${tag}`);
  await props.locator('input[name=propertylabel]').last().fill(`owner${tag}`);
  await props.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '保存成功!');

  await pickInTree(page, names.project);
  await page.getByTestId('node-panel').getByRole('button', { name: '新建设备' }).click();
  await saveNode(page, { name: names.terminal, code, location: '1号配电箱', [`x_owner${tag}`]: '王工' });
  const table = page.getByTestId('device-table');
  await expect(table.locator('thead')).toContainText(`负责人${tag}`);
  await expect(table.locator('tbody tr').filter({ hasText: code })).toContainText('王工');
  // a cleared custom column is sent as null, as the spec sends every empty field
  await pickInTree(page, names.terminal);
  await page.getByTestId('node-panel').getByRole('button', { name: '编辑节点' }).click();
  await page.getByTestId('node-form').locator(`input[name=x_owner${tag}]`).fill('');
  const sent = page.waitForRequest(
    (r) => r.method() !== 'GET' && r.url().includes('/account/node') && (r.postData() ?? '').includes(`owner${tag}`),
  );
  await page.getByTestId('node-form').getByRole('button', { name: '保存' }).click();
  expect(JSON.stringify((await sent).postDataJSON())).toContain(`"owner${tag}":null`);
  await expectToast(page, '保存成功!');
  await pickInTree(page, names.project);
  await expect(table.locator('tbody tr').filter({ hasText: code })).not.toContainText('王工');

  // A threshold on that terminal.
  await selectRow(page, 'device-table', code);
  await table.getByRole('button', { name: '阈值设置' }).click();
  const thresholds = page.getByTestId('threshold-table');
  await thresholds.locator('input[name=alarm-1001]').fill('250');
  await thresholds.locator('input[name=warn-1001]').fill('200');
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  await expectToast(page, '保存成功!');
  await selectRow(page, 'device-table', code);
  await table.getByRole('button', { name: '阈值设置' }).click();
  await expect(page.getByTestId('threshold-table').locator('input[name=alarm-1001]')).toHaveValue('250');
  await page.keyboard.press('Escape');

  // Deleting the province asks and says what goes with it; cancelling keeps everything.
  await pickInTree(page, names.province);
  await page.getByTestId('node-panel').getByRole('button', { name: '删除节点' }).click();
  await expect(page.getByTestId('delete-explain')).toContainText('1 个市、1 个区县、1 个项目、1 个设备');
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
  await expectToast(page, '取消删除！');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/ledger-built-bright-zh_cn.png` });
  // Confirmed, the whole branch goes.
  await page.getByTestId('node-panel').getByRole('button', { name: '删除节点' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expectToast(page, '删除成功!');
  await page.getByTestId('ledger-tree').getByRole('searchbox').fill(tag);
  await expect(page.getByTestId('ledger-tree').getByRole('treeitem')).toHaveCount(0);

  await page.goto('/#/log');
  const log = page.getByTestId('log-table');
  for (const [kind, subject] of [
    // subjects read as words (issue 15) and by name (issue 30): 省 测试省…, 设备 测试终端…
    ['新建台账节点', `省 ${names.province}`],
    ['新建台账节点', `设备 ${names.terminal}`],
    ['新建自定义属性', /自定义属性 \S+/],
    ['保存阈值', /设备 \S+/],
    ['删除台账节点', `省 ${names.province}`],
  ]) {
    await expect(log.locator('tbody tr').filter({ hasText: kind }).filter({ hasText: subject }).first()).toBeVisible();
  }
});

test('a project user sees only their tenant and has no region buttons', async ({ page }) => {
  await signIn(page, 'wangwu', '/deviceManager');
  const tree = page.getByTestId('ledger-tree');
  await tree.getByRole('searchbox').fill('广场');
  await expect(tree.getByRole('treeitem').filter({ hasText: '西湖文化广场' })).toHaveCount(0);
  await tree.getByRole('searchbox').fill('武侯购物中心');
  await expect(tree.getByRole('treeitem').filter({ hasText: '武侯购物中心' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: '新建省' })).toHaveCount(0);
  await expect(page.getByTestId('device-table').getByTestId('pagination')).toContainText('共 16 条');
});
