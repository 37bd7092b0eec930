import { test, expect, type Page } from './fixtures';
import type { DeliveryDto } from '../../domain/schemas/notify';
import { SCREENSHOT_DIR } from './helpers';
import { expectToast, selectRow, unique } from './info-helpers';
import { ingest } from './alarm-event-helpers';
import { NotifyApi, openConsole, Receiver, settled, terminalsWithProject, type TerminalIn } from './notify-helpers';

/**
 * Issue 28 end to end through the console: a rule sends a probe failure (事故) raised through the real
 * ingest path to a webhook the test runs. The event's 详情 shows the delivery, 通知记录 lists it as
 * 已发送; a receiver answering 500 shows 重试中 with its error, a disabled channel turns it to 失败, and
 * 重新发送 delivers it once the channel is back.
 */
const PROBE_FAILURE = 4;
const PROBE_STATUS = 1501;

let ok: Receiver;
let broken: Receiver;
let api: NotifyApi;
const cleanup: (() => Promise<unknown>)[] = [];

test.beforeAll(async () => {
  ok = await Receiver.start();
  broken = await Receiver.start();
  broken.answer = { status: 500, body: 'receiver down for maintenance' };
  api = await NotifyApi.as('zhangsan');
});
test.afterAll(async () => {
  // rules first, then their channels
  for (const undo of cleanup) await undo().catch(() => undefined);
  await api.dispose();
  await ok.stop();
  await broken.stop();
});

/** A channel at `receiver` and a rule sending the probe failures of the terminal's project to it. */
async function route(receiver: Receiver, terminal: TerminalIn, name: string): Promise<number> {
  const channel = await api.createWebhook(name, receiver.url);
  const rule = await api.createRule({
    name,
    projectIds: [terminal.projectId],
    levels: [1, 2, 4],
    types: [PROBE_FAILURE],
    channelIds: [channel.id],
    userIds: [],
    sendEnd: false,
    quietHours: null,
  });
  cleanup.push(
    () => api.deleteRule(rule.id),
    () => api.deleteChannel(channel.id),
  );
  return channel.id;
}

/** The one delivery of a channel, once it has reached `status`. */
async function deliveryOf(channelId: number, status: DeliveryDto['status'], timeout = 20_000): Promise<DeliveryDto> {
  let found: DeliveryDto | undefined;
  await expect
    .poll(
      async () => {
        found = (await api.deliveries({ channelId }))[0];
        return found?.status;
      },
      { timeout },
    )
    .toBe(status);
  return found!;
}

async function notifyLogRow(page: Page, channelName: string, status: string) {
  await page.goto('/#/notifyLog');
  await settled(page);
  await page.getByTestId('delivery-filters').locator('select[name=channelId]').selectOption({ label: channelName });
  await page.getByTestId('delivery-filters').getByRole('button', { name: '查询' }).click();
  const row = page.getByTestId('delivery-table').locator('tbody tr').filter({ hasText: channelName });
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-delivery-status]')).toHaveText(new RegExp(status));
  return row;
}

test('an alarm → its delivery in the event detail and 通知记录 (已发送); a failing receiver → 重试中, 失败, 重新发送', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // Terminals of 华东安电科技 near the end of the tree: the event list's specs raise alarms on the first ones.
  const terminals = await terminalsWithProject(request, 'zhangsan');
  // two projects, so each rule sees only its own alarm
  const good = { ...terminals.at(-2)!, name: '' };
  const bad = { ...terminals.findLast((t) => t.projectId !== good.projectId)!, name: '' };
  const goodName = unique('值班群');
  const badName = unique('故障群');
  const goodChannel = await route(ok, good, goodName);
  const badChannel = await route(broken, bad, badName);

  await ingest(request, good, Date.now(), [{ dataId: PROBE_STATUS, value: 1 }]);
  const sent = await deliveryOf(goodChannel, 'sent');
  expect(sent).toMatchObject({ attempts: 1, lastError: null, kind: 'raised' });
  // the receiver got it once, with the delivery id to de-duplicate by
  await expect.poll(() => ok.received.length).toBe(1);
  expect(ok.received[0]!.headers['x-voltguard-delivery']).toBe(sent.id);

  await openConsole(page, 'zhangsan', 'zh_cn', 'bright', '/home');
  await page.setViewportSize({ width: 1366, height: 768 });

  // the event's 详情: the event and its delivery
  await page.goto('/#/alarmEvent');
  const eventRow = page.locator(`[data-event-id="${sent.eventId}"]`);
  await eventRow.getByTestId('event-detail-open').click();
  const detail = page.getByTestId('event-detail');
  await expect(detail).toContainText('探头故障');
  const deliveryRow = detail.getByTestId('event-deliveries').locator('tbody tr').filter({ hasText: goodName });
  await expect(deliveryRow.locator('[data-delivery-status]')).toHaveText(/已发送/);
  await expect(deliveryRow).toContainText('通用Webhook');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/notify-event-detail-bright-zh_cn.png` });
  await page.keyboard.press('Escape');

  // 通知记录: 已发送 with one attempt, no 重新发送 on it
  const sentRow = await notifyLogRow(page, goodName, '已发送');
  await expect(sentRow).toContainText(String(sent.eventId));
  await expect(sentRow.getByTestId('delivery-resend')).toHaveCount(0);

  // a receiver answering 500: 重试中, its error in words
  await ingest(request, bad, Date.now(), [{ dataId: PROBE_STATUS, value: 1 }]);
  const retrying = await deliveryOf(badChannel, 'retrying');
  expect(retrying.lastError).toContain('500');
  const retryRow = await notifyLogRow(page, badName, '重试中');
  await expect(retryRow).toContainText('500');
  await expect(retryRow.getByTestId('delivery-resend')).toHaveCount(0);
  await page.getByTestId('delivery-filters').locator('select[name=channelId]').selectOption({ index: 0 });
  await page.getByTestId('delivery-filters').getByRole('button', { name: '查询' }).click();
  await expect(page.getByTestId('delivery-table').locator('tbody tr')).toHaveCount(2);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/notify-log-bright-zh_cn.png` });

  // the channel switched off: the worker gives the delivery up as 失败, saying why
  await page.goto('/#/systemConfig');
  await page.getByRole('tab', { name: '通知渠道' }).click();
  await selectRow(page, 'channel-table', badName);
  await page.getByTestId('channel-table').getByRole('button', { name: '编辑', exact: true }).click();
  const edit = page.getByRole('dialog', { name: '编辑通知渠道' });
  await edit.locator('input[name=enabled]').uncheck();
  await edit.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '保存成功!');
  await expect(page.getByTestId('channel-table').locator('tbody tr').filter({ hasText: badName })).toContainText('否');
  const failed = await deliveryOf(badChannel, 'failed', 60_000);
  expect(failed.lastError).toBeTruthy();
  const failedRow = await notifyLogRow(page, badName, '失败');
  await expect(failedRow).toContainText(failed.lastError!);

  // back on, the receiver mended: 重新发送 delivers it, with the same delivery id
  broken.received.length = 0;
  broken.answer = { status: 200, body: '{"errcode":0}' };
  await api.call('PUT', `/notify/v1/channel/${badChannel}`, { enabled: true });
  await failedRow.getByTestId('delivery-resend').click();
  await expect(page.locator('[data-kind]').filter({ hasText: '已重新加入发送队列' }).first()).toBeVisible();
  await deliveryOf(badChannel, 'sent');
  expect(broken.received.at(-1)!.headers['x-voltguard-delivery']).toBe(failed.id);
  await page.getByRole('button', { name: '刷新' }).click();
  await expect(
    page.getByTestId('delivery-table').locator('tbody tr').filter({ hasText: badName }).locator('[data-delivery-status]'),
  ).toHaveText(/已发送/);
});

test('通知记录 in English on the dark theme at 1920×1080', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openConsole(page, 'zhangsan', 'en', 'dark', '/home');
  await page.goto('/#/notifyLog');
  await settled(page);
  const table = page.getByTestId('delivery-table');
  await expect(table.locator('thead')).toContainText('Attempts');
  await expect(table.locator('[data-delivery-status=sent]').first()).toHaveText(/Sent/);
  await expect(table.locator('tbody')).toContainText('Alarm raised');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/notify-log-dark-en.png` });

  // the event's detail in English
  const eventId = (await api.deliveries({}))[0]!.eventId!;
  await page.goto('/#/alarmEvent');
  await page.locator(`[data-event-id="${eventId}"]`).getByTestId('event-detail-open').click();
  const detail = page.getByTestId('event-detail');
  await expect(detail).toContainText('Probe failure');
  await expect(detail.getByRole('region', { name: 'Notifications sent' }).locator('[data-delivery-status=sent]')).toHaveText(/Sent/);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/notify-event-detail-dark-en.png` });
});
