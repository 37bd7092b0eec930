import { test, expect, type Page } from './fixtures';
import { SCREENSHOT_DIR } from './helpers';
import { openConsole, settled } from './notify-helpers';

/**
 * Two save dialogs on the form hook (src/app/ui/form) refusing an empty form at the smallest desktop
 * size, in both languages: each field's message under it, and a picture of each to look at.
 */
test.use({ viewport: { width: 1366, height: 768 } });

const words = {
  zh_cn: {
    create: '新建',
    save: '保存',
    userDialog: '新建用户',
    channels: '通知渠道',
    channelDialog: '新建通知渠道',
    userAlerts: ['长度在 1 到 20 个字符', '请选择角色', '密码需含有大写、小写字母、数字和特殊字符，且长度为8~18位', '请再次输入密码'],
    channelAlerts: ['渠道名称不能为空', '请选择渠道类型'],
  },
  en: {
    create: 'New',
    save: 'Save',
    userDialog: 'New user',
    channels: 'Notification channels',
    channelDialog: 'New notification channel',
    userAlerts: [
      'Length 1 to 20 characters',
      'Please choose the role',
      'The password needs upper and lower case letters, a digit and a special character, 8 to 18 characters',
      'Enter the password again',
    ],
    channelAlerts: ['Channel name must not be empty', 'Please choose the Kind'],
  },
} as const;

async function refuseEmpty(page: Page, dialogName: string, save: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('button', { name: save, exact: true }).click();
  await expect(dialog.getByRole('alert').first()).toBeVisible();
  return dialog;
}

for (const lang of ['zh_cn', 'en'] as const) {
  const w = words[lang];
  test(`save dialogs show each field's message, ${lang}`, async ({ page }) => {
    await openConsole(page, 'zhangsan', lang, 'bright', '/home');

    await page.goto('/#/usermanage');
    await page.getByTestId('user-table').getByRole('button', { name: w.create, exact: true }).click();
    const user = await refuseEmpty(page, w.userDialog, w.save);
    await expect(user.getByRole('alert')).toHaveText([...w.userAlerts]);
    await settled(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/form-user-dialog-${lang}.png` });
    await page.keyboard.press('Escape');
    await expect(user).toHaveCount(0);

    await page.goto('/#/systemConfig');
    await page.getByRole('tab', { name: w.channels }).click();
    await page.getByTestId('channel-table').getByRole('button', { name: w.create, exact: true }).click();
    const channel = await refuseEmpty(page, w.channelDialog, w.save);
    await expect(channel.getByRole('alert')).toHaveText([...w.channelAlerts]);
    await settled(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/form-channel-dialog-${lang}.png` });
  });
}
