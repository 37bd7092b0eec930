import { test, expect, type Page } from './fixtures';
import path from 'node:path';
import { ROOT, ServerProcess } from '../server/serverProcess';
import { smallDisk } from '../infra/smallDisk';
import { hashPath, SCREENSHOT_DIR } from './helpers';

/**
 * The store banner (issue 34 item 4) on a server of its own whose data dir is a small tmpfs: the disk
 * fills up under root's console on the wall; it keeps its tiles and shows the bar (zh_cn, bright,
 * 1366×768) above them, never over them; an operator still signs in through the login form meanwhile
 * (en, dark, 1920×1080) and sees the same bar; once space is freed and a batch is stored, both bars go.
 */
const STATIC_DIR = process.env.E2E_STATIC_DIR ?? path.join(ROOT, 'dist');

async function signIn(page: Page, server: ServerProcess, user: string, prefs: { lang: string; theme: string }) {
  await page.addInitScript(({ lang, theme }) => {
    localStorage.setItem('vg.lang', lang);
    localStorage.setItem('vg.theme', theme);
  }, prefs);
  await page.goto(`${server.url}/#/login`);
  await page.locator('input[name=userName]').fill(user);
  await page.locator('input[name=password]').fill(user === 'root' ? server.passwords.root : server.passwords.demo);
  await page.locator('input[name=password]').press('Enter');
  await expect.poll(() => hashPath(page)).not.toBe('/login');
}

/** The banner sits in the layout above the content: the wall's area starts below it. */
async function expectAboveContent(page: Page) {
  const banner = (await page.getByTestId('store-banner').boundingBox())!;
  const main = (await page.locator('#main-content').boundingBox())!;
  expect(main.y).toBeGreaterThanOrEqual(banner.y + banner.height - 0.5);
}

test('a full disk: the consoles keep their wall and show the store bar, sign-in still works, the bar goes when the store writes again', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const disk = smallDisk('e2e-banner', 32);
  test.skip(!disk.mounted, 'mounting a tmpfs needs root');
  const server = await ServerProcess.create({ dataDir: disk.dir, env: { STATIC_DIR, ESCALATION_CHECK_S: '0' } });
  await server.start();
  const zh = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 768 } });
  const en = await browser.newContext({ baseURL: server.url, viewport: { width: 1920, height: 1080 } });
  try {
    const root = await server.login('root');
    const zhangsan = await server.login('zhangsan');
    const devices = await server.call<{ deviceId: number }[]>('GET', '/wisdompower/v1/realtime/snapshot', zhangsan.token);
    const deviceId = devices[0]!.deviceId;
    const device = await server.call<{ code: string; key: string }>('GET', `/devicedata/api/comm/v1/device/${deviceId}/key`, root.token);
    let stamp = Date.now() - 30 * 60_000;
    const ingest = async (values: { dataId: number; value: number; logicalId?: number }[]) => {
      const res = await fetch(`${server.url}/devicedata/api/comm/v1/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-key': device.key },
        body: JSON.stringify({ device: device.code, time: (stamp += 1000), values }),
      });
      return ((await res.json()) as { code: number }).code;
    };
    expect(await ingest([{ dataId: 1001, value: 520 }])).toBe(0);

    const wall = await zh.newPage();
    await signIn(wall, server, 'root', { lang: 'zh_cn', theme: 'bright' });
    await wall.goto(`${server.url}/#/realTime`);
    const tile = wall.locator(`[data-testid="device-tile"][data-device="${deviceId}"]`);
    await expect(tile).toHaveAttribute('data-state', 'alarm');
    await expect(wall.getByTestId('store-banner')).toHaveCount(0);

    disk.fill();
    const filler = Array.from({ length: 200 }, (_, i) => ({ dataId: 1201, logicalId: i + 1, value: i }));
    await expect(async () => expect(await ingest(filler)).toBe(5033)).toPass({ timeout: 60_000, intervals: [0] });

    const bar = wall.getByTestId('store-banner');
    await expect(bar).toHaveAttribute('data-state', 'full');
    await expect(bar).toContainText('存储空间已满');
    await expect(bar).toContainText('新的读数与修改暂不能保存，页面显示此前的最新数值与报警');
    await expect(bar).toContainText(/自 \d\d:\d\d:\d\d 起/);
    // the live view is kept: the tile with its alarm, below the bar
    await expect(tile).toHaveAttribute('data-state', 'alarm');
    await expectAboveContent(wall);
    await wall.screenshot({ path: `${SCREENSHOT_DIR}/store-banner-full-zh-bright-1366.png` });

    // Signing in through the form while the disk is full (the login needs no write).
    const operator = await en.newPage();
    await signIn(operator, server, 'zhangsan', { lang: 'en', theme: 'dark' });
    await operator.goto(`${server.url}/#/realTime`);
    await expect(operator.locator(`[data-testid="device-tile"][data-device="${deviceId}"]`)).toHaveAttribute('data-state', 'alarm');
    const enBar = operator.getByTestId('store-banner');
    await expect(enBar).toContainText('The storage is full');
    await expect(enBar).toContainText(
      'New readings and changes cannot be saved for now; the screens show the latest values and alarms from before',
    );
    await expectAboveContent(operator);
    await operator.screenshot({ path: `${SCREENSHOT_DIR}/store-banner-full-en-dark-1920.png` });

    disk.free();
    expect(await ingest([{ dataId: 1001, value: 530 }])).toBe(0);
    await expect(bar).toHaveCount(0);
    await expect(enBar).toHaveCount(0);
  } finally {
    await zh.close();
    await en.close();
    await server.stop();
    disk.remove();
  }
});
