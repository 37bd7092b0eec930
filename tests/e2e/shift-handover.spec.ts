import { test, expect, type Page } from './fixtures';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, ServerProcess } from '../server/serverProcess';
import { hashPath, SCREENSHOT_DIR } from './helpers';
import { readPdf } from './pdfText';

/**
 * 交接班 (issue 29 item 5) end to end on a server of its own: two alarms through the ingest path;
 * zhangsan at 1366×768 sees the shift's summary, writes a note and hands over — a second 交班 of the
 * same shift is refused —; lisi at 1920×1080 (English, dark) opens it and accepts; the handover is
 * printed to an A4 PDF that holds the summary and the note, on one page.
 */
const STATIC_DIR = process.env.E2E_STATIC_DIR ?? path.join(ROOT, 'dist');
const NOTE = '3号柜探头待更换';

async function loginOn(page: Page, server: ServerProcess, user: string) {
  await page.goto(`${server.url}/#/login`);
  await page.locator('input[name=userName]').fill(user);
  await page.locator('input[name=password]').fill(server.passwords.demo);
  await page.locator('input[name=password]').press('Enter');
  await expect.poll(() => hashPath(page)).not.toBe('/login');
}

test('交班 with the summary and a note, refused twice, 接班 by the next operator, printed on A4', async ({ browser }) => {
  test.setTimeout(150_000);
  const server = await ServerProcess.create({ env: { STATIC_DIR, ESCALATION_CHECK_S: '0' } });
  await server.start();
  const desk = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 768 } });
  const wide = await browser.newContext({ baseURL: server.url, viewport: { width: 1920, height: 1080 } });
  try {
    const root = await server.login('root');
    const zhangsan = await server.login('zhangsan');
    const devices = await server.call<{ deviceId: number }[]>('GET', '/wisdompower/v1/realtime/snapshot', zhangsan.token);
    // two alarms a couple of minutes ago: residual current and a probe fault
    for (const [i, dataId, value] of [
      [0, 1001, 400],
      [1, 1501, 1],
    ] as const) {
      const device = await server.call<{ code: string; key: string }>(
        'GET',
        `/devicedata/api/comm/v1/device/${devices[i]!.deviceId}/key`,
        root.token,
      );
      await server.call(
        'POST',
        '/devicedata/api/comm/v1/ingest',
        null,
        { device: device.code, time: Date.now() - (3 - i) * 60_000, values: [{ dataId, value }] },
        { 'x-device-key': device.key },
      );
    }

    // the 事故 dispatched to lisi with a due time a moment away: an overdue open order at the handover
    const events = await server.call<{ id: number; peceventlevel: number }[]>('POST', '/wisdompower/v1/event/list', zhangsan.token, {
      rootLabel: 'peceventextend',
      rootCondition: { filter: { expressions: [] }, page: { index: 0, limit: 10 } },
    });
    const accident = events.find((e) => e.peceventlevel === 1)!;
    const lisi = await server.login('lisi');
    const dueAt = Date.now() + 1500;
    await server.call('POST', '/workorder/v1/order', zhangsan.token, { eventIds: [accident.id], assigneeId: lisi.userId, dueAt });

    const page = await desk.newPage();
    await loginOn(page, server, 'zhangsan');
    // the event list's 处置 column: the order past its due time, marked in the alarm language of a 事故
    await expect.poll(() => Date.now()).toBeGreaterThan(dueAt);
    await page.goto(`${server.url}/#/alarmEvent`);
    const handling = page.locator(`tr[data-event-id="${accident.id}"] [data-col=handling]`);
    await expect(handling.getByTestId('order-overdue')).toHaveAttribute('data-alarm-state', 'accident');
    await expect(handling).toContainText('待接单');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/handover-event-list-1366-zh-bright.png` });

    await page.goto(`${server.url}/#/shiftHandover`);
    const draft = page.getByTestId('handover-draft');
    // what the shift leaves: both alarms unconfirmed, by level in the alarm language
    await expect(draft.getByTestId('ho-unconfirmed-count')).toHaveText('2');
    await expect(draft.getByTestId('ho-unconfirmed').locator('[data-alarm-state=accident]')).toHaveCount(1);
    await expect(draft.getByTestId('ho-unconfirmed').locator('[data-alarm-state=alarm]')).toHaveCount(1);
    await expect(draft.getByTestId('handover-shift')).toContainText(/白班|夜班/);
    await expect(draft.getByTestId('ho-orders-count')).toHaveText('1');
    await expect(draft.getByTestId('ho-orders-overdue')).toHaveText('1');
    await expect(draft.getByTestId('ho-orders').getByTestId('order-overdue')).toHaveAttribute('data-alarm-state', 'accident');
    await draft.locator('textarea[name=handoverNote]').fill(NOTE);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/handover-draft-1366-zh-bright.png` });
    await draft.getByRole('button', { name: '交班' }).click();
    await expect(page.getByText('交班成功')).toBeVisible();
    const table = page.getByTestId('handover-table');
    await expect(table).toContainText('待接班');
    await expect(table).toContainText(NOTE);

    // the error path: the same shift a second time
    await draft.getByRole('button', { name: '交班' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '已交班' })).toBeVisible();

    // lisi, the next operator, in English and dark at 1920×1080
    const next = await wide.newPage();
    await loginOn(next, server, 'lisi');
    await next.goto(`${server.url}/#/shiftHandover`);
    await next.getByTestId('lang-toggle').click();
    await next.getByTestId('theme-toggle').click();
    const list = next.getByTestId('handover-table');
    await expect(list).toContainText('Awaiting acceptance');
    await list.getByText(NOTE).click();
    await next.getByRole('button', { name: 'Details' }).click();
    const detail = next.getByTestId('handover-detail');
    await expect(detail.getByTestId('ho-unconfirmed-count')).toHaveText('2');
    await detail.locator('textarea[name=acceptNote]').fill('Noted, replacing the probe');
    await next.screenshot({ path: `${SCREENSHOT_DIR}/handover-detail-1920-en-dark.png` });
    await detail.getByRole('button', { name: 'Accept' }).click();
    await expect(detail.getByTestId('handover-status')).toHaveText('Accepted');
    await expect(detail.getByRole('button', { name: 'Accept' })).toHaveCount(0);

    // zhangsan's detail, printed: A4 portrait, the sheet alone, its summary and notes in the PDF
    await page.reload();
    await table.getByText(NOTE).click();
    await page.getByRole('button', { name: '详情' }).click();
    await expect(page.getByTestId('handover-detail').getByTestId('handover-status')).toHaveText('已接班');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/handover-detail-1366-zh-bright.png` });
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('handover-print')).toBeVisible();
    await expect(page.getByTestId('handover-detail')).toBeHidden();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/handover-print-1366.png`, fullPage: true });
    // back to no emulation: page.pdf prints with the print media unless told the screen's
    await page.emulateMedia({ media: null });
    const pdf = await page.pdf({ format: 'A4' });
    fs.mkdirSync('test-results', { recursive: true });
    fs.writeFileSync('test-results/handover-a4.pdf', pdf);
    const facts = readPdf(pdf);
    // one page of A4 portrait (595.28 × 841.89 pt; Chromium rounds its paper to whole pixels at 96 dpi)
    expect(facts.pages).toHaveLength(1);
    expect(Math.abs(facts.pages[0]![0] - 595.28)).toBeLessThan(2);
    expect(Math.abs(facts.pages[0]![1] - 841.89)).toBeLessThan(2);
    for (const text of ['交接班记录单', '未确认告警', '未关闭工单', '离线设备', NOTE, 'Noted, replacing the probe', '签字'])
      expect(facts.has(text), text).toBe(true);
    // nothing of the console: the menu is not printed
    expect(facts.has('事件管理')).toBe(false);
  } finally {
    await desk.close();
    await wide.close();
    await server.stop();
  }
});
