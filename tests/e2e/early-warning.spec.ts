import { test, expect, type APIRequestContext } from './fixtures';
import { apiToken, expectPath, loginViaForm, SCREENSHOT_DIR, signIn } from './helpers';

/** Issue 31: the early-warning evidence drawn where the operator looks at a device, in both languages. */

const H = 3_600_000;
const STEP = 10 * 60_000;

/**
 * Ten days of residual current every 10 minutes through the real ingest: a daily load cycle, flat for
 * six days (the normal band's history), then a drift of 30 mA a day for four that stays under the
 * 240 mA warning limit, so no threshold alarm is raised.
 */
async function seedDrift(request: APIRequestContext) {
  const lisi = await apiToken(request, 'lisi');
  const tree = (await (await request.get('/devicedata/api/comm/v1/device/tree', { headers: { Authorization: `Bearer ${lisi}` } })).json())
    .data;
  const terminals: { id: number; name: string; code?: string }[] = [];
  const walk = (nodes: { id: number; name: string; modelLabel: string; children?: unknown[] }[]) => {
    for (const n of nodes) {
      if (n.modelLabel === 'terminal') terminals.push(n);
      walk((n.children ?? []) as typeof nodes);
    }
  };
  walk(tree);
  // a device no other spec on this server writes to (charts.spec.ts lists the taken ones)
  const device = terminals[21]!;
  const root = await apiToken(request, 'root');
  const key = (
    await (await request.get(`/devicedata/api/comm/v1/device/${device.id}/key`, { headers: { Authorization: `Bearer ${root}` } })).json()
  ).data;
  const now = Date.now();
  const driftFrom = Math.floor(now / H) * H - 4 * 24 * H;
  const start = driftFrom - 6 * 24 * H;
  const values = [];
  for (let t = start; t < now - STEP; t += STEP) {
    const cycle = 15 * Math.sin((2 * Math.PI * ((t / H) % 24)) / 24);
    values.push({ dataId: 1001, value: Math.round((100 + cycle + (Math.max(0, t - driftFrom) / (24 * H)) * 30) * 10) / 10, time: t });
  }
  for (let i = 0; i < values.length; i += 500) {
    const res = await request.post('/devicedata/api/comm/v1/ingest', {
      headers: { [key.header]: key.key },
      data: { device: device.id, time: now, values: values.slice(i, i + 500) },
    });
    expect((await res.json()).code).toBe(0);
  }
  return { ...device, code: key.code as string };
}

let seeded: Promise<{ id: number; name: string; code: string }> | null = null;

for (const [lang, theme] of [
  ['zh_cn', 'bright'],
  ['en', 'dark'],
] as const)
  test(`the device dialog draws the early-warning evidence (${lang}, ${theme}): hourly values, normal band, trend line and projected crossing`, async ({
    page,
    request,
  }) => {
    // seeded once for both languages (a second batch of the same readings would only be late ones)
    const device = await (seeded ??= seedDrift(request));
    await page.addInitScript(
      ({ l, th }) => {
        localStorage.setItem('vg.theme', th);
        localStorage.setItem('vg.lang', l);
      },
      { l: lang, th: theme },
    );
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'lisi', '/realtimeData');
    await expectPath(page, '/realtimeData');
    await page
      .getByTestId('realtime-tree')
      .getByRole('checkbox', { name: new RegExp(device.code) })
      .check();
    const row = page.locator(`[data-testid=realtime-row][data-device="${device.id}"]`);
    await row.getByRole('button').first().click();
    const panel = page.getByTestId('device-dialog').getByTestId('evidence-panel');
    await panel.scrollIntoViewIfNeeded();
    await expect(panel.getByTestId('evidence-chart').locator('canvas')).toBeVisible();
    const summary = panel.getByTestId('evidence-summary');
    if (lang === 'zh_cn') {
      await expect(panel.getByRole('heading')).toHaveText('预警依据');
      await expect(summary).toHaveText(/^每天上升 (29|30|31)(\.\d)?mA，预计 \d{4}-\d\d-\d\d \d\d:\d\d 达到 300mA（置信度 \d+%）$/);
    } else {
      await expect(panel.getByRole('heading')).toHaveText('Early-warning evidence');
      await expect(summary).toHaveText(/^Rising (29|30|31)(\.\d)? mA a day, projected to reach 300 mA at \d{4}-\d\d-\d\d \d\d:\d\d/);
    }
    await page.screenshot({ path: `${SCREENSHOT_DIR}/early-warning-evidence-${theme}-${lang}.png` });
  });

/** The hourly job (every minute on this server) judges the backfilled device within about a minute: wait for its 趋势预警. */
async function warned(request: APIRequestContext, deviceId: number) {
  const token = await apiToken(request, 'zhangsan');
  await expect
    .poll(
      async () =>
        (
          await (
            await request.get(`/wisdompower/v1/earlyWarning/evidence?deviceId=${deviceId}&dataId=1001`, {
              headers: { Authorization: `Bearer ${token}` },
            })
          ).json()
        ).data.open.map((o: { type: number }) => o.type),
      { timeout: 150_000, intervals: [2_000] },
    )
    .toEqual([7]);
}

for (const [lang, theme] of [
  ['zh_cn', 'bright'],
  ['en', 'dark'],
] as const)
  test(`the history chart draws the evidence of a warned series (${lang}, ${theme}): normal band, trend line to the projected crossing`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const device = await (seeded ??= seedDrift(request));
    await warned(request, device.id);
    await page.addInitScript(
      ({ l, th }) => {
        localStorage.setItem('vg.theme', th);
        localStorage.setItem('vg.lang', l);
      },
      { l: lang, th: theme },
    );
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginViaForm(page, 'zhangsan');
    await page.waitForURL(/#\/(?!login)/);
    // the last three days up to now: the evidence's hours, and the chart reaches on to the projected crossing
    const now = Date.now();
    await page.goto(`/#/historyData?devices=${device.id}&measures=1001&from=${now - 3 * 24 * H}&to=${now}`);
    await expectPath(page, '/historyData');
    const caption = page.getByTestId('history-evidence');
    await expect(caption).toHaveAttribute('data-types', '7');
    await expect(caption).toHaveText(
      lang === 'zh_cn'
        ? /^预警依据：趋势预警：每天上升 (29|30|31)(\.\d)?mA，预计 \d{4}-\d\d-\d\d \d\d:\d\d 达到 300mA/
        : /^Early-warning evidence: Trend warning: Rising (29|30|31)(\.\d)? mA a day, projected to reach 300 mA/,
    );
    // drawn on the curve: the band over the days with a week of history, the fitted line rising to the crossing inside the plot
    const root = page.getByTestId('trend-chart').locator('.uplot');
    await expect(root).toHaveAttribute('data-evidence', /"bandRuns":[1-9]/);
    const drawn = JSON.parse((await root.getAttribute('data-evidence'))!) as {
      bandRuns: number;
      fitted: [number, number, number, number];
      crossingX: number;
      plot: [number, number, number, number];
    };
    const [left, , width] = drawn.plot;
    expect(drawn.fitted[3]).toBeLessThan(drawn.fitted[1]); // up the screen: rising
    expect(drawn.crossingX).toBeGreaterThan(left);
    expect(drawn.crossingX).toBeLessThanOrEqual(left + width);
    expect(drawn.fitted[2]).toBe(drawn.crossingX);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/early-warning-history-${theme}-${lang}.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect(root).toHaveAttribute('data-evidence', /"bandRuns":[1-9]/);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/early-warning-history-${theme}-${lang}-1920.png` });
  });

test('the analysis report lists the warned device by projected time to threshold, in both languages', async ({ page, request }) => {
  test.setTimeout(240_000);
  const device = await (seeded ??= seedDrift(request));
  await warned(request, device.id);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'zhangsan', '/analysisReport');
  const card = page.getByTestId('report-crossings');
  await expect(card.getByRole('heading')).toHaveText('预计达到限值的设备');
  const row = card.locator(`[data-testid=crossing-row][data-device="${device.id}"]`);
  await expect(row).toContainText('剩余电流');
  await expect(row.getByTestId('crossing-remaining')).toHaveText(/^\d+\.\d 天$/);
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/early-warning-report-zh_cn.png` });
  // in English on a dark 1920 × 1080 screen
  await page.evaluate(() => {
    localStorage.setItem('vg.lang', 'en');
    localStorage.setItem('vg.theme', 'dark');
  });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.reload();
  await expect(card.getByRole('heading')).toHaveText('Devices by projected time to threshold');
  await expect(row).toContainText('Residual current');
  await expect(row.getByTestId('crossing-remaining')).toHaveText(/^\d+\.\d d$/);
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/early-warning-report-en-dark-1920.png` });
});

test('系统配置 switches early warning per project and gives a project a horizon of its own', async ({ page, request }) => {
  const token = await apiToken(request, 'zhangsan');
  const headers = { Authorization: `Bearer ${token}` };
  const saved = async () => (await (await request.post('/wisdompower/v1/system/setting', { headers, data: {} })).json()).data.settings;
  const before = await saved();
  try {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'zhangsan', '/systemConfig');
    const table = page.getByTestId('settings-form').getByTestId('early-warning-projects');
    await expect(table.getByTestId('early-warning-project')).toHaveText([/^西湖文化广场/, /^滨江科技园/, /^鄞州商业中心/]);
    await expect(table.getByLabel('西湖文化广场 预警时长（天）')).toHaveAttribute('placeholder', '默认 7');
    await table.getByLabel('西湖文化广场 预警时长（天）').fill('3');
    await table.getByLabel('滨江科技园 预警', { exact: true }).uncheck();
    await expect(table.getByLabel('滨江科技园 预警时长（天）')).toBeDisabled();
    await table.getByLabel('鄞州商业中心 预警时长（天）').fill('31');
    await page.getByTestId('settings-form').getByRole('button', { name: '保存' }).click();
    await expect(table.getByRole('alert')).toHaveText('预警时长须为 1 到 30 天的整数');
    await table.getByLabel('鄞州商业中心 预警时长（天）').fill('');
    await page.getByTestId('settings-form').getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('保存成功!')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/early-warning-settings-zh_cn.png`, fullPage: true });

    const after = await saved();
    const ids = Object.fromEntries(
      (await (await request.post('/wisdompower/v1/system/setting/projects', { headers, data: {} })).json()).data.map(
        (p: { id: number; name: string }) => [p.name, p.id],
      ),
    );
    expect(after.earlyWarningProjectHorizons).toEqual([{ projectId: ids['西湖文化广场'], days: 3 }]);
    expect(after.earlyWarningOffProjects).toEqual([ids['滨江科技园']]);
    await page.reload();
    await expect(table.getByLabel('西湖文化广场 预警时长（天）')).toHaveValue('3');
    await expect(table.getByLabel('滨江科技园 预警', { exact: true })).not.toBeChecked();
    await expect(table.getByLabel('鄞州商业中心 预警', { exact: true })).toBeChecked();

    await page.evaluate(() => {
      localStorage.setItem('vg.lang', 'en');
      localStorage.setItem('vg.theme', 'dark');
    });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.reload();
    await expect(table.getByLabel('Horizon of 鄞州商业中心 (days)')).toHaveAttribute('placeholder', 'default 7');
    await expect(table.getByLabel('Early warning for 滨江科技园')).not.toBeChecked();
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/early-warning-settings-en-dark-1920.png` });
  } finally {
    // the other early-warning tests on this server watch 鄞州商业中心 with the default horizon
    await request.post('/wisdompower/v1/system/setting/save', { headers, data: { settings: before } });
  }
});
