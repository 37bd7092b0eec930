import { test, expect, type Page } from './fixtures';
import { createHash } from 'node:crypto';
import { E2E_LIVE_URL } from '../../playwright.config';
import { apiToken, expectPath, hashPath, loginViaForm, SCREENSHOT_DIR } from './helpers';
import { terminalsOf } from './alarm-event-helpers';
import { Gateway } from './gateway';

/**
 * Shell faults found in use (issue 13, item 7). Each test failed before its fix.
 */

/** Every toast the page shows, across reloads, in order. */
async function recordToasts(page: Page): Promise<{ kind: string; text: string }[]> {
  const seen: { kind: string; text: string }[] = [];
  await page.exposeFunction('__vgToast', (kind: string, text: string) => void seen.push({ kind, text }));
  await page.addInitScript(() => {
    const noted = new WeakSet<Element>();
    const note = () =>
      document.querySelectorAll('[data-kind]').forEach((el) => {
        if (noted.has(el)) return;
        noted.add(el);
        (window as unknown as { __vgToast: (k: string, t: string) => void }).__vgToast(
          el.getAttribute('data-kind') ?? '',
          el.textContent ?? '',
        );
      });
    new MutationObserver(note).observe(document, { subtree: true, childList: true });
  });
  return seen;
}

test('an unknown route such as /#/admin shows a not-found page with a way home instead of reloading forever', async ({ page }) => {
  await loginViaForm(page, 'zhangsan');
  await expectPath(page, '/home');
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto('/#/admin');
  const notFound = page.getByTestId('not-found');
  await expect(notFound).toBeVisible();
  await expect(notFound).toContainText('页面不存在');
  await expect(notFound).toContainText('/admin');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/not-found-bright-zh.png` });
  const settledLoads = loads;
  // Still there after any reload could have happened: the same page, no new load.
  await expect(page.getByTestId('not-found')).toBeVisible();
  expect(loads).toBe(settledLoads);
  await page.getByTestId('not-found-home').click();
  await expectPath(page, '/home');
  await expect(page.getByRole('heading', { name: '全局监控' })).toBeVisible();
});

test('/#/noPermission opened while logged out stays and offers the login', async ({ page }) => {
  await page.goto('/#/noPermission');
  await expect(page.getByTestId('no-permission')).toBeVisible();
  await expectPath(page, '/noPermission');
  await page.getByRole('button', { name: '重新登录' }).click();
  await expectPath(page, '/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
});

test('after a successful password change 密码修改成功 is the only message, then the login page asks for the new password', async ({
  page,
  request,
}) => {
  const name = `pwd${Date.now() % 1_000_000}`;
  const plain = 'Pwd#Tester2026';
  const next = 'Pwd#Changed2026';
  const root = await apiToken(request, 'root');
  const digest = (p: string) => createHash('sha256').update(`voltguard${p}`).digest('hex');
  const admin = (await (
    await request.get('/auth/v1/user/queryByName?name=zhangsan', { headers: { authorization: `Bearer ${root}` } })
  ).json()) as { data: { tenantId: number; roles: { id: number }[] }[] };
  const created = await request.post('/auth/v1/user', {
    headers: { authorization: `Bearer ${root}` },
    data: { name, password: digest(plain), tenantId: admin.data[0]!.tenantId, roles: [{ id: admin.data[0]!.roles[0]!.id }] },
  });
  expect(((await created.json()) as { code: number }).code).toBe(0);

  const toasts = await recordToasts(page);
  await loginViaForm(page, name, plain);
  await expectPath(page, '/home');
  await expect(page.getByTestId('bell')).toHaveAttribute('data-socket', 'open');
  await page.getByTestId('user-menu').click();
  await page.getByRole('button', { name: '重置' }).click();
  const dialog = page.getByRole('dialog', { name: '重置密码' });
  await dialog.locator('input[name=oldPassword]').fill(plain);
  await dialog.locator('input[name=newPassword]').fill(next);
  await dialog.locator('input[name=confirmPassword]').fill(next);
  await dialog.getByRole('button', { name: '确认' }).click();
  await expectPath(page, '/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect(toasts).toEqual([{ kind: 'success', text: '密码修改成功' }]);
  await expect(page.getByTestId('login-notice')).toHaveText('密码修改成功，请使用新密码登录');
  await page.locator('input[name=userName]').fill(name);
  await page.locator('input[name=password]').fill(next);
  await page.locator('input[name=password]').press('Enter');
  await expectPath(page, '/home');
});

test('many requests refused at once with 401 make one message and one trip to the login page', async ({ page, request }) => {
  const toasts = await recordToasts(page);
  // No live socket in this console: only the REST calls can learn that the session ended.
  await page.routeWebSocket(/messageServer\/websocket/, () => {});
  await loginViaForm(page, 'wangwu');
  await expectPath(page, '/home');
  await page.locator('[data-menu-item="/alarmEvent"]').click();
  await expect(page.getByRole('heading', { name: '事件管理' })).toBeVisible();
  // the event page has asked everything it asks on opening (its rows, then their work orders): a request
  // still on its way after the logout below would end the session before the dashboard is opened
  await page.waitForLoadState('networkidle');
  const token = await page.evaluate(() => sessionStorage.getItem('vg.token'));
  await request.post('/auth/v1/logout', { headers: { authorization: `Bearer ${token}` } });
  let refused = 0;
  page.on('response', (r) => r.status() === 401 && refused++);
  // The dashboard asks several services at once.
  await page.locator('[data-menu-item="/home"]').click();
  await expectPath(page, '/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect(refused).toBeGreaterThan(1);
  expect(toasts.filter((t) => t.kind === 'error')).toEqual([{ kind: 'error', text: 'token过期，请重新登录' }]);
  await expect(page.getByTestId('login-notice')).toContainText('token过期，请重新登录');
  // …and after the next login, back on the page the session ended on.
  await page.locator('input[name=userName]').fill('wangwu');
  await page.locator('input[name=password]').fill('E2e#Demo2026');
  await page.locator('input[name=password]').press('Enter');
  await expectPath(page, '/home');
});

test('a kiosk link with a bad token says so on the login page, in the current language', async ({ page }) => {
  await page.goto('/?token=not-a-real-token&kiosk=1#/realTime');
  await expectPath(page, '/login');
  await expect(page.getByTestId('login-notice')).toHaveText('链接中的令牌无效或已过期，请重新登录');
  expect(page.url()).not.toContain('not-a-real-token');
  await page.evaluate(() => localStorage.setItem('vg.lang', 'en'));
  await page.goto('/?token=another-bad-token&kiosk=1#/realTime');
  await expect(page.getByTestId('login-notice')).toHaveText("The link's token is invalid or has expired. Please log in.");
  await page.screenshot({ path: `${SCREENSHOT_DIR}/login-link-invalid-en.png` });
});

async function flood(baseURL: string, deviceId: number, cycles: number) {
  const gw = await Gateway.open(baseURL, deviceId);
  try {
    // From now on, not before: readings older than the device's newest (another spec's) raise nothing.
    const t0 = Date.now();
    for (let i = 0; i < cycles; i++) {
      // Up, then two readings clear of the band: the engine ends an alarm only after two (anti-flapping).
      await gw.report({ 1001: 480 }, t0 + i * 30);
      await gw.report({ 1001: 20 }, t0 + i * 30 + 10);
      await gw.report({ 1001: 20 }, t0 + i * 30 + 20);
    }
  } finally {
    await gw.close();
  }
}

test.describe('on the live server', () => {
  test.use({ baseURL: E2E_LIVE_URL });

  // Root sees the simulated devices too, and they raise an alarm about every 10 s: one arriving at the
  // wrong moment takes the popup over (it shows the newest). So the checks are about this device's
  // alarm, not the popup as a whole, and the popup's 查看 is clicked in the same task that checks what
  // it shows, with a fresh alarm if another one took the popup first.
  test('查看 closes the alarm popup and opens the device, from the bell and from the popup', async ({ page }) => {
    const gw = await Gateway.open(E2E_LIVE_URL, 37);
    gw.startHeartbeat();
    try {
      await loginViaForm(page, 'root');
      await expectPath(page, '/platform/monitor');
      await expect(page.getByTestId('bell')).toHaveAttribute('data-socket', 'open');
      const popup = page.getByTestId('alarm-popup');
      const dialog = page.getByTestId('device-dialog');

      // 查看 on the same message in the bell. What is waited for is the message, not the popup: a
      // simulated alarm that comes just after this one takes the popup over (CI once saw a 事故 and then a
      // 温度报警 of other devices there for the whole wait)
      await gw.report({ 1001: 505.5 });
      await page.getByTestId('bell').hover();
      const notice = page.getByTestId('notice').filter({ hasText: gw.code }).filter({ hasText: '505.5' });
      await expect(notice).toBeVisible();
      await notice.getByTestId('notice-view').click();
      await expect(dialog.getByTestId('device-info')).toContainText(gw.code);
      await expect(popup.filter({ hasText: '505.5' })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // 查看 on the popup itself
      let attempt = 0;
      let value = '';
      await expect(async () => {
        value = `506.${++attempt}`;
        // two readings clear of the band end the last alarm (anti-flapping), then a new one rises
        await gw.report({ 1001: 20 });
        await gw.report({ 1001: 20 });
        await gw.report({ 1001: Number(value) });
        await expect(popup).toContainText(value, { timeout: 5_000 });
        const clicked = await popup.evaluate((el, v) => {
          if (!el.textContent?.includes(v)) return false;
          el.querySelector<HTMLElement>('[data-testid=alarm-popup-view]')!.click();
          return true;
        }, value);
        expect(clicked).toBe(true);
      }).toPass({ timeout: 45_000 });
      await expect(dialog.getByTestId('device-info')).toContainText(gw.code);
      await expect(popup.filter({ hasText: value })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(popup.filter({ hasText: value })).toHaveCount(0);
      await page.getByTestId('bell').hover();
      await expect(page.getByTestId('notice').filter({ hasText: value })).toHaveCount(0);
    } finally {
      await gw.report({ 1001: 20 }).catch(() => {});
      await gw.close();
    }
  });

  test('the message centre goes past 200 rows as it is scrolled, and closes with its ×', async ({ page }) => {
    await flood(E2E_LIVE_URL, 40, 110);
    await loginViaForm(page, 'root');
    await expectPath(page, '/platform/monitor');
    await page.getByTestId('bell').hover();
    await page.getByTestId('open-message-center').click();
    const center = page.getByTestId('message-center');
    await expect(center.locator('tbody tr').first()).toBeVisible();
    const totalShown = async () => Number((await page.getByTestId('message-center-total').textContent())?.match(/\d+/)?.[0]);
    await expect.poll(totalShown).toBeGreaterThan(220);
    await expect(center.locator('tbody tr')).toHaveCount(200);
    await center.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect.poll(() => center.locator('tbody tr').count()).toBeGreaterThan(200);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/message-center-bright-zh.png` });
    await page.getByRole('dialog', { name: '信息中心' }).getByRole('button', { name: '关闭' }).click();
    await expect(page.getByRole('dialog', { name: '信息中心' })).toBeHidden();
  });
});

test('kiosk rotation goes A→B→C→A, and after an alarm it resumes where it was', async ({ page, request }) => {
  const terminals = await terminalsOf(request, 'wangwu');
  // Not 39 or 40: wall-screenshots.spec.ts keeps those two silent on this server (its stale tiles).
  const terminal = terminals.find((t) => t.id === 32)!;
  const gw = await Gateway.open(test.info().project.use.baseURL!, terminal.id);
  try {
    // A normal reading first: an alarm another spec left raised on this terminal ends, so ours is new.
    await gw.report({ 1001: 20 });
    // Every screen the wall shows, in order (hash changes included).
    const shown: string[] = [];
    page.on('framenavigated', (f) => {
      if (f !== page.mainFrame()) return;
      const path = new URL(f.url()).hash.replace(/^#/, '').split('?')[0] || '/';
      if (shown.at(-1) !== path) shown.push(path);
    });
    const token = await apiToken(request, 'wangwu', 'kiosk');
    // The turns on the page's clock (it also flows with real time): an interval run on at a time, not waited out.
    await page.clock.install();
    await page.goto(`/?token=${encodeURIComponent(token)}&kiosk=1&screens=/realTime,/home,/alarmEvent&interval=2#/realTime`);
    await expect(page.getByTestId('kiosk-rotating')).toBeVisible();
    for (let turn = 0; turn < 4; turn++) await page.clock.runFor(2000);
    await expect.poll(() => shown.length).toBeGreaterThanOrEqual(5);
    expect(shown.slice(0, 5)).toEqual(['/realTime', '/home', '/alarmEvent', '/realTime', '/home']);
    // An alarm holds the screen it finds…
    await gw.report({ 1001: 612.5 });
    await expect(page.getByTestId('kiosk-resume')).toBeVisible();
    const where = hashPath(page);
    const order = ['/realTime', '/home', '/alarmEvent'];
    const after = (p: string) => order[(order.indexOf(p) + 1) % order.length]!;
    const count = shown.length;
    // …and resumes from it: the next screen is the one after it, then the one after that.
    await page.getByTestId('kiosk-resume').click();
    for (let turn = 0; turn < 2; turn++) await page.clock.runFor(2000);
    await expect.poll(() => shown.length).toBeGreaterThanOrEqual(count + 2);
    expect(shown.slice(count - 1, count + 2)).toEqual([where, after(where), after(after(where))]);
  } finally {
    // two readings clear of the band end the alarm (anti-flapping): the wall's baselines find it normal
    await gw.report({ 1001: 20 }, Date.now() - 1).catch(() => {});
    await gw.report({ 1001: 20 }).catch(() => {});
    await gw.close();
  }
});
