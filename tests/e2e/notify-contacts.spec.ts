import { test, expect } from './fixtures';
import { apiToken, expectPath, SCREENSHOT_DIR, signIn } from './helpers';
import { expectToast, selectRow } from './info-helpers';
import { openConsole, settled } from './notify-helpers';

/**
 * Issue 28: how notifications reach a person. A user edits its own phone, e-mail, 企业微信 and 钉钉 ids
 * and message language from the user menu; 用户管理 shows and edits the same fields. An event manager
 * without 系统配置 is refused 通知记录 (its deliveries show per alarm in the event list).
 */
test('the user edits its own contact details; 用户管理 shows the 企业微信 and 钉钉 ids', async ({ page, request }) => {
  // lisi's contact details as they were, put back at the end for the specs that follow
  const token = await apiToken(request, 'lisi');
  const headers = { authorization: `Bearer ${token}` };
  const before = ((await (await request.get('/auth/v1/user', { headers })).json()) as { data: Record<string, unknown> }).data;
  const wecom = `lisi-wecom-${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'lisi', '/alarmEvent');
  await page.getByTestId('user-menu').click();
  await page.getByRole('button', { name: '修改联系方式' }).click();
  const form = page.getByTestId('contact-form');
  await form.locator('input[name=mobilePhone]').fill('12345');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByRole('alert')).toHaveText('请输入正确的手机号');
  await form.locator('input[name=mobilePhone]').fill('13800138000');
  // a 企业微信 UserID is letters, digits and _-@. (the rule the server checks too)
  await form.locator('input[name=wecomId]').fill('李四 wecom');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByRole('alert')).toHaveText('企业微信账号须为 1 到 64 位字母、数字或 _-@.，以字母或数字开头');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/notify-own-contact-refused-bright-zh_cn.png` });
  await form.locator('input[name=wecomId]').fill(wecom);
  await form.locator('input[name=dingtalkId]').fill('lisi-ding');
  await form.locator('select[name=language]').selectOption({ label: '英文' });
  await form.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '保存成功!');
  await expect(form).toHaveCount(0);
  await page.getByTestId('user-menu').click();
  const contact = page.getByTestId('user-contact');
  await expect(contact).toContainText('13800138000');
  await expect(contact).toContainText(wecom);
  await expect(contact).toContainText('lisi-ding');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/notify-own-contact-bright-zh_cn.png` });
  await page.keyboard.press('Escape');

  // 通知记录 comes with 系统配置: an event manager without it is refused the page and has no menu item
  // (an alarm's deliveries show in the event list's 详情)
  await page.goto('/#/notifyLog');
  await expectPath(page, '/noPermission');
  await expect(page.locator('[data-menu-item="/notifyLog"]')).toHaveCount(0);

  // the tenant administrator sees and edits the same fields in 用户管理
  const admin = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 1366, height: 768 } });
  await openConsole(admin, 'zhangsan', 'zh_cn', 'bright', '/home');
  await admin.goto('/#/usermanage');
  await settled(admin);
  await selectRow(admin, 'user-table', 'lisi');
  await admin.getByTestId('user-table').getByRole('button', { name: '编辑', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: '编辑用户' });
  await expect(dialog.locator('input[name=wecomId]')).toHaveValue(wecom);
  await expect(dialog.locator('input[name=dingtalkId]')).toHaveValue('lisi-ding');
  await admin.screenshot({ path: `${SCREENSHOT_DIR}/notify-user-dialog-bright-zh_cn.png` });
  await dialog.locator('input[name=dingtalkId]').fill('');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expectToast(admin, '保存成功!');
  await admin.close();

  const keep = Object.fromEntries(['mobilePhone', 'email', 'wecomId', 'dingtalkId', 'language'].map((k) => [k, before[k] ?? null]));
  expect((await (await request.put('/auth/v1/user/contact', { headers, data: keep })).json()).code).toBe(0);
});

test('the channel dialog follows the kind: 邮件 and 短信 fields (en, dark, 1920×1080)', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openConsole(page, 'zhangsan', 'en', 'dark', '/home');
  await page.goto('/#/systemConfig');
  await page.getByRole('tab', { name: 'Notification channels' }).click();
  await page.getByTestId('channel-table').getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New notification channel' });
  await dialog.locator('select[name=kind]').selectOption({ label: 'E-mail' });
  for (const name of ['host', 'port', 'user', 'pass', 'from']) await expect(dialog.locator(`input[name=${name}]`)).toBeVisible();
  await expect(dialog.locator('select[name=security]')).toHaveValue('starttls');
  await expect(dialog.locator('input[name=url]')).toHaveCount(0);
  await dialog.locator('input[name=from]').fill('not an address');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/notify-channel-email-dark-en.png` });
  await dialog.locator('select[name=kind]').selectOption({ label: 'SMS' });
  for (const name of ['headers', 'bodyTemplate', 'phones']) await expect(dialog.locator(`textarea[name=${name}]`)).toBeVisible();
  await expect(dialog.locator('select[name=method]')).toHaveValue('POST');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/notify-channel-sms-dark-en.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
