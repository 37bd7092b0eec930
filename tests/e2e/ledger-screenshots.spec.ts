import { test, expect, type Page } from './fixtures';
import { SCREENSHOT_DIR } from './helpers';
import { openIn, sharedPage } from './sharedPage';
import { selectRow } from './info-helpers';

/** The four views on one page, reloaded for each (sharedPage.ts). */
const shared = sharedPage({ user: 'zhangsan' });

async function prepare(page: Page, lang: 'zh_cn' | 'en', theme: 'bright' | 'dark') {
  await openIn(page, '/#/deviceManager', { lang, theme });
  await expect(page.getByTestId('ledger-tree').getByRole('treeitem').first()).toBeVisible();
}

const shot = (page: Page, name: string, theme: string, lang: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/ledger-${name}-${theme}-${lang}.png` });

for (const [lang, theme] of [
  ['zh_cn', 'bright'],
  ['en', 'dark'],
  ['zh_cn', 'dark'],
  ['en', 'bright'],
] as const) {
  test(`device ledger, ${lang} ${theme}`, async () => {
    const page = shared();
    const en = lang === 'en';
    await prepare(page, lang, theme);
    await page.getByTestId('ledger-tree').getByTitle('西湖文化广场').click();
    await expect(page.getByTestId('device-table').locator('tbody tr')).not.toHaveCount(0);
    await expect(page.getByTestId('loading-bar')).toHaveCount(0);
    await shot(page, 'screen', theme, lang);
    await page
      .getByTestId('node-panel')
      .getByRole('button', { name: en ? 'Edit node' : '编辑节点' })
      .click();
    await expect(page.getByTestId('node-form')).toBeVisible();
    await shot(page, 'node-form', theme, lang);
    await page.keyboard.press('Escape');
    const table = page.getByTestId('device-table');
    await selectRow(page, 'device-table', '1号配电箱');
    await table.getByRole('button', { name: en ? 'Thresholds' : '阈值设置' }).click();
    await expect(page.getByTestId('threshold-table')).toBeVisible();
    await shot(page, 'thresholds', theme, lang);
    await page.keyboard.press('Escape');
    await page
      .getByTestId('node-panel')
      .getByRole('button', { name: en ? 'Delete node' : '删除节点' })
      .click();
    await expect(page.getByTestId('delete-explain')).toBeVisible();
    await shot(page, 'delete', theme, lang);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: en ? 'Children status' : '下级状态' }).click();
    await expect(page.getByTestId('child-status-table').locator('tbody tr')).not.toHaveCount(0);
    await shot(page, 'status', theme, lang);
  });
}
