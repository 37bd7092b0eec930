import { test, expect, type Locator, type Page } from './fixtures';
import { seriousViolations } from './axe';
import { expectPath, loginViaForm, signIn } from './helpers';

/** Issue 15 item 7: keyboard and screen readers. */

const ROUTES = [
  '/home',
  '/realTime',
  '/realtimeData',
  '/historyData',
  '/alarmEvent',
  '/analysisReport',
  '/deviceManager',
  '/remoteSetting',
  '/usermanage',
  '/rolemanage',
  '/usergroupmanage',
  '/systemConfig',
  '/log',
  '/platform/monitor',
  '/platform/operate',
  '/platform/user',
];

/**
 * The rules whose outcome depends on the colours: the second theme is checked against these only, the
 * structure, names and roles being the same markup in both.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function settled(page: Page) {
  await expect(page.getByTestId('loading-bar')).toHaveCount(0);
}

for (const theme of ['bright', 'dark'] as const) {
  // every rule in the bright theme; the colour rules again in the dark one
  const rules = theme === 'dark' ? COLOUR_RULES : undefined;
  test(`axe finds no serious or critical violation on any route in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.addInitScript((th) => localStorage.setItem('vg.theme', th), theme);
    const found: string[] = [];
    await page.goto('/#/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
    found.push(...(await seriousViolations(page, '/login', rules)));
    await loginViaForm(page, 'root');
    await expectPath(page, '/platform/monitor');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    for (const route of ROUTES) {
      await page.goto(`/#${route}`);
      await expectPath(page, route);
      await settled(page);
      found.push(...(await seriousViolations(page, route, rules)));
    }
    // a dialog open over a screen, and the empty-permission screen
    await page.goto('/#/usermanage');
    await settled(page);
    await page.getByRole('button', { name: '新建' }).click();
    await expect(page.getByRole('dialog').getByRole('heading')).toBeVisible();
    found.push(...(await seriousViolations(page, '/usermanage dialog', rules)));
    await page.keyboard.press('Escape');
    await page.goto('/#/noPermission');
    await expectPath(page, '/noPermission');
    found.push(...(await seriousViolations(page, '/noPermission', rules)));
    expect(found).toEqual([]);
  });
}

test('a skip link is the first tab stop and takes the keyboard to the content', async ({ page }) => {
  await signIn(page, 'zhangsan', '/usermanage');
  await expectPath(page, '/usermanage');
  await settled(page);
  // a fresh page: the first Tab starts from the top of the document
  await page.reload();
  await expect(page.getByRole('heading', { name: '用户管理' })).toBeVisible();
  await settled(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: '跳到主要内容' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await expectPath(page, '/usermanage');
  // the next stop is inside the content, past the header and the whole menu
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(
    () => !!document.activeElement?.closest('main') && document.activeElement !== document.querySelector('main'),
  );
  expect(inMain).toBe(true);
});

test('the ledger tree follows the WAI-ARIA tree pattern: arrows, Home/End, type-ahead, Enter selects', async ({ page }) => {
  await signIn(page, 'zhangsan', '/deviceManager');
  const tree = page.getByRole('tree', { name: '台账结构' });
  await expect(tree.getByRole('treeitem').first()).toBeVisible();
  await tree.focus();
  await expect(tree).toBeFocused();
  const active = async () => {
    const id = await tree.getAttribute('aria-activedescendant');
    return id ? page.locator(`[id="${id}"]`) : null;
  };
  // a row's text without its expand arrow (hidden from screen readers, but part of innerText)
  const textOf = async (row: Locator) => (await row.innerText()).replace('▸', '').trim();
  const activeText = async () => textOf((await active())!);
  const items = tree.getByRole('treeitem');
  const first = await textOf(items.first());
  expect(await activeText()).toBe(first);
  await page.keyboard.press('ArrowDown');
  expect(await activeText()).toBe(await textOf(items.nth(1)));
  await page.keyboard.press('End');
  expect(await activeText()).toBe(await textOf(items.last()));
  await page.keyboard.press('Home');
  expect(await activeText()).toBe(first);
  // ← on an open root closes it; → opens it again; → once more moves to its first child
  const root = (await active())!;
  await expect(root).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(root).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowRight');
  await expect(root).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowRight');
  await expect((await active())!).toHaveAttribute('aria-level', '2');
  // ← on the open child closes it, ← again goes back to its parent
  const child = (await active())!;
  await page.keyboard.press('ArrowLeft');
  await expect(child).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowLeft');
  expect(await activeText()).toBe(first);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(child).toHaveAttribute('aria-expanded', 'true');
  // type-ahead: open a project (its devices are named 1号配电箱…, 2号配电箱…) and type the first letter
  const project = items.filter({ hasText: '西湖文化广场' });
  await project.locator('[title]').click();
  await expect(page.getByTestId('selected-node')).toHaveText('西湖文化广场');
  await tree.focus();
  expect(await activeText()).toBe('西湖文化广场');
  await page.keyboard.press('ArrowRight');
  await expect(project).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.type('2');
  const target = await activeText();
  expect(target).toMatch(/^2号配电箱/);
  await expect((await active())!).toHaveAttribute('aria-level', '5');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('selected-node')).toHaveText(target);
  await expect((await active())!).toHaveAttribute('aria-selected', 'true');
});

test('dialogs trap focus and give it back to what opened them', async ({ page }) => {
  await signIn(page, 'zhangsan', '/home');
  const opener = page.getByTestId('user-menu');
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '用户信息' });
  await expect(dialog.getByRole('heading', { name: '用户信息' })).toBeVisible();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('the notification panel closes on Escape and gives focus back to the bell', async ({ page }) => {
  await signIn(page, 'zhangsan', '/home');
  const bell = page.getByTestId('bell');
  await bell.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('bell-panel');
  await expect(panel).toBeVisible();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  // the next tab stop is inside the panel
  expect(await panel.evaluate((p) => p.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(bell).toBeFocused();
});

test('a checkable tree checks with Space and reports it as aria-checked', async ({ page }) => {
  await signIn(page, 'zhangsan', '/rolemanage');
  await page.getByTestId('role-table').getByRole('button', { name: '新建' }).click();
  const dialog = page.getByRole('dialog', { name: '新建角色' });
  const tree = dialog.getByTestId('permission-tree').getByRole('tree');
  await tree.focus();
  const active = async () => page.locator(`[id="${await tree.getAttribute('aria-activedescendant')}"]`);
  await page.keyboard.press('End');
  const last = await active();
  await expect(last).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press(' ');
  await expect(last).toHaveAttribute('aria-checked', 'true');
  await expect(last.getByRole('checkbox')).toBeChecked();
  await page.keyboard.press(' ');
  await expect(last).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Escape');
});
