import { test, expect, type Page } from './fixtures';
import { apiToken, SCREENSHOT_DIR, signIn } from './helpers';
import { openIn, sharedPage } from './sharedPage';

const tag = `${Date.now() % 1_000_000}`;
const TENANT = `运维租户${tag}`;
const PROJECT = `运维项目${tag}`;
const SERVICE = `svc${tag}`;

async function asPlatform(page: Page, lang: 'zh_cn' | 'en' = 'zh_cn', theme: 'bright' | 'dark' = 'bright') {
  await page.addInitScript(
    ([l, th]) => {
      localStorage.setItem('vg.lang', l!);
      localStorage.setItem('vg.theme', th!);
    },
    [lang, theme],
  );
  await signIn(page, 'platform', '/platform/monitor');
}

const row = (page: Page, table: string, text: string) => page.getByTestId(table).locator('tbody tr').filter({ hasText: text });
/** The row with a cell reading exactly `text`: other specs' users on this server may hold it in their names. */
const rowWithCell = (page: Page, table: string, text: string) =>
  page
    .getByTestId(table)
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: text, exact: true }) });

test('platform operate: overview, a new tenant and project, suspend the project; a duplicate tenant is refused', async ({ page }) => {
  await asPlatform(page);
  await page.goto('/#/platform/operate');
  const xihu = row(page, 'project-ops-table', '西湖文化广场');
  await expect(xihu).toContainText('service');
  await expect(xihu).toContainText('浙江省 杭州市 西湖区');
  await expect(page.getByTestId('operate-summary')).toContainText('个项目');

  // Tenant: required name, then created, then the same name again is refused by the server.
  const tenants = page.getByTestId('tenant-table');
  await tenants.getByRole('button', { name: '新建' }).click();
  const tenantForm = page.getByTestId('tenant-form');
  await tenantForm.getByRole('button', { name: '保存' }).click();
  await expect(tenantForm.getByRole('alert')).toHaveText('租户名称不能为空');
  await tenantForm.locator('input[name=tenantName]').fill(TENANT);
  await tenantForm.getByRole('button', { name: '保存' }).click();
  await expect(row(page, 'tenant-table', TENANT)).toContainText('正常');
  await tenants.getByRole('button', { name: '新建' }).click();
  await tenantForm.locator('input[name=tenantName]').fill(TENANT);
  await tenantForm.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(`租户 ${TENANT} 已存在`)).toBeVisible();
  await page.keyboard.press('Escape');

  // Project in the new tenant through the ledger.
  await page.getByTestId('project-ops-table').getByRole('button', { name: '新建' }).click();
  const projectForm = page.getByTestId('project-form');
  await projectForm.locator('input[name=projectName]').fill(PROJECT);
  await projectForm.locator('select[name=tenantid]').selectOption({ label: TENANT });
  await projectForm.locator('select[name=districtid]').selectOption({ label: '浙江省 杭州市 西湖区' });
  await projectForm.getByRole('button', { name: '保存' }).click();
  const mine = row(page, 'project-ops-table', PROJECT);
  await expect(mine).toContainText(TENANT);
  await expect(mine).toContainText('正常');

  // Suspend it.
  await mine.click();
  await page.getByTestId('project-ops-table').getByRole('button', { name: '停用' }).click();
  await expect(page.getByText(`确定停用“${PROJECT}”吗？`)).toBeVisible();
  await page.getByRole('button', { name: '确认' }).click();
  await expect(mine).toContainText('已停用');
  await expect(row(page, 'tenant-table', TENANT)).toContainText('1');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/platform-operate-bright-zh_cn.png` });
});

test('platform user: create a service user, assign the projects it serves, delete it; a bad form is refused', async ({ page }) => {
  await asPlatform(page);
  await page.goto('/#/platform/user');
  await expect(row(page, 'platform-user-table', 'service')).toContainText('西湖文化广场');
  await expect(page.getByTestId('platform-user-table')).not.toContainText('zhangsan');

  const table = page.getByTestId('platform-user-table');
  await table.getByRole('button', { name: '新建' }).click();
  const form = page.getByTestId('platform-user-form');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByRole('alert').first()).toBeVisible();
  await form.locator('input[name=name]').fill(SERVICE);
  await form.locator('select[name=usertype]').selectOption({ label: '服务用户' });
  await form.locator('select[name=roleId]').selectOption({ label: '运维服务' });
  await form.locator('input[name=password]').fill('Svc#Pass1234');
  await form.locator('input[name=confirmPassword]').fill('Svc#Pass9999');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.locator('input[name=confirmPassword]').locator('xpath=..').getByRole('alert')).toBeVisible();
  await form.locator('input[name=confirmPassword]').fill('Svc#Pass1234');
  await form.getByRole('button', { name: '保存' }).click();
  const mine = row(page, 'platform-user-table', SERVICE);
  await expect(mine).toContainText('服务用户');
  await expect(mine).toContainText('未分配项目');

  await page.getByTestId(`serves-${SERVICE}`).click();
  const served = page.getByTestId('served-projects');
  await served.getByLabel('鄞州商业中心').check();
  await served.getByLabel('滨江科技园').check();
  await page.getByTestId('served-save').click();
  await expect(mine).toContainText('滨江科技园、鄞州商业中心');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/platform-user-bright-zh_cn.png` });

  await mine.click();
  await table.getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: '确认' }).click();
  await expect(mine).toHaveCount(0);
});

test('project users are refused by the platform endpoints and do not get the screens', async ({ page, request }) => {
  const token = await apiToken(request, 'zhangsan');
  for (const url of ['/wisdompower/v1/platform/operate/overview', '/wisdompower/v1/platform/users']) {
    const body = await (await request.get(url, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(body).toMatchObject({ code: 403, msg: '无操作权限!' });
  }
  const put = await (
    await request.put('/wisdompower/v1/platform/user/3/projects', {
      headers: { authorization: `Bearer ${token}` },
      data: { projectIds: [] },
    })
  ).json();
  expect(put.msg).toBe('无操作权限!');
  await signIn(page, 'zhangsan', '/home');
  await page.goto('/#/platform/operate');
  await expect(page.getByTestId('project-ops-table')).toHaveCount(0);
});

test.describe('the platform screens in both languages and themes', () => {
  const shared = sharedPage({ user: 'platform' });

  for (const [lang, theme] of [
    ['en', 'dark'],
    ['zh_cn', 'dark'],
    ['en', 'bright'],
  ] as const) {
    test(`platform screenshots ${lang} ${theme}`, async () => {
      const page = shared();
      await openIn(page, '/#/platform/operate', { lang, theme });
      await expect(row(page, 'project-ops-table', '西湖文化广场')).toBeVisible();
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/platform-operate-${theme}-${lang}.png` });
      await page.goto('/#/platform/user');
      await expect(rowWithCell(page, 'platform-user-table', 'service')).toBeVisible();
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/platform-user-${theme}-${lang}.png` });
    });
  }
});
