import { createHmac } from 'node:crypto';
import { test, expect, type Page } from './fixtures';
import { SCREENSHOT_DIR } from './helpers';
import { expectToast, selectRow, unique } from './info-helpers';
import { NotifyApi, openConsole, Receiver, settled } from './notify-helpers';

/**
 * Issue 28, console side: 系统配置 → 通知渠道 and 通知规则 in both languages. A webhook channel points at
 * a receiver the test runs; 测试发送 shows what that receiver answered, and the receiver got a signed body.
 */
let receiver: Receiver;
test.beforeAll(async () => {
  receiver = await Receiver.start();
});
test.afterAll(async () => {
  await receiver.stop();
});

const words = {
  zh_cn: {
    channels: '通知渠道',
    rules: '通知规则',
    create: '新建',
    edit: '编辑',
    save: '保存',
    saved: '保存成功!',
    webhook: '通用Webhook',
    channelDialog: '新建通知渠道',
    editDialog: '编辑通知渠道',
    ruleDialog: '新建通知规则',
    test: '测试发送',
    answered: '接收方应答',
    close: '关闭',
    accident: '事故',
    alarm: '报警',
    levelRequired: '请选择告警等级',
    allProjects: '全部项目（含以后新增）',
  },
  en: {
    channels: 'Notification channels',
    rules: 'Notification rules',
    create: 'New',
    edit: 'Edit',
    save: 'Save',
    saved: 'Saved',
    webhook: 'Generic webhook',
    channelDialog: 'New notification channel',
    editDialog: 'Edit notification channel',
    ruleDialog: 'New notification rule',
    test: 'Send test',
    answered: 'The receiver answered',
    close: 'Close',
    accident: 'Accident',
    alarm: 'Alarm',
    levelRequired: 'Choose at least one level',
    allProjects: 'All projects (including later ones)',
  },
} as const;

async function createChannel(page: Page, w: (typeof words)[keyof typeof words], name: string, secret: string) {
  await page.getByRole('tab', { name: w.channels }).click();
  await page.getByTestId('channel-table').getByRole('button', { name: w.create, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: w.channelDialog });
  await dialog.locator('input[name=name]').fill(name);
  await dialog.locator('select[name=kind]').selectOption({ label: w.webhook });
  await dialog.locator('input[name=url]').fill(receiver.url);
  await dialog.locator('input[name=secret]').fill(secret);
  await dialog.getByRole('button', { name: w.save }).click();
  await expectToast(page, w.saved);
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId('channel-table').locator('tbody tr').filter({ hasText: name });
  await expect(row).toContainText(w.webhook);
  await expect(row).toContainText(receiver.url);
  // the secret is stored, never shown
  await expect(row).toContainText('******');
  await expect(row).not.toContainText(secret);
  return row;
}

for (const [lang, theme, size] of [
  ['zh_cn', 'bright', { width: 1366, height: 768 }],
  ['en', 'dark', { width: 1920, height: 1080 }],
] as const) {
  test(`通知渠道 and 通知规则 in ${lang}, ${theme} ${size.width}×${size.height}: create, 测试发送 shows the receiver's answer, edit, rule`, async ({
    page,
  }) => {
    const w = words[lang];
    const name = unique(lang === 'en' ? 'Duty hook ' : '值班群');
    const secret = `s3cret-${Date.now()}`;
    await page.setViewportSize(size);
    await openConsole(page, 'zhangsan', lang, theme, '/home');
    await page.goto('/#/systemConfig');
    await settled(page);
    const row = await createChannel(page, w, name, secret);

    // 测试发送: the receiver's status and answer, and the body signed with the channel's secret
    receiver.received.length = 0;
    await row.getByTestId('channel-test').click();
    const result = page.getByTestId('channel-test-result');
    await expect(result).toHaveAttribute('data-state', 'ok');
    await expect(page.getByTestId('channel-test-outcome')).toContainText(w.answered);
    await expect(page.getByTestId('channel-test-status')).toHaveText('200');
    await expect(page.getByTestId('channel-test-body')).toContainText('"receivedBy":"e2e"');
    expect(receiver.received).toHaveLength(1);
    const hit = receiver.received[0]!;
    expect(hit.headers['x-voltguard-signature']).toBe(`sha256=${createHmac('sha256', secret).update(hit.body).digest('hex')}`);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/notify-channel-test-${theme}-${lang}.png` });
    await page.getByRole('dialog').getByRole('button', { name: w.close }).last().click();

    // a receiver that answers 500: the result says so in words, with its status and body
    receiver.answer = { status: 500, body: 'upstream broken' };
    await row.getByTestId('channel-test').click();
    await expect(result).toHaveAttribute('data-state', 'failed');
    await expect(page.getByTestId('channel-test-status')).toHaveText('500');
    await expect(page.getByTestId('channel-test-error')).toContainText('500');
    await expect(page.getByTestId('channel-test-body')).toContainText('upstream broken');
    receiver.answer = { status: 200, body: '{"errcode":0,"errmsg":"ok","receivedBy":"e2e"}' };
    await page.getByRole('dialog').getByRole('button', { name: w.close }).last().click();

    // edit: the secret stays masked in the form, and saving it masked keeps it
    await selectRow(page, 'channel-table', name);
    await page.getByTestId('channel-table').getByRole('button', { name: w.edit, exact: true }).click();
    const edit = page.getByRole('dialog', { name: w.editDialog });
    await expect(edit.locator('input[name=secret]')).toHaveValue('******');
    await edit.locator('input[name=name]').fill(`${name}2`);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/notify-channel-dialog-${theme}-${lang}.png` });
    await edit.getByRole('button', { name: w.save }).click();
    await expectToast(page, w.saved);
    const renamed = page
      .getByTestId('channel-table')
      .locator('tbody tr')
      .filter({ hasText: `${name}2` });
    receiver.received.length = 0;
    await renamed.getByTestId('channel-test').click();
    await expect(result).toHaveAttribute('data-state', 'ok');
    const again = receiver.received[0]!;
    expect(again.headers['x-voltguard-signature']).toBe(`sha256=${createHmac('sha256', secret).update(again.body).digest('hex')}`);
    await page.getByRole('dialog').getByRole('button', { name: w.close }).last().click();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/notify-channels-${theme}-${lang}.png` });

    // a rule: levels are required; 事故 and 报警 of every project to the channel, with quiet hours
    const ruleName = unique(lang === 'en' ? 'Night duty ' : '夜班');
    await page.getByRole('tab', { name: w.rules }).click();
    await page.getByTestId('rule-table').getByRole('button', { name: w.create, exact: true }).click();
    const ruleDialog = page.getByRole('dialog', { name: w.ruleDialog });
    await ruleDialog.locator('input[name=name]').fill(ruleName);
    await ruleDialog
      .getByTestId('rule-channels')
      .getByRole('button', { name: `${name}2` })
      .click();
    await ruleDialog.getByRole('button', { name: w.save }).click();
    await expect(ruleDialog.getByTestId('rule-levels').getByRole('alert')).toHaveText(w.levelRequired);
    await ruleDialog.getByTestId('rule-levels').getByRole('button', { name: w.accident }).click();
    await ruleDialog.getByTestId('rule-levels').getByRole('button', { name: w.alarm }).click();
    await expect(ruleDialog.getByTestId('rule-projects').getByRole('button', { name: w.allProjects })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await ruleDialog.locator('input[name=quiet]').check();
    await ruleDialog.locator('input[name=sendEnd]').check();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/notify-rule-dialog-${theme}-${lang}.png` });
    await ruleDialog.getByRole('button', { name: w.save }).click();
    await expectToast(page, w.saved);
    const ruleRow = page.getByTestId('rule-table').locator('tbody tr').filter({ hasText: ruleName });
    await expect(ruleRow).toContainText(`${name}2`);
    await expect(ruleRow).toContainText('22:00–07:00');
    await expect(ruleRow.locator('[data-alarm-state=accident]')).toBeVisible();
    await expect(ruleRow.locator('[data-alarm-state=alarm]')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/notify-rules-${theme}-${lang}.png` });

    // the server holds what the screens said; then both go, so no later alarm is sent to this receiver
    const api = await NotifyApi.as('zhangsan');
    const channel = (await api.channels()).find((c) => c.name === `${name}2`)!;
    expect(JSON.stringify(channel)).not.toContain(secret);
    const rules = await api.call<{ id: number; name: string; levels: number[]; channelIds: number[]; quietHours: unknown }[]>(
      'GET',
      '/notify/v1/rule',
    );
    const rule = rules.find((r) => r.name === ruleName)!;
    expect(rule).toMatchObject({ levels: [1, 2], channelIds: [channel.id], quietHours: { from: '22:00', to: '07:00' } });
    await api.deleteRule(rule.id);
    await api.deleteChannel(channel.id);
    await api.dispose();
  });
}

test('root names the tenant of a new channel; 企业微信 test; delete with confirmation', async ({ page }) => {
  const name = unique('企微群');
  await openConsole(page, 'root', 'zh_cn', 'bright', '/platform/monitor');
  await page.goto('/#/systemConfig');
  await page.getByRole('tab', { name: '通知渠道' }).click();
  await page.getByTestId('channel-table').getByRole('button', { name: '新建', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新建通知渠道' });
  await dialog.locator('input[name=name]').fill(name);
  await dialog.locator('select[name=kind]').selectOption({ label: '企业微信' });
  await expect(dialog.locator('input[name=secret]')).toHaveCount(0);
  await dialog.locator('input[name=url]').fill(`${receiver.url}?key=robot-key`);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('请选择租户');
  await dialog.locator('select[name=tenantId]').selectOption({ label: '西南智慧用电' });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '保存成功!');
  const row = page.getByTestId('channel-table').locator('tbody tr').filter({ hasText: name });
  await expect(row).toContainText('西南智慧用电');
  await expect(row).toContainText('企业微信');
  // the robot key in the URL is a secret too
  await expect(row).not.toContainText('robot-key');

  receiver.received.length = 0;
  await row.getByTestId('channel-test').click();
  await expect(page.getByTestId('channel-test-result')).toHaveAttribute('data-state', 'ok');
  expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ msgtype: 'markdown' });
  await page.getByRole('dialog').getByRole('button', { name: '关闭' }).last().click();

  // the tenant's own administrator sees it; zhangsan's tenant does not
  const wangwu = await NotifyApi.as('wangwu');
  expect((await wangwu.channels()).map((c) => c.name)).toContain(name);
  await wangwu.dispose();
  const zhangsan = await NotifyApi.as('zhangsan');
  expect((await zhangsan.channels()).map((c) => c.name)).not.toContain(name);
  await zhangsan.dispose();

  await selectRow(page, 'channel-table', name);
  await page.getByTestId('channel-table').getByRole('button', { name: '删除', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText(`确定要删除通知渠道 “${name}” 吗？`);
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expectToast(page, '删除成功!');
  await expect(row).toHaveCount(0);
});
