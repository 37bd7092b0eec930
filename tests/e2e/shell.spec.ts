import { test, expect } from './fixtures';
import { expectPath, loginViaForm, logoutViaMenu, SCREENSHOT_DIR } from './helpers';

test('the password dialog checks every field with the spec messages, then shows the server msg', async ({ page }) => {
  await loginViaForm(page, 'wangwu');
  await expectPath(page, '/home');
  await page.getByTestId('user-menu').click();
  await page.getByRole('button', { name: '重置' }).click();
  const dialog = page.getByRole('dialog', { name: '重置密码' });
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(['请输入密码', '请输入密码', '请再次输入密码']);
  await dialog.locator('input[name=oldPassword]').fill('short');
  await dialog.locator('input[name=newPassword]').fill('Abcdef12#');
  await dialog.locator('input[name=confirmPassword]').fill('Abcdef12#x');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(['密码长度需超过八位！', '两次输入密码不一致!']);
  await dialog.locator('input[name=oldPassword]').fill('Wrong#Old2026');
  await dialog.locator('input[name=confirmPassword]').fill('Abcdef12#');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('原密码错误');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/password-dialog.png` });
});

test('the logo leads platform users to /platform/monitor from the main shell, not project users', async ({ page }) => {
  await loginViaForm(page, 'platform');
  await expectPath(page, '/platform/monitor');
  await page.getByTestId('enter-console').click();
  await expectPath(page, '/home');
  await page.getByTestId('logo').click();
  await expectPath(page, '/platform/monitor');

  await logoutViaMenu(page);
  await expectPath(page, '/login');
  await loginViaForm(page, 'zhangsan');
  await expectPath(page, '/home');
  await page.getByTestId('logo').click();
  await expectPath(page, '/home');
});

test('multi-project service mode hides /home and the user screens', async ({ page }) => {
  await loginViaForm(page, 'service');
  await expectPath(page, '/platform/monitor');
  await page.goto('/#/realtimeData');
  await expectPath(page, '/realtimeData');
  await expect(page.locator('[data-menu-item="/home"]')).toHaveCount(0);
  await expect(page.locator('[data-menu-item="/usermanage"]')).toHaveCount(0);
  await page.goto('/#/home');
  await expectPath(page, '/noPermission');
});

test('a screen chunk that fails to load shows an error with a retry that works', async ({ page }) => {
  // Refused from the start: the idle prefetch after sign-in must not have it in already.
  await page.route(/HistoryDataScreen-.*\.js$/, (route) => route.abort());
  await loginViaForm(page, 'zhangsan');
  await expectPath(page, '/home');
  await page.locator('[data-menu-item="/historyData"]').click();
  const alert = page.getByRole('alert').filter({ hasText: '页面加载失败' });
  await expect(alert).toBeVisible();
  // the reason in the user's language, not the browser's "Failed to fetch dynamically imported module"
  await expect(alert).toContainText('网络异常，页面未能下载，请检查网络后重试');
  await expect(alert).not.toContainText(/fetch|module/i);
  // still out of reach: 重试 leaves the error in place (the page is not reloaded: its marker survives)
  await page.evaluate(() => ((window as unknown as { vgSameDocument: boolean }).vgSameDocument = true));
  const asked = page.waitForRequest(/HistoryDataScreen-.*\.js$/);
  await page.getByRole('button', { name: '重试' }).click();
  await asked;
  await expect(alert).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { vgSameDocument?: boolean }).vgSameDocument)).toBe(true);
  // reachable again: 重试 shows the screen, on the same route and still signed in
  await page.unroute(/HistoryDataScreen-.*\.js$/);
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.getByRole('heading', { name: '历史数据' })).toBeVisible();
  await expectPath(page, '/historyData');
});

test('a session ended under an open console says why once and returns to login', async ({ page, request }) => {
  await loginViaForm(page, 'zhangsan');
  await expectPath(page, '/home');
  await expect(page.getByTestId('bell')).toHaveAttribute('data-socket', 'open');
  const token = await page.evaluate(() => sessionStorage.getItem('vg.token'));
  // Revoke the token behind the browser's back: the server tells the open socket at once.
  await request.post('/auth/v1/logout', { headers: { authorization: `Bearer ${token}` } });
  await expect(page.locator('[data-kind=error]')).toHaveText(['token过了有效期或账号被其他用户登录, 请重新登录！']);
  await expectPath(page, '/login');
  await expect(page.getByTestId('login-notice')).toContainText('token过了有效期或账号被其他用户登录, 请重新登录！');
  await expect(page.getByTestId('login-notice-reason')).toHaveText('该会话已在别处登出');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/login-session-ended-bright-zh.png` });
});
