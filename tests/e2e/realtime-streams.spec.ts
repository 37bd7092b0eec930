import { test, expect } from './fixtures';
import { E2E_LIVE_URL } from '../../playwright.config';
import { signIn } from './helpers';
import { Gateway } from './gateway';

// The live server: the simulator feeds devices 1–32, this spec's gateway device 40.
test.use({ baseURL: E2E_LIVE_URL });

/**
 * The bell, the popup and the wall's tiles come from the console's shared streams
 * (streams/realtimeChannels.ts). Opening the device dialog used to rebuild the wall's tile stream
 * (the realtime context changed with the open device): the wall reloaded its snapshot and could
 * blank. Now the dialog has a context of its own and the tiles keep flowing beneath it.
 */
test('tiles, bell and popup update live from the shared streams; the device dialog leaves the wall stream alone', async ({ page }) => {
  const gw = await Gateway.open(E2E_LIVE_URL, 40);
  // Kept in communication by its temperature alone: the leak current (1001) is what the test sets.
  gw.startHeartbeat(500, { 1101: 35 });
  const snapshots: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/wisdompower/v1/realtime/snapshot')) snapshots.push(r.url());
  });
  try {
    await signIn(page, 'wangwu', '/realTime');
    const tiles = page.getByTestId('device-tile');
    const tile = page.locator('[data-testid=device-tile][data-device="40"]');
    await expect(tile).toBeVisible();
    const count = await tiles.count();
    await expect(page.getByTestId('bell')).toHaveAttribute('data-socket', 'open');

    // A pushed value reaches the tile.
    await gw.report({ 1001: 21.5 });
    await expect(tile).toContainText('21.5mA');
    expect(snapshots).toHaveLength(1);

    // The dialog opens over the wall: no new snapshot, no tile lost, and the tile under it still moves.
    await tile.click();
    const dialog = page.getByTestId('device-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('device-info')).toContainText(gw.code);
    await gw.report({ 1001: 23.25 });
    await expect(tile).toContainText('23.3mA');
    await expect(tiles).toHaveCount(count);

    // An alarm: the bell, the popup and the tile's state, all through the streams. The live server's
    // other devices raise alarms of their own (communication loss of 33–39), and the popup shows the
    // newest: record every popup shown rather than expect ours to be the last.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { popupsSeen: string[] }).popupsSeen = seen;
      new MutationObserver(() => {
        const p = document.querySelector('[data-testid=alarm-popup]');
        if (p?.textContent) seen.push(p.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await gw.report({ 1001: 487.5 });
    await expect(tile).toHaveAttribute('data-state', /alarm|accident/);
    await expect(page.getByTestId('bell-badge')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect
      .poll(() =>
        page.evaluate((code) => (window as unknown as { popupsSeen: string[] }).popupsSeen.some((t) => t.includes(code)), gw.code),
      )
      .toBe(true);
    await page.getByTestId('bell').hover();
    await expect(page.getByTestId('notice').filter({ hasText: gw.code }).filter({ hasText: '487.5' })).toHaveCount(1);

    // Opening and closing the dialog never rebuilt the wall's stream.
    expect(snapshots).toHaveLength(1);
    await expect(tiles).toHaveCount(count);
  } finally {
    await gw.close();
  }
});

/**
 * A hidden tab (emulated: headless Chromium never hides a page) paints nothing: the wall's tiles wait
 * for it to show, keeping only the latest per device, while the bell still rings within a second.
 */
test('a hidden tab still rings the bell; the wall catches up when it shows', async ({ page }) => {
  const gw = await Gateway.open(E2E_LIVE_URL, 40);
  gw.startHeartbeat(500, { 1101: 35 });
  await page.addInitScript(() => {
    let hidden = false;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    (window as unknown as { setHidden: (h: boolean) => void }).setHidden = (h) => {
      hidden = h;
      document.dispatchEvent(new Event('visibilitychange'));
    };
  });
  const setHidden = (h: boolean) => page.evaluate((v) => (window as unknown as { setHidden: (h: boolean) => void }).setHidden(v), h);
  try {
    await signIn(page, 'wangwu', '/realTime');
    const tile = page.locator('[data-testid=device-tile][data-device="40"]');
    // An alarm ends after a few normal readings in a row (hysteresis): report them until it has.
    await expect
      .poll(async () => {
        await gw.report({ 1001: 20 });
        return tile.getAttribute('data-state');
      })
      .toBe('normal');
    await expect(tile).toContainText('20.0mA');

    await setHidden(true);
    await gw.report({ 1001: 496.5 });
    const notice = page.getByTestId('notice').filter({ hasText: gw.code }).filter({ hasText: '496.5' });
    await page.getByTestId('bell').hover();
    await expect(notice).toHaveCount(1);
    // The same pushed alarm reached the tile's stream, which paints nothing while hidden.
    await expect(tile).toHaveAttribute('data-state', 'normal');
    await expect(tile).toContainText('20.0mA');

    await setHidden(false);
    await expect(tile).toHaveAttribute('data-state', /alarm|accident/);
    await expect(tile).toContainText('496.5mA');
  } finally {
    await gw.close();
  }
});
