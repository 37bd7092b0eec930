import { test, expect } from './fixtures';
import { E2E_LIVE_URL } from '../../playwright.config';
import { SCREENSHOT_DIR, signIn } from './helpers';
import { Gateway } from './gateway';

// These run against the live server: simulator on, devices 33–40 left to the tests.
test.use({ baseURL: E2E_LIVE_URL });

test('an alarm raised through the ingest path rings the bell; 查看 opens the device; 消音 after 操作验证 reaches the device', async ({
  page,
}) => {
  const gw = await Gateway.open(E2E_LIVE_URL, 33);
  gw.startHeartbeat();
  try {
    await signIn(page, 'wangwu', '/home');
    await expect(page.getByTestId('bell')).toHaveAttribute('data-socket', 'open');
    await gw.report({ 1001: 487.5 });
    const notice = page.getByTestId('notice').filter({ hasText: gw.code }).filter({ hasText: '487.5' });
    await page.getByTestId('bell').hover();
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('剩余电流报警');
    await expect(notice.getByTestId('notice-value')).toHaveText('487.5 mA');
    await expect(page.getByTestId('bell-badge')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/bell-bright-zh.png` });

    await notice.getByTestId('notice-view').click();
    const dialog = page.getByTestId('device-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('device-info')).toContainText(gw.code);
    await expect(dialog.getByTestId('realtime-table')).toContainText('剩余电流');
    await dialog.click({ position: { x: 10, y: 10 } });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/device-dialog-bright-zh.png` });

    // 操作验证: both fields required, a wrong password shows the server msg and sends nothing.
    await dialog.getByTestId('remote-wrench').click();
    await page.getByTestId('remote-silence').click();
    const verify = page.getByTestId('verify-dialog');
    await expect(verify.locator('input[name=verifyUserName]')).toHaveValue('wangwu');
    await verify.getByRole('button', { name: '确认' }).click();
    await expect(verify.getByRole('alert')).toHaveText('密码不能为空');
    await verify.locator('input[name=verifyPassword]').fill('Not#ThePassword1');
    await verify.getByRole('button', { name: '确认' }).click();
    await expect(verify.getByTestId('verify-error')).not.toBeEmpty();
    const wrongMsg = await verify.getByTestId('verify-error').textContent();
    expect(wrongMsg).not.toBe('遥控成功');
    // One ingest round trip after the refusal: a command queued for the device would come back in its
    // answer. (The exact list after the right password below also counts any later one.)
    await gw.report({ 1001: 80, 1101: 35 });
    expect(gw.commands).toEqual([]);

    await verify.locator('input[name=verifyPassword]').fill('E2e#Demo2026');
    await verify.getByRole('button', { name: '确认' }).click();
    // The toast sits outside the modal, which hides the rest of the page from the accessibility tree.
    await expect(page.locator('[data-kind=success]', { hasText: '遥控成功' })).toBeVisible({ timeout: 15_000 });
    expect(gw.commands.map((c) => [c.type, c.controlpoint])).toEqual([['control', 1]]);

    // 查看 took the message off the list.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByTestId('bell').hover();
    await expect(page.getByTestId('notice').filter({ hasText: '487.5' })).toHaveCount(0);
  } finally {
    await gw.close();
  }
});

test('a socket that drops and comes back loses no alarm', async ({ page, context }) => {
  const gw = await Gateway.open(E2E_LIVE_URL, 34);
  try {
    await signIn(page, 'wangwu', '/home');
    await expect(page.getByTestId('bell')).toHaveAttribute('data-socket', 'open');
    await gw.report({ 1001: 90 });
    await context.setOffline(true);
    await expect(page.getByTestId('bell')).toHaveAttribute('data-socket', 'closed');
    // report() returns once the ingest has committed the batch and published its alarms: both while offline.
    await gw.report({ 1001: 512.25 });
    await gw.report({ 1102: 96.5 });
    await context.setOffline(false);
    await page.getByTestId('bell').hover();
    // the value in the measure's decimals and unit
    await expect(page.getByTestId('notice').filter({ hasText: gw.code }).filter({ hasText: '512.3 mA' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('notice').filter({ hasText: gw.code }).filter({ hasText: '96.5' })).toBeVisible();
  } finally {
    await gw.close();
  }
});

test('bell and device dialog in English, dark', async ({ page }) => {
  const gw = await Gateway.open(E2E_LIVE_URL, 35);
  gw.startHeartbeat();
  try {
    await signIn(page, 'wangwu', '/home');
    await expect(page.getByTestId('bell')).toHaveAttribute('data-socket', 'open');
    await page.getByTestId('theme-toggle').click();
    await page.getByTestId('lang-toggle').click();
    await gw.report({ 1103: 88.8 });
    await page.getByTestId('bell').hover();
    const notice = page.getByTestId('notice').filter({ hasText: gw.code }).filter({ hasText: '88.8' });
    await expect(notice).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/bell-dark-en.png` });
    await notice.getByTestId('notice-view').click();
    await expect(page.getByTestId('device-dialog')).toBeVisible();
    await expect(page.getByTestId('trend-group').first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/device-dialog-dark-en.png` });
  } finally {
    await gw.close();
  }
});

test('the bell panel at 1366×768: six messages in view at 14 px or more, actions as labelled buttons', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const gw = await Gateway.open(E2E_LIVE_URL, 35);
  const normal = { 1001: 80, 1101: 35, 1102: 35, 1103: 35, 1104: 35, 1401: 5, 1501: 0 };
  // an earlier spec may have left this device alarming: its alarms end before the page opens (an alarm
  // ends after two readings in a row below its release level)
  await gw.report(normal);
  await gw.report(normal);
  gw.startHeartbeat();
  try {
    await signIn(page, 'wangwu', '/home');
    await expect(page.getByTestId('bell')).toHaveAttribute('data-socket', 'open');
    // seven alarms of one device on five types (four temperature probes stay under the flood threshold of 5)
    await gw.report({ 1001: 401.5, 1101: 91, 1102: 92, 1103: 93, 1104: 94, 1401: 31.25, 1501: 1 });
    await page.getByTestId('bell').hover();
    const panel = page.getByTestId('bell-panel');
    const mine = panel.getByTestId('notice').filter({ hasText: gw.code });
    for (const value of ['401.5 mA', '91.0 ℃', '92.0 ℃', '93.0 ℃', '94.0 ℃', '31.25 kW', '故障'])
      await expect(mine.filter({ has: page.getByTestId('notice-value').getByText(value, { exact: true }) })).toHaveCount(1);
    const box = (await panel.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(768);
    // rows wholly inside the panel's scroll area, counted from the top
    const inView = await panel.locator('ul').evaluate((list) => {
      const area = list.getBoundingClientRect();
      return [...list.querySelectorAll('[data-testid=notice],[data-testid=notice-group]')].filter((li) => {
        const r = li.getBoundingClientRect();
        return r.top >= area.top - 0.5 && r.bottom <= area.bottom + 0.5;
      }).length;
    });
    expect(inView).toBeGreaterThanOrEqual(6);
    const row = mine.first();
    for (const el of [row, row.getByTestId('notice-value'), row.getByTestId('notice-read')]) {
      expect(parseFloat(await el.evaluate((e) => getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(14);
    }
    await expect(row.getByRole('button', { name: '已读' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/bell-1366-zh.png` });
  } finally {
    // the device back to normal: the alarms end, and later specs find it quiet
    await gw.report(normal);
    await gw.report(normal);
    await gw.close();
  }
});

test('on a console the popup keeps clear of the table’s pagination', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const gw = await Gateway.open(E2E_LIVE_URL, 35);
  gw.startHeartbeat();
  try {
    await signIn(page, 'wangwu', '/alarmEvent');
    const pagination = page.getByTestId('pagination');
    await expect(pagination).toBeVisible();
    // the alarm is pushed to the consoles connected when it is raised
    await expect(page.getByTestId('bell')).toHaveAttribute('data-socket', 'open');
    await gw.report({ 1001: 455.5 });
    const popup = page.getByTestId('alarm-popup');
    await expect(popup).toBeVisible({ timeout: 15_000 });
    const meets = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    // what it keeps clear of may move while it shows (the list reloads with the new alarm): it follows within a second
    await expect.poll(async () => meets((await popup.boundingBox())!, (await pagination.boundingBox())!), { timeout: 3_000 }).toBe(false);
    // the pagination sits bottom right at 1366: the popup took another corner (which one: tests/unit/clearCorner.test.ts)
    await expect(popup).not.toHaveAttribute('data-corner', 'bottom-right');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/popup-clear-of-pagination-1366.png` });
  } finally {
    await gw.report({ 1001: 80 });
    await gw.report({ 1001: 80 });
    await gw.close();
  }
});
