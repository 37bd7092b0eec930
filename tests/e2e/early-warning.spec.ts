import { test, expect, type APIRequestContext } from '@playwright/test';
import { apiToken, expectPath, loginViaForm, SCREENSHOT_DIR } from './helpers';

/** Issue 31: the early-warning evidence drawn where the operator looks at a device, in both languages. */

const H = 3_600_000;
const STEP = 10 * 60_000;

/**
 * Four days of residual current every 10 minutes through the real ingest: a daily load cycle and a
 * drift of 30 mA a day that stays under the 240 mA warning limit, so no threshold alarm is raised.
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
  const start = Math.floor(now / H) * H - 4 * 24 * H;
  const values = [];
  for (let t = start; t < now - STEP; t += STEP) {
    const cycle = 15 * Math.sin((2 * Math.PI * ((t / H) % 24)) / 24);
    values.push({ dataId: 1001, value: Math.round((100 + cycle + ((t - start) / (24 * H)) * 30) * 10) / 10, time: t });
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
    await loginViaForm(page, 'lisi');
    await page.waitForURL(/#\/(?!login)/);
    await page.goto('/#/realtimeData');
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
