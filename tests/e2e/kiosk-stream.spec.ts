import { test, expect, type APIRequestContext, type Page } from './fixtures';
import { E2E_LIVE_URL } from '../../playwright.config';
import type { SystemSettings } from '../../domain/schemas/info';
import { apiToken, confirmEveryOpenEvent, pauseClockAhead } from './helpers';
import { Gateway } from './gateway';
import { GATEWAY_PROJECT, scopedToken } from './scopedUser';

test.use({ baseURL: E2E_LIVE_URL });
test.describe.configure({ mode: 'serial' });

/**
 * Issue 30 item 3: a kiosk with two screens under a steady stream of alarms (one a second, as a
 * simulator reporting every second) once stayed on /realTime for good. Now a 报警 holds the wall for
 * the 系统配置 display time (alarmAutoDisplaySeconds) at most and the rotation goes on, so the wall
 * leaves its first screen within the hold and one interval of the stream's first alarm, and comes
 * back the same way; an unconfirmed 事故 holds it until it is confirmed. The alarms are ingested
 * through the real device API on the live server's gateway devices (33–40, a project of their own),
 * and the page's clock is paused and moved by the test, a second per alarm.
 *
 * The page's time may run at most ~45 s ahead of the server's pings (socket.io drops a connection
 * that has heard no ping for pingInterval + pingTimeout of the page's time), so each test stays well
 * under that: the hold is set to 5 s here for the run and put back afterwards.
 */
const HOLD_S = 5;
const INTERVAL_S = 8;
/** the stream's devices, each reporting every third second; the project's others keep a heartbeat */
const STREAM_DEVICES = [33, 34, 35];
const QUIET_DEVICES = [36, 37, 38, 39, 40];
const CLEAR = { 1001: 20, 1101: 30, 1501: 0 };

/** The settings of the gateway project's service users' tenant, through root. */
async function serviceTenantSettings(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiToken(request, 'root')}` };
  const [service] = (
    (await (await request.get('/auth/v1/user/queryByName?name=service', { headers })).json()) as {
      data: { tenantId: number }[];
    }
  ).data;
  const tenantId = service!.tenantId;
  const read = async () =>
    (
      (await (await request.post('/wisdompower/v1/system/setting', { headers, data: { tenantId } })).json()) as {
        data: { settings: SystemSettings };
      }
    ).data.settings;
  const save = async (settings: SystemSettings) => {
    const res = await request.post('/wisdompower/v1/system/setting/save', { headers, data: { tenantId, settings } });
    expect(((await res.json()) as { code: number }).code).toBe(0);
  };
  return { read, save };
}

let before: SystemSettings | undefined;
test.beforeAll(async ({ request }) => {
  const settings = await serviceTenantSettings(request);
  before = await settings.read();
  await settings.save({ ...before, alarmAutoDisplaySeconds: HOLD_S });
});
test.afterAll(async ({ request }) => {
  if (before) await (await serviceTenantSettings(request)).save(before);
});

let stream: Gateway[] = [];
let quiet: Gateway[] = [];
let apiTokenOfProject = '';
test.beforeEach(async ({ request }) => {
  stream = await Promise.all(STREAM_DEVICES.map((id) => Gateway.open(E2E_LIVE_URL, id)));
  quiet = await Promise.all(QUIET_DEVICES.map((id) => Gateway.open(E2E_LIVE_URL, id)));
  // the project's devices start with no alarm open (two readings clear of every band end one), those
  // outside the stream keep reporting (silent for 8 s they would raise 通信中断), and nothing earlier
  // is left unconfirmed
  for (const gw of [...stream, ...quiet]) for (let i = 0; i < 2; i++) await gw.report(CLEAR);
  for (const gw of quiet) gw.startHeartbeat();
  apiTokenOfProject = await scopedToken(request, GATEWAY_PROJECT, 'api');
  await confirmEveryOpenEvent(request, apiTokenOfProject);
});
test.afterEach(async ({ request }) => {
  for (const gw of [...stream, ...quiet]) {
    gw.stopHeartbeat();
    for (let i = 0; i < 2; i++) await gw.report(CLEAR).catch(() => {});
    await gw.close();
  }
  await confirmEveryOpenEvent(request, apiTokenOfProject).catch(() => {});
});

/** The screen the wall shows, read in the page (the rotation replaces the hash in place). */
const screenOf = (page: Page) => page.evaluate(() => location.hash.replace(/^#/, '').split('?')[0]);
/** The page's time (paused: it moves only when the test moves it). */
const pageNow = (page: Page) => page.evaluate(() => Date.now());

/**
 * Lets the page's frames run, 20 ms of its time at a go, until `check` passes: the live streams hand
 * on what the socket brought once an animation frame, and frames come only as the clock moves.
 */
const whenShown = (page: Page, check: () => Promise<void>) =>
  expect(async () => {
    await page.clock.runFor(20);
    await check();
  }).toPass({ intervals: [50, 100, 250], timeout: 10_000 });

/** A wall of the gateways' project only (root's would also get the simulated devices' alarms), its clock paused on /realTime. */
async function openWall(page: Page, request: APIRequestContext) {
  const token = await scopedToken(request);
  const settings = (await (
    await request.get('/wisdompower/v1/system/setting/effective', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { settings: SystemSettings } };
  expect(settings.data.settings.alarmAutoDisplaySeconds).toBe(HOLD_S);
  await page.clock.install();
  await page.goto(`/?token=${encodeURIComponent(token)}&kiosk=1&screens=/realTime,/bigScreen&interval=${INTERVAL_S}&report=3600#/realTime`);
  await expect(page.getByTestId('wall')).toBeVisible();
  await expect(page.getByTestId('kiosk-rotating')).toBeVisible();
  // the live connection is up (the veil names a down socket)
  await expect(page.getByTestId('kiosk-watermark')).toHaveCount(0);
  await pauseClockAhead(page, 100);
  expect(await screenOf(page)).toBe('/realTime');
}

test('a one-second stream of 报警 never pins the kiosk: it turns within the hold and one interval, and turns again', async ({
  page,
  request,
}) => {
  await openWall(page, request);
  let sent = 0;
  /**
   * One 报警 (residual current over its limit) from the next device, then the rest of its second;
   * returns the page's time when the wall showed it.
   */
  const nextSecond = async () => {
    const start = await pageNow(page);
    const gw = stream[sent % stream.length]!;
    const value = 600.5 + sent;
    sent++;
    await gw.report({ 1001: value });
    await whenShown(page, () => expect(page.getByTestId('alarm-popup-value')).toContainText(value.toFixed(1), { timeout: 200 }));
    const shownAt = await pageNow(page);
    // ended again at once, so the device's next turn in the stream raises a new alarm
    await gw.report({ 1001: 20 });
    await gw.report({ 1001: 20 });
    await page.clock.runFor(Math.max(1, start + 1_000 - shownAt));
    return shownAt;
  };
  /** The page's time by which the wall shows another screen than `from`, the stream going on. */
  const leftBy = async (from: string, giveUpAt: number) => {
    while ((await screenOf(page)) === from) {
      if ((await pageNow(page)) > giveUpAt) throw new Error(`still on ${from} after ${sent} alarms`);
      await nextSecond();
    }
    return pageNow(page);
  };

  // the first alarm holds the wall where it is …
  const heldAt = await nextSecond();
  await expect(page.getByTestId('kiosk-resume')).toBeVisible();
  expect(await screenOf(page)).toBe('/realTime');
  // … for the display time at most: the turn comes within the hold and one interval (seen within the
  // stream's next second), and the next turn as well
  const boundMs = (HOLD_S + INTERVAL_S + 1) * 1_000;
  const first = await leftBy('/realTime', heldAt + 3 * boundMs);
  expect(first - heldAt).toBeLessThanOrEqual(boundMs);
  await expect(page.getByTestId('big-screen')).toBeVisible();
  const second = await leftBy('/bigScreen', first + 3 * boundMs);
  expect(second - first).toBeLessThanOrEqual(boundMs);
  expect(await screenOf(page)).toBe('/realTime');
  test.info().annotations.push({
    type: 'turns',
    description: `after ${(first - heldAt) / 1000} s and ${(second - first) / 1000} s more of a ${sent}-alarm stream`,
  });
});

test('an unconfirmed 事故 holds the kiosk until it is confirmed, then the rotation goes on', async ({ page, request }) => {
  await openWall(page, request);
  const probe = quiet.at(-1)!;
  // its heartbeat stays off while the fault is reported: a later-stamped reading must not overtake it
  probe.stopHeartbeat();
  await probe.report({ 1501: 1 });
  probe.startHeartbeat();
  await whenShown(page, () => expect(page.getByTestId('alarm-popup')).toHaveAttribute('data-level', '1', { timeout: 200 }));
  await expect(page.getByTestId('kiosk-resume')).toBeVisible();
  // the display time and two intervals pass on the same screen
  await page.clock.runFor((HOLD_S + 2 * INTERVAL_S) * 1_000);
  expect(await screenOf(page)).toBe('/realTime');
  await expect(page.getByTestId('kiosk-resume')).toBeVisible();
  // confirmed (here through the API, as from another console): the next turn comes within an interval
  await confirmEveryOpenEvent(request, apiTokenOfProject);
  await whenShown(page, () => expect(page.getByTestId('kiosk-rotating')).toBeVisible({ timeout: 200 }));
  await page.clock.runFor(INTERVAL_S * 1_000 + 500);
  expect(await screenOf(page)).toBe('/bigScreen');
});
