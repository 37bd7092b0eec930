import { test, expect, type Page } from './fixtures';
import path from 'node:path';
import { ROOT, ServerProcess } from '../server/serverProcess';
import { hashPath, SCREENSHOT_DIR } from './helpers';

/**
 * The live connection across a server restart and a token expiry (issue 13). Each test runs its own
 * server process (on a free port, its own data dir) because it stops or starves it.
 */
const STATIC_DIR = process.env.E2E_STATIC_DIR ?? path.join(ROOT, 'dist');

async function loginOn(page: Page, server: ServerProcess, user: string) {
  await page.goto(`${server.url}/#/login`);
  await page.locator('input[name=userName]').fill(user);
  await page.locator('input[name=password]').fill(server.passwords.demo);
  await page.locator('input[name=password]').press('Enter');
}

test('a console stays live across a server restart: an alarm raised after it pops up within 5 s, without a reload', async ({ page }) => {
  const server = await ServerProcess.create({ env: { STATIC_DIR } });
  await server.start();
  try {
    const root = await server.login('root');
    const wangwu = await server.login('wangwu');
    const devices = await server.call<{ deviceId: number }[]>('GET', '/wisdompower/v1/realtime/snapshot', wangwu.token);
    const device = await server.call<{ code: string; key: string }>(
      'GET',
      `/devicedata/api/comm/v1/device/${devices.at(-1)!.deviceId}/key`,
      root.token,
    );

    await loginOn(page, server, 'wangwu');
    await expect.poll(() => hashPath(page)).toBe('/home');
    await expect(page.getByTestId('bell')).toHaveAttribute('data-socket', 'open');
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    const stopped = await server.stop('SIGTERM');
    expect(stopped.code).toBe(0);
    const banner = page.getByTestId('connection-banner');
    await expect(banner).toContainText('连接中断，正在重连…');
    await expect(banner.getByTestId('connection-attempt')).toContainText('次重连');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/connection-lost-bright-zh.png` });

    await server.start();
    // The alarm comes as soon as the server is back, before the console has necessarily reconnected.
    const raisedAt = Date.now();
    await server.call(
      'POST',
      '/devicedata/api/comm/v1/ingest',
      null,
      { device: device.code, time: raisedAt, values: [{ dataId: 1001, value: 533.5 }] },
      {
        'x-device-key': device.key,
      },
    );
    const popup = page.getByTestId('alarm-popup');
    await expect(popup).toContainText(device.code, { timeout: 5000 });
    expect(Date.now() - raisedAt).toBeLessThan(5000);
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  } finally {
    await server.dispose();
  }
});

test('a short token lifetime: one message, the login page, and after login the same page', async ({ page }) => {
  const server = await ServerProcess.create({ env: { STATIC_DIR, TOKEN_TTL_S: '8' } });
  await server.start();
  try {
    const errors: string[] = [];
    await page.exposeFunction('__vgError', (text: string) => void errors.push(text));
    await page.addInitScript(() => {
      const noted = new WeakSet<Element>();
      new MutationObserver(() =>
        document.querySelectorAll('[data-kind=error]').forEach((el) => {
          if (noted.has(el)) return;
          noted.add(el);
          (window as unknown as { __vgError: (t: string) => void }).__vgError(el.textContent ?? '');
        }),
      ).observe(document, { subtree: true, childList: true });
    });
    await loginOn(page, server, 'wangwu');
    await expect.poll(() => hashPath(page)).toBe('/home');
    await page.locator('[data-menu-item="/realtimeData"]').click();
    await expect.poll(() => hashPath(page)).toBe('/realtimeData');
    await expect(page.getByTestId('bell')).toHaveAttribute('data-socket', 'open');

    // Nothing is done: the token runs out while the console sits there.
    await expect.poll(() => hashPath(page), { timeout: 20_000 }).toBe('/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
    expect(errors).toEqual(['token过了有效期或账号被其他用户登录, 请重新登录！']);
    await expect(page.getByTestId('login-notice-reason')).toHaveText('登录已超过有效期');

    await page.locator('input[name=userName]').fill('wangwu');
    await page.locator('input[name=password]').fill(server.passwords.demo);
    await page.locator('input[name=password]').press('Enter');
    await expect.poll(() => hashPath(page)).toBe('/realtimeData');
    await expect(page.getByTestId('breadcrumb')).toContainText('实时数据');
  } finally {
    await server.dispose();
  }
});
