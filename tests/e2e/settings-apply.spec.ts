import { test, expect, type APIRequestContext } from './fixtures';
import { apiToken, SCREENSHOT_DIR, signIn } from './helpers';
import { expectToast, PNG_1PX, unique } from './info-helpers';

/**
 * Issue 15: settings take effect at once for everyone of the tenant. zhangsan (tenant A's
 * administrator) saves a platform name and a page size; lisi, already on her screen in another
 * browser, sees the name in the header and the tab title and the new page size without reloading.
 * A group logo appears in its members' headers, and the product mark comes back without one.
 */
test.describe.configure({ mode: 'serial' });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
let saved: unknown;

async function tenantSettings(request: APIRequestContext) {
  const token = await apiToken(request, 'zhangsan');
  const res = await (await request.post('/wisdompower/v1/system/setting', { headers: auth(token), data: {} })).json();
  return { token, dto: res.data as { tenantId: number; settings: Record<string, unknown>; updatedAt: number | null } };
}

test.beforeAll(async ({ request }) => {
  saved = (await tenantSettings(request)).dto.settings;
});

test.afterAll(async ({ request }) => {
  // Put tenant A's settings back for the other specs on this server.
  const { token, dto } = await tenantSettings(request);
  await request.post('/wisdompower/v1/system/setting/save', { headers: auth(token), data: { tenantId: dto.tenantId, settings: saved } });
});

test('platform name and page size apply at once, in every open console of the tenant', async ({ page, browser }) => {
  const name = unique('滨江安全中心');
  const lisiContext = await browser.newContext();
  const lisi = await lisiContext.newPage();
  await signIn(lisi, 'lisi', '/alarmEvent');
  await expect(lisi.getByTestId('pagination').getByRole('combobox')).toHaveValue('100');

  await signIn(page, 'zhangsan', '/systemConfig');
  const form = page.getByTestId('settings-form');
  await form.locator('input[name=platformName]').fill(name);
  await form.locator('select[name=tablePageSize]').selectOption('20');
  await form.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '保存成功!');

  // Here, at once: the header and the tab title.
  await expect(page.getByTestId('platform-name')).toHaveText(name);
  await expect(page).toHaveTitle(`系统配置 - ${name}`);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-applied-bright-zh.png` });
  // A table opened now starts at the new default page size.
  await page.goto('/#/usermanage');
  await expect(page.getByTestId('pagination').first().getByRole('combobox')).toHaveValue('20');

  // In lisi's open console, without a reload.
  await expect(lisi.getByTestId('platform-name')).toHaveText(name);
  await expect(lisi).toHaveTitle(`事件管理 - ${name}`);
  await expect(lisi.getByTestId('pagination').getByRole('combobox')).toHaveValue('20');
  // A size the user picks on a table stays hers.
  await lisi.getByTestId('pagination').getByRole('combobox').selectOption('50');
  await expect(lisi.getByTestId('pagination').getByRole('combobox')).toHaveValue('50');

  // The English console shows the saved name as it is (data), the default name in English.
  await lisi.getByTestId('lang-toggle').click();
  await expect(lisi.getByTestId('platform-name')).toHaveText(name);
  await lisi.getByTestId('lang-toggle').click();
  await lisiContext.close();
});

test('a group logo appears in its members’ headers at once, with the product mark as the fallback', async ({ page, request }) => {
  await signIn(page, 'lisi', '/alarmEvent');
  await expect(page.getByTestId('header-logo-fallback')).toBeVisible();

  const token = await apiToken(request, 'zhangsan');
  const upload = await (
    await request.post('/filemanager/v1/file', {
      headers: auth(token),
      multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX } },
    })
  ).json();
  expect(upload.code).toBe(0);
  const users = await (await request.get('/auth/v1/user/queryByName?name=lisi', { headers: auth(token) })).json();
  const lisiId = (users.data as { id: number; name: string }[]).find((u) => u.name === 'lisi')!.id;
  const groupName = unique('标志组');
  const created = await (
    await request.post('/auth/v1/usergroup', {
      headers: auth(token),
      data: { name: groupName, users: [{ id: lisiId }], customConfig: JSON.stringify({ fileName: upload.data }) },
    })
  ).json();
  expect(created.code).toBe(0);
  const groupId = created.data as number;

  // lisi's open console shows the logo without a reload.
  await expect(page.getByTestId('header-logo')).toBeVisible();
  await expect(page.getByTestId('header-logo-fallback')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/header-group-logo-bright-zh.png`, clip: { x: 0, y: 0, width: 1920, height: 120 } });

  // The logo removed: back to the product mark.
  const removed = await (
    await request.put('/auth/v1/usergroup', { headers: auth(token), data: { id: groupId, name: groupName, users: [] } })
  ).json();
  expect(removed.code).toBe(0);
  await expect(page.getByTestId('header-logo-fallback')).toBeVisible();
  await request.delete('/auth/v1/usergroup', { headers: auth(token), data: { id: groupId } });
});
