import { test, expect } from './fixtures';
import { SCREENSHOT_DIR } from './helpers';
import { openIn, sharedPage } from './sharedPage';

const SCREENS = [
  { path: '/usermanage', name: 'usermanage', ready: 'user-table' },
  { path: '/rolemanage', name: 'rolemanage', ready: 'role-table' },
  { path: '/usergroupmanage', name: 'usergroupmanage', ready: 'group-table' },
  { path: '/systemConfig', name: 'systemconfig', ready: 'settings-form' },
  { path: '/log', name: 'log', ready: 'log-table' },
];

test.describe('the information screens in both languages and themes', () => {
  const shared = sharedPage({ user: 'zhangsan' });

  for (const [lang, theme] of [
    ['zh_cn', 'bright'],
    ['en', 'dark'],
  ] as const) {
    test(`information screens, ${lang} ${theme}`, async () => {
      const page = shared();
      await openIn(page, '/#/home', { lang, theme });
      for (const s of SCREENS) {
        await page.goto(`/#${s.path}`);
        await expect(page.getByTestId(s.ready)).toBeVisible();
        await expect(page.getByTestId('loading-bar')).toHaveCount(0);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/info-${s.name}-${theme}-${lang}.png` });
      }
      await page.goto('/#/rolemanage');
      await page.getByTestId('role-table').locator('tbody tr').first().click();
      await page
        .getByTestId('role-table')
        .getByRole('button', { name: lang === 'en' ? 'Edit' : '编辑' })
        .click();
      await expect(page.getByTestId('permission-tree')).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/info-role-dialog-${theme}-${lang}.png` });
      await page.keyboard.press('Escape');
      await page.goto('/#/systemConfig');
      await page.getByRole('tab').nth(3).click();
      await expect(page.getByTestId('graph-tree').getByRole('treeitem').first()).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/info-graphtree-${theme}-${lang}.png` });
    });
  }
});

test.describe('the user group dialog in both languages and themes', () => {
  const shared = sharedPage({ user: 'zhangsan' });

  for (const [lang, theme] of [
    ['zh_cn', 'dark'],
    ['en', 'bright'],
  ] as const) {
    test(`user group dialog, ${lang} ${theme}`, async () => {
      const page = shared();
      await openIn(page, '/#/usergroupmanage', { lang, theme });
      await page
        .getByTestId('group-table')
        .getByRole('button', { name: lang === 'en' ? 'New' : '新建' })
        .click();
      await expect(page.getByTestId('member-tree')).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/info-group-dialog-${theme}-${lang}.png` });
    });
  }
});
