import { test, expect, type Page } from './fixtures';
import { apiToken, expectPath, loginViaForm, passwordOf } from './helpers';

/**
 * Issue 17: the entry chunk is the login page and the session only. What a signed-in user needs
 * comes in chunks, fetched ahead (idle on the login page, idle after sign-in) so nothing waits.
 */

/** Records, from now on, whether the page ever showed `selector` (optionally: while `unless` was absent). */
async function watchFor(page: Page, selector: string, unless?: string) {
  await page.evaluate(
    ([selector, unless]) => {
      const w = window as unknown as { __seen?: boolean };
      w.__seen = false;
      const look = () => {
        if (document.querySelector(selector!) && !(unless && document.querySelector(unless))) w.__seen = true;
      };
      new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
      look();
    },
    [selector, unless],
  );
  return () => page.evaluate(() => (window as unknown as { __seen?: boolean }).__seen);
}

test('the signed-in chunk arrives while the login form is idle: signing in goes from the form straight to the frame', async ({ page }) => {
  const prefetched = page.waitForResponse(/\/assets\/signedIn-[^/]*\.js$/);
  await page.goto('/#/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await prefetched;
  const sawFullPageWait = await watchFor(page, '[data-testid=splash]', '[data-shell]');
  await page.locator('input[name=userName]').fill('zhangsan');
  await page.locator('input[name=password]').fill(passwordOf('zhangsan'));
  await page.locator('input[name=password]').press('Enter');
  await expectPath(page, '/home');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  expect(await sawFullPageWait()).toBe(false);
});

test("after sign-in the menu's screens are fetched ahead: opening one shows it without a loading placeholder", async ({ page }) => {
  // the screen's chunk and its language namespace (a screen's loader waits for both)
  const prefetched = Promise.all([
    page.waitForResponse(/\/assets\/HistoryDataScreen-[^/]*\.js$/),
    page.waitForResponse(/\/assets\/history-[\w-]{8}\.js$/),
  ]);
  await loginViaForm(page, 'zhangsan');
  await expectPath(page, '/home');
  await prefetched;
  // both evaluated and the loader's promise settled: the page has been idle once since
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  const sawPlaceholder = await watchFor(page, '[data-testid=screen-loading]');
  await page.locator('[data-menu-item="/historyData"]').click();
  await expect(page.getByRole('heading', { name: '历史数据' })).toBeVisible();
  expect(await sawPlaceholder()).toBe(false);
});

test('a signed-in chunk that fails to load shows an error with a retry that works', async ({ page }) => {
  await page.route(/\/assets\/signedIn-[^/]*\.js$/, (route) => route.abort());
  await loginViaForm(page, 'zhangsan');
  await expect(page.getByRole('alert').filter({ hasText: '页面加载失败' })).toBeVisible();
  await page.unroute(/\/assets\/signedIn-[^/]*\.js$/);
  await page.getByRole('button', { name: '重试' }).click();
  await expectPath(page, '/home');
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

test('a wall link with a token fetches the frame and its screen while the token is still being checked', async ({ page, request }) => {
  const token = await apiToken(request, 'zhangsan', 'kiosk');
  // The user's profile is held back until both chunks have been asked for: they load beside the check, not after it.
  const chunks = Promise.all([
    page.waitForRequest(/\/assets\/signedIn-[^/]*\.js$/),
    page.waitForRequest(/\/assets\/RealTimeScreen-[^/]*\.js$/),
  ]);
  await page.route(/\/auth\/v1\/user$/, async (route) => {
    await chunks;
    await route.fallback();
  });
  await page.goto(`/?token=${encodeURIComponent(token)}#/realTime`);
  await expectPath(page, '/realTime');
  await expect(page.getByTestId('wall')).toBeVisible();
});

test("a screen's language namespace comes with the screen: none on the login page, and one that fails to load shows the retry", async ({
  page,
}) => {
  // Issue 27: the packs are split by feature (src/app/i18n/namespaces.ts); each feature's namespace is a chunk named after it.
  const featurePack = /\/assets\/(monitor|realtime|history|alarms|notify|workorders|reports|ledger|users|system|platform)-[\w-]{8}\.js$/;
  const ledgerPack = /\/assets\/ledger-[\w-]{8}\.js$/;
  const asked: string[] = [];
  page.on('request', (r) => {
    if (featurePack.test(r.url())) asked.push(r.url());
  });
  const prefetched = page.waitForResponse(/\/assets\/signedIn-[^/]*\.js$/);
  await page.goto('/#/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await prefetched;
  expect(asked).toEqual([]);

  await page.route(ledgerPack, (route) => route.abort());
  await loginViaForm(page, 'zhangsan');
  await expectPath(page, '/home');
  await page.goto('/#/deviceManager');
  await expect(page.getByRole('alert').filter({ hasText: '页面加载失败' })).toBeVisible();
  expect(asked.some((u) => ledgerPack.test(u))).toBe(true);
  await page.unroute(ledgerPack);
  await page.getByRole('button', { name: '重试' }).click();
  await expect(
    page
      .getByRole('tab', { name: '设备列表' })
      .or(page.getByRole('button', { name: '设备列表' }))
      .first(),
  ).toBeVisible();
});
