import { test, expect, type APIRequestContext, type Page } from './fixtures';
import { apiToken, SCREENSHOT_DIR, signIn } from './helpers';
import { openIn, sharedPage } from './sharedPage';

/** The figure a KPI card shows, as a number ('' until loaded). */
const kpi = (page: Page, id: string) => page.getByTestId(`kpi-${id}`).locator('[data-value]');
const kpiValue = async (page: Page, id: string) => Number(await kpi(page, id).getAttribute('data-value'));

/** Raises an alarm the real way: the device key from the device-data service, then an ingest batch. */
async function raiseAlarm(request: APIRequestContext, projectName: string, dataId: number, value: number) {
  const root = await apiToken(request, 'root');
  const headers = { Authorization: `Bearer ${root}` };
  const list = await (await request.post('/wisdompower/v1/monitor/project/statis/list', { headers, data: {} })).json();
  const project = list.data.find((p: { name: string }) => p.name === projectName);
  const tree = await (await request.get('/devicedata/api/comm/v1/device/tree', { headers })).json();
  const devices: { id: number }[] = [];
  const walk = (n: { modelLabel?: string; id: number; children?: unknown[] }, inProject: boolean) => {
    const here = inProject || (n.modelLabel === 'project' && n.id === project.id);
    if (here && n.modelLabel === 'terminal') devices.push({ id: n.id });
    for (const c of (n.children ?? []) as (typeof n)[]) walk(c, here);
  };
  for (const n of tree.data as { id: number }[]) walk(n, false);
  const device = devices.at(-1)!;
  const key = (await (await request.get(`/devicedata/api/comm/v1/device/${device.id}/key`, { headers })).json()).data;
  const res = await request.post('/devicedata/api/comm/v1/ingest', {
    headers: { 'X-Device-Key': key.key },
    data: { device: key.code, time: Date.now(), values: [{ dataId, value }] },
  });
  expect((await res.json()).code).toBe(0);
}

test('platform monitor: figures, markers, a project click filters, an ingested alarm counts', async ({ page, request }) => {
  await signIn(page, 'platform', '/platform/monitor');
  await expect(kpi(page, 'projects')).toHaveText('5');
  await expect(kpi(page, 'devices')).toHaveText('40');
  await expect(page.getByTestId('map-provinces').locator('path')).toHaveCount(34);
  await expect(page.getByTestId('map-marker')).toHaveCount(5);
  await expect(page.getByTestId('tenant-row')).toHaveCount(2);
  await expect(page.getByTestId('project-row')).toHaveCount(5);

  // A marker click filters every figure to that project and highlights its row.
  const marker = page.getByTestId('map-marker').filter({ has: page.locator('title', { hasText: '武侯购物中心' }) });
  await marker.click();
  await expect(kpi(page, 'projects')).toHaveText('1');
  await expect(kpi(page, 'devices')).toHaveText('8');
  await expect(page.locator('select[name=project] option:checked')).toHaveText('武侯购物中心');
  await expect(page.getByTestId('project-row').and(page.locator('[aria-selected=true]'))).toContainText('武侯购物中心');
  await marker.click();
  await expect(kpi(page, 'projects')).toHaveText('5');

  // An alarm raised through ingest shows up in the active-alarm count without a reload.
  await expect(kpi(page, 'active')).not.toHaveText('--');
  const before = await kpiValue(page, 'active');
  await raiseAlarm(request, '鄞州商业中心', 1104, 95);
  await expect.poll(() => kpiValue(page, 'active'), { timeout: 20_000 }).toBeGreaterThan(before);
  const ningbo = page.getByTestId('map-marker').filter({ has: page.locator('title', { hasText: '鄞州商业中心' }) });
  await expect(ningbo).toHaveAttribute('data-state', 'alarm');

  // A marker pulses when its project's state gets worse while the map is shown: an HTML ring over the
  // map (the compositor scales it; an svg circle had the map repainted every frame), centred on the
  // marker, three pulses, then gone (a ring at rest was still a layer drawn every frame). Earlier specs
  // may have left 鄞州商业中心 in 报警 already, so a probe fault (事故) makes a project worse: the first
  // one not in 事故 yet.
  const calm = page.getByTestId('map-marker').and(page.locator(':not([data-state=accident])')).first();
  const projectId = await calm.getAttribute('data-project-id');
  const name = (await calm.locator('title').textContent())!.split('\n')[0]!;
  await raiseAlarm(request, name, 1501, 1);
  try {
    const worse = page.locator(`[data-testid=map-marker][data-project-id="${projectId}"]`);
    const pulse = page.getByTestId('map-pulses').locator(`[data-project-id="${projectId}"]`);
    await expect(pulse).toHaveAttribute('data-state', 'accident', { timeout: 20_000 });
    await expect(worse).toHaveAttribute('data-state', 'accident');
    const animation = await pulse.evaluate((el) => {
      const style = getComputedStyle(el);
      return { tag: el.tagName, name: style.animationName, iterations: style.animationIterationCount };
    });
    expect(animation).toEqual({ tag: 'DIV', name: 'vg-map-pulse', iterations: '3' });
    const [ring, mark] = [await pulse.boundingBox(), await worse.boundingBox()];
    expect(Math.abs(ring!.x + ring!.width / 2 - (mark!.x + mark!.width / 2))).toBeLessThan(1.5);
    expect(Math.abs(ring!.y + ring!.height / 2 - (mark!.y + mark!.height / 2))).toBeLessThan(1.5);
    // only a project whose state got worse pulses (the live server's simulated devices may add their own)
    const rings = () =>
      page.evaluate(() => {
        const ids = (sel: string) => [...document.querySelectorAll(sel)].map((e) => e.getAttribute('data-project-id'));
        const alarming = ids('[data-testid=map-marker]:not([data-state=normal])');
        return ids('[data-testid=map-pulses] > div').every((id) => alarming.includes(id));
      });
    expect(await rings()).toBe(true);
    // the three pulses over (4.8 s), the ring is removed
    await expect(pulse).toHaveCount(0, { timeout: 10_000 });
  } finally {
    // two readings back to normal end the fault: later specs raise their own on this device (the notify spec's)
    await raiseAlarm(request, name, 1501, 0);
    await raiseAlarm(request, name, 1501, 0);
  }
});

test('home for a project user: its own tenant only, project filter, no enterprise picker', async ({ page }) => {
  await signIn(page, 'zhangsan', '/home');
  await expect(kpi(page, 'projects')).toHaveText('3');
  await expect(kpi(page, 'devices')).toHaveText('24');
  await expect(page.getByTestId('map-marker')).toHaveCount(3);
  await expect(page.locator('select[name=enterprise]')).toHaveCount(0);
  await expect(page.getByTestId('project-row')).toHaveCount(3);
  await page.locator('select[name=project]').selectOption({ label: '滨江科技园' });
  await expect(kpi(page, 'projects')).toHaveText('1');
  await expect(page.locator('[data-testid=map-marker][data-selected=true]')).toHaveCount(1);
  await page.getByTestId('project-row').filter({ hasText: '滨江科技园' }).click();
  await expect(kpi(page, 'projects')).toHaveText('3');
});

test.describe('the monitor in both languages and themes', () => {
  const shared = sharedPage({ user: 'platform' });

  for (const [lang, theme] of [
    ['zh_cn', 'bright'],
    ['en', 'bright'],
    ['zh_cn', 'dark'],
    ['en', 'dark'],
  ] as const) {
    test(`monitor screenshots, ${lang} ${theme}`, async () => {
      const page = shared();
      await openIn(page, '/#/platform/monitor', { lang, theme });
      await expect(page.getByTestId('map-marker')).toHaveCount(5);
      await expect(page.getByTestId('loading-bar')).toHaveCount(0);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/monitor-platform-${theme}-${lang}.png` });
      await page.goto('/#/home');
      await expect(page.getByTestId('home-monitor')).toBeVisible();
      await expect(page.getByTestId('map-marker')).toHaveCount(5);
      await page.getByTestId('map-marker').first().click();
      await expect(kpi(page, 'projects')).toHaveText('1');
      await expect(page.getByTestId('loading-bar')).toHaveCount(0);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/monitor-home-${theme}-${lang}.png` });
    });
  }
});
