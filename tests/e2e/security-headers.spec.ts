import { test, expect } from './fixtures';
import { expectPath, loginViaForm } from './helpers';

/**
 * The app works under its own security headers (docs/security.md): every screen, the series worker
 * and the socket, with no Content-Security-Policy violation reported by the browser.
 */
test('every screen, the worker and the socket run under the CSP without a violation', async ({ page }) => {
  const violations: string[] = [];
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });

  const first = await page.goto('/#/login');
  const headers = first!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');

  await loginViaForm(page, 'zhangsan');
  await expectPath(page, '/home');
  await expect(page.getByTestId('bell')).toHaveAttribute('data-socket', 'open');
  for (const path of [
    '/realTime',
    '/realtimeData',
    '/alarmEvent',
    '/analysisReport',
    '/deviceManager',
    '/remoteSetting',
    '/systemConfig',
    '/log',
  ]) {
    await page.goto(`/#${path}`);
    await expectPath(page, path);
    await expect(page.locator('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // the history screen's trend runs in the comlink worker
  await page.goto('/#/historyData');
  await expectPath(page, '/historyData');
  const tree = page.getByTestId('history-tree');
  await tree.locator('[data-node-id^="terminal:"] input[type=checkbox]').first().check();
  await expect(page.getByTestId('trend')).toHaveAttribute('data-loading', 'false');

  const reported = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  expect([...reported, ...violations]).toEqual([]);
});
