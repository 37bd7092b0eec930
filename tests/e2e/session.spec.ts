import { test, expect } from './fixtures';
import { apiToken, expectPath, loginViaForm, SCREENSHOT_DIR } from './helpers';

test.describe('landing after login', () => {
  test('root lands on /platform/monitor and sees the platform shell', async ({ page }) => {
    await loginViaForm(page, 'root');
    await expectPath(page, '/platform/monitor');
    await expect(page.locator('[data-shell=platform]')).toBeVisible();
    await expect(page.getByRole('heading', { name: '平台监控' })).toBeVisible();
  });

  test('a project user with a homepage lands there', async ({ page }) => {
    await loginViaForm(page, 'lisi');
    await expectPath(page, '/alarmEvent');
    await expect(page.getByRole('heading', { name: '事件管理' })).toBeVisible();
    // 值班员 holds four pages: the menu shows those, and the work-order screens that come with 事件管理 (issue 29).
    await expect(page.locator('[data-menu-item]')).toHaveText([
      '实时监控',
      '实时数据',
      '历史数据',
      '事件管理',
      '工单管理',
      '处置统计',
      '我的工单',
      '交接班',
    ]);
    await expect(page.locator('[data-menu-group=user]')).toHaveCount(0);
  });

  test('a project user without pages lands on /noPermission', async ({ page }) => {
    await loginViaForm(page, 'guest');
    await expectPath(page, '/noPermission');
    await expect(page.getByTestId('no-permission')).toBeVisible();
  });

  test('the hash path is kept after login unless it is /login or /', async ({ page }) => {
    await page.goto('/#/historyData');
    await expectPath(page, '/login');
    await page.goto('/#/historyData');
    await page.locator('input[name=userName]').fill('zhangsan');
    await page.locator('input[name=password]').fill('E2e#Demo2026');
    await page.locator('input[name=password]').press('Enter');
    // The guard sent the anonymous visit to /login, so the user lands by the rules: first menu page.
    await expectPath(page, '/home');
  });

  test('a wrong password shows the server message and stays on /login', async ({ page }) => {
    await loginViaForm(page, 'zhangsan', 'not-the-password');
    await expect(page.getByTestId('login-error')).toHaveText('用户名或密码错误');
    await expectPath(page, '/login');
  });
});

test.describe('route guards', () => {
  test('without a token every route goes to /login', async ({ page }) => {
    await page.goto('/#/usermanage');
    await expectPath(page, '/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
  });

  test('a forbidden URL typed directly goes to /noPermission', async ({ page }) => {
    await loginViaForm(page, 'lisi');
    await expectPath(page, '/alarmEvent');
    await page.goto('/#/usermanage');
    await expectPath(page, '/noPermission');
    await page.goto('/#/platform/monitor');
    await expectPath(page, '/noPermission');
    await page.goto('/#/historyData');
    await expectPath(page, '/historyData');
  });

  test('a token in the URL query logs straight in (kiosk) and leaves the address bar', async ({ page, request }) => {
    const token = await apiToken(request, 'zhangsan', 'kiosk');
    await page.goto(`/?token=${encodeURIComponent(token)}#/realTime`);
    await expectPath(page, '/realTime');
    await expect(page.getByTestId('wall')).toBeVisible();
    expect(page.url()).not.toContain(token);
  });
});

test('logout clears the token and returns to the login page; the token no longer works', async ({ page, request }) => {
  await loginViaForm(page, 'zhangsan');
  await expectPath(page, '/home');
  const token = await page.evaluate(() => sessionStorage.getItem('vg.token'));
  expect(token).toBeTruthy();
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-dialog-name')).toHaveText('zhangsan');
  // Logout reloads the page: read storage from the fresh document.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: '登出' }).click();
  await reloaded;
  await expectPath(page, '/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('vg.token'))).toBeNull();
  const res = await request.post('/auth/v1/checktoken', { data: JSON.stringify(token), headers: { 'content-type': 'application/json' } });
  expect((await res.json()).code).not.toBe(0);
});

test('dark theme, English and the collapsed sidebar survive a reload', async ({ page }) => {
  await loginViaForm(page, 'zhangsan');
  await expectPath(page, '/home');
  await page.getByTestId('theme-toggle').click();
  await page.getByTestId('lang-toggle').click();
  await page.getByTestId('sidebar-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('heading', { name: 'Global monitoring' })).toBeVisible();
  await page.reload();
  await expectPath(page, '/home');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('heading', { name: 'Global monitoring' })).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
  await page.getByTestId('sidebar-toggle').click();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/main-layout-dark-en.png` });
});

test('main layout screenshot (zh_cn, bright, 1920×1080)', async ({ page }) => {
  await loginViaForm(page, 'zhangsan');
  await expectPath(page, '/home');
  await expect(page.getByTestId('breadcrumb')).toContainText('全局监控');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/main-layout-bright-zh.png` });
});
