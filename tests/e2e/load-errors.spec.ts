import { test, expect, type Page } from './fixtures';
import { apiToken, loginViaForm, signIn } from './helpers';
import { unique } from './info-helpers';

/** Issue 15 item 5: errors are not empty states. */

const NETWORK = '请检查网络是否连接正常';
const errorToasts = (page: Page) => page.locator('[data-kind=error]');

async function openUsers(page: Page) {
  await signIn(page, 'zhangsan', '/home');
}

test('a failed load shows the reason and 重试 in place of the table, never 暂无数据; 重试 loads it', async ({ page }) => {
  await openUsers(page);
  let attempts = 0;
  await page.route('**/auth/v1/user/queryByName*', (route) => {
    attempts++;
    return route.abort('connectionrefused');
  });
  await page.goto('/#/usermanage');
  const table = page.getByTestId('user-table');
  const panel = table.getByTestId('load-error');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('加载失败');
  await expect(panel.getByTestId('load-error-reason')).toHaveText(NETWORK);
  await expect(table.getByText('暂无数据')).toHaveCount(0);
  // a read is tried again with backoff before it is given up: 1 + 3 attempts
  expect(attempts).toBe(4);
  await expect(errorToasts(page)).toHaveCount(1);

  await page.unroute('**/auth/v1/user/queryByName*');
  await panel.getByRole('button', { name: '重试' }).click();
  await expect(table.locator('tbody tr').filter({ hasText: 'lisi' })).toBeVisible();
  await expect(table.getByTestId('load-error')).toHaveCount(0);
});

test('an empty result shows 暂无数据 and no error', async ({ page }) => {
  await openUsers(page);
  await page.goto('/#/usermanage');
  const table = page.getByTestId('user-table');
  await expect(table.locator('tbody tr').filter({ hasText: 'lisi' })).toBeVisible();
  await page.locator('input[name=queryName]').fill(unique('nobody'));
  await page.getByRole('button', { name: '查询' }).click();
  await expect(table.getByText('暂无数据')).toBeVisible();
  await expect(table.getByTestId('load-error')).toHaveCount(0);
  await expect(errorToasts(page)).toHaveCount(0);
});

test('one toast per cause however many requests fail', async ({ page }) => {
  await openUsers(page);
  let failed = 0;
  // every read of the screen (users, roles, tenants) fails on the same outage
  await page.route('**/auth/v1/**', (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    failed++;
    return route.abort('connectionrefused');
  });
  await page.goto('/#/usermanage');
  await expect(page.getByTestId('user-table').getByTestId('load-error')).toBeVisible();
  expect(failed).toBeGreaterThanOrEqual(3 * 4);
  await expect(errorToasts(page)).toHaveCount(1);
  await expect(errorToasts(page)).toHaveText(NETWORK);
});

test('a read that fails for a moment is retried and shows its data without any error', async ({ page }) => {
  await openUsers(page);
  let attempts = 0;
  await page.route('**/auth/v1/user/queryByName*', (route) => {
    attempts++;
    return attempts <= 2 ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.fallback();
  });
  await page.goto('/#/usermanage');
  const table = page.getByTestId('user-table');
  await expect(table.locator('tbody tr').filter({ hasText: 'lisi' })).toBeVisible();
  expect(attempts).toBe(3);
  await expect(table.getByTestId('load-error')).toHaveCount(0);
  await expect(errorToasts(page)).toHaveCount(0);
});

test('a write is never retried behind the user’s back: one attempt, and its failure is shown', async ({ page }) => {
  await page.clock.install();
  await openUsers(page);
  await page.goto('/#/rolemanage');
  let writes = 0;
  await page.route('**/auth/v1/role', (route) => {
    if (route.request().method() === 'GET') return route.fallback();
    writes++;
    return route.fulfill({ status: 503, body: 'Service Unavailable' });
  });
  await page.getByTestId('role-table').getByRole('button', { name: '新建' }).click();
  const dialog = page.getByRole('dialog', { name: '新建角色' });
  await dialog.locator('input[name=name]').fill(unique('重试角色'));
  const tree = dialog.getByTestId('permission-tree');
  await tree.getByRole('searchbox').fill('wp_operate_log');
  await tree.getByRole('checkbox', { name: '操作日志（wp_operate_log）' }).check();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(errorToasts(page)).toHaveText(NETWORK);
  // the dialog stays open with what was typed, so the user can save again
  await expect(dialog.locator('input[name=name]')).not.toHaveValue('');
  // far past every retry delay a read would get
  await page.clock.runFor(10_000);
  expect(writes).toBe(1);
});

test('the monitor shows why its figures could not be read, with 重试', async ({ page }) => {
  await signIn(page, 'zhangsan', '/home');
  await page.route('**/monitor/global/statis/**', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.reload();
  const panel = page.getByTestId('monitor-error');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('load-error-reason')).toHaveText(NETWORK);
  await expect(errorToasts(page)).toHaveCount(1);
  await page.unroute('**/monitor/global/statis/**');
  await panel.getByRole('button', { name: '重试' }).click();
  await expect(panel).toHaveCount(0);
});

test('a history query that fails shows its reason with 重试 in place of the curve; one that fails for a moment is retried', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'lisi');
  const tree = (await (await request.get('/devicedata/api/comm/v1/device/tree', { headers: { Authorization: `Bearer ${token}` } })).json())
    .data as { id: number; modelLabel: string; children?: unknown[] }[];
  const firstTerminal = (nodes: typeof tree): number | undefined => {
    for (const n of nodes) {
      if (n.modelLabel === 'terminal') return n.id;
      const below = firstTerminal((n.children ?? []) as typeof tree);
      if (below !== undefined) return below;
    }
    return undefined;
  };
  const device = firstTerminal(tree)!;
  await loginViaForm(page, 'lisi');
  await page.waitForURL(/#\/(?!login)/);
  let calls = 0;
  await page.route('**/history/series', (route) => {
    calls++;
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 5000, msg: '服务器内部错误，请稍后再试', data: null }),
    });
  });
  const day = Date.now() - 86_400_000;
  await page.goto(`/#/historyData?devices=${device}&measures=1001&from=${day}&to=${day + 3_600_000}`);
  const trend = page.getByTestId('trend');
  const panel = trend.getByTestId('load-error');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('load-error-reason')).toHaveText('服务器内部错误，请稍后再试');
  expect(calls).toBe(4);
  await page.unroute('**/history/series');
  // the next query fails once, then answers: no error is shown
  let again = 0;
  await page.route('**/history/series', (route) => (++again === 1 ? route.fulfill({ status: 503, body: '' }) : route.fallback()));
  await panel.getByRole('button', { name: '重试' }).click();
  // the count of points shows only once a query has answered (data-loading is still 'false' in the
  // moment between the click and the retried query starting, so it cannot tell the answer came)
  await expect(trend.getByTestId('trend-count')).toBeVisible();
  await expect(trend).toHaveAttribute('data-loading', 'false');
  await expect(trend.getByTestId('load-error')).toHaveCount(0);
  expect(again).toBe(2);
});

test('on a narrow screen the event list says why it is empty where it can be seen, not in the middle of its 15 columns', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openUsers(page);
  await page.route('**/wisdompower/v1/event/**', (route) => route.abort('connectionrefused'));
  await page.goto('/#/alarmEvent');
  const scroller = page.getByTestId('event-scroller');
  const panel = scroller.getByTestId('load-error');
  await expect(panel).toBeVisible();
  const [box, view] = await Promise.all([panel.getByRole('button', { name: '重试' }).boundingBox(), scroller.boundingBox()]);
  // the table is wider than the screen; its message sits within the part one sees
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(box!.x).toBeGreaterThanOrEqual(view!.x);
  expect(box!.x + box!.width).toBeLessThanOrEqual(view!.x + view!.width);
  await page.unroute('**/wisdompower/v1/event/**');
});
