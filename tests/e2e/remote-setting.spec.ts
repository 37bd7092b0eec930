import { test, expect, type APIRequestContext, type Page } from './fixtures';
import { apiToken, passwordOf, SCREENSHOT_DIR, signIn } from './helpers';
import { Gateway } from './gateway';
import { openIn, sharedPage } from './sharedPage';

// Quiet server: the device is our own terminal, answered by the tests' gateway emulator.
const tag = `${Date.now() % 1_000_000}`;
const NAMES = { detector: `遥调终端${tag}`, meter: `电能表${tag}` };

async function createTerminal(request: APIRequestContext, token: string, name: string, devicetype: string): Promise<number> {
  const tree = (await (
    await request.get('/devicedata/api/comm/v1/device/tree', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: unknown[] };
  const find = (nodes: unknown[]): { id: number } | undefined => {
    for (const n of nodes as { id: number; name: string; children?: unknown[] }[]) {
      if (n.name === '鄞州商业中心') return n;
      const hit = find(n.children ?? []);
      if (hit) return hit;
    }
    return undefined;
  };
  const project = find(tree.data)!;
  const res = await request.post('/wisdompower/v1/account/node', {
    headers: { authorization: `Bearer ${token}` },
    data: [{ modelLabel: 'terminal', name, code: `RS${tag}${devicetype.length}`, projectid: project.id, devicetype }],
  });
  const body = (await res.json()) as { code: number; msg: string; data: { id: number }[] };
  expect(body.code, body.msg).toBe(0);
  return body.data[0]!.id;
}

async function pickDevice(page: Page, name: string) {
  const tree = page.getByTestId('remote-tree');
  await tree.locator('input').first().fill(name);
  await tree.getByRole('treeitem', { name }).click();
}

let detectorId = 0;
test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, 'zhangsan');
  detectorId = await createTerminal(request, token, NAMES.detector, 'VG-ES100 智慧用电探测器');
  await createTerminal(request, token, NAMES.meter, '第三方电能表');
});

test('read, validate, save after 操作验证, see what the device took; 消音; the operation log; a device without control points', async ({
  page,
  baseURL,
}) => {
  const gw = await Gateway.open(baseURL!, detectorId);
  // This device caps its temperature limit at 100 ℃ whatever it is sent.
  gw.applies = (id, v) => (id === 'tempLimit' ? Math.min(v, 100) : v);
  gw.startHeartbeat(300);
  try {
    await signIn(page, 'zhangsan', '/remoteSetting');
    await expect(page.getByTestId('remote-hint')).toBeVisible();
    await pickDevice(page, NAMES.detector);
    const table = page.getByTestId('param-table');
    await expect(table.getByTestId('param-row-leakLimit').getByTestId('param-device-value')).toContainText('300');
    await expect(table).toContainText('30 ~ 1000 mA');

    // Validation from the definitions: range and type, before anything reaches the device.
    await table.locator('input[name=param-leakLimit]').fill('5');
    await table.locator('input[name=param-powerLimit]').fill('abc');
    await page.getByTestId('param-save').click();
    await expect(table.getByTestId('param-row-leakLimit').getByRole('alert')).toHaveText('剩余电流报警值须在 30~1000mA 之间');
    await expect(table.getByTestId('param-row-powerLimit').getByRole('alert')).toHaveText('功率限值须为数字，最多 1 位小数');
    await expect(page.getByTestId('verify-dialog')).toHaveCount(0);

    await table.locator('input[name=param-leakLimit]').fill('450');
    await table.locator('input[name=param-powerLimit]').fill('20');
    await table.locator('input[name=param-tempLimit]').fill('110');
    await page.getByTestId('param-save').click();
    const verify = page.getByTestId('verify-dialog');
    await verify.locator('input[name=verifyPassword]').fill('Not#ThePassword1');
    await verify.getByRole('button', { name: '确认' }).click();
    await expect(verify.getByTestId('verify-error')).toHaveText('操作验证失败：用户名或密码错误');
    expect(gw.params.leakLimit).toBe(300);

    await verify.locator('input[name=verifyPassword]').fill(passwordOf('zhangsan'));
    await verify.getByRole('button', { name: '确认' }).click();
    await expect(verify).toHaveCount(0);
    await expect(table.getByTestId('param-row-leakLimit').getByTestId('param-outcome')).toHaveText('设备已接受');
    await expect(table.getByTestId('param-row-tempLimit').getByTestId('param-outcome')).toHaveText('设备未接受：下发 110，设备为 100');
    // Read back from the device: the device's 100, not the form's 110.
    await expect(table.getByTestId('param-row-tempLimit').getByTestId('param-device-value')).toContainText('100');
    await expect(table.locator('input[name=param-tempLimit]')).toHaveValue('100');
    expect(gw.params).toMatchObject({ leakLimit: 450, tempLimit: 100, powerLimit: 20 });
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/remote-setting-bright-zh_cn.png` });

    // A device-side change shows on the next read.
    gw.params.reportInterval = 60;
    await page.getByTestId('group-tab-2').click();
    await expect(page.getByTestId('param-row-reportInterval').getByTestId('param-device-value')).toContainText('60');
    await page.getByTestId('group-tab-1').click();
    await expect(page.getByTestId('param-row-leakLimit').getByTestId('param-device-value')).toContainText('450');

    // A control command through 操作验证.
    await page.getByTestId('control-silence').click();
    await verify.locator('input[name=verifyPassword]').fill(passwordOf('zhangsan'));
    await verify.getByRole('button', { name: '确认' }).click();
    await expect(page.getByTestId('control-result')).toContainText('消音 · 遥控成功');
    expect(gw.commands.some((c) => c.type === 'control' && c.controlpoint === 1)).toBe(true);

    // The operation log: who, what and the device's answer.
    await page.goto('/#/log');
    const log = page.getByTestId('log-table');
    await expect(log.locator('tbody tr').filter({ hasText: '保存遥调参数' }).first()).toContainText('zhangsan');
    await expect(log.locator('tbody tr').filter({ hasText: '保存遥调参数' }).first()).toContainText('参数设置成功');
    await expect(log.locator('tbody tr').filter({ hasText: '设备应答' }).first()).toContainText('消音成功');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/remote-setting-oplog-bright-zh_cn.png` });

    // A third-party meter has no control points.
    await page.goto('/#/remoteSetting');
    await pickDevice(page, NAMES.meter);
    await expect(page.getByTestId('no-control-points')).toHaveText('没有匹配的设备遥控点列表');
  } finally {
    await gw.close();
  }
});

test('a device that does not answer: the read fails with 获取数据失败 and nothing can be saved', async ({ page, request }) => {
  // The meter has no gateway, so its read times out on the server.
  await signIn(page, 'zhangsan', '/remoteSetting');
  await pickDevice(page, NAMES.meter);
  await expect(page.getByTestId('param-read-error')).toHaveText('获取数据失败', { timeout: 20_000 });
  await expect(page.getByTestId('param-table')).toHaveCount(0);
  void request;
});

test.describe('remote setting in both languages and themes', () => {
  const shared = sharedPage({ user: 'zhangsan' });

  for (const [lang, theme] of [
    ['en', 'dark'],
    ['zh_cn', 'dark'],
    ['en', 'bright'],
  ] as const) {
    test(`remote setting screenshot ${lang} ${theme}`, async ({ baseURL }) => {
      const page = shared();
      const gw = await Gateway.open(baseURL!, detectorId);
      gw.startHeartbeat(300);
      try {
        await openIn(page, '/#/remoteSetting', { lang, theme });
        await pickDevice(page, NAMES.detector);
        await expect(page.getByTestId('param-row-leakLimit').getByTestId('param-device-value')).not.toContainText('—');
        // the built-in groups, parameters and control points in the chosen language
        await expect(page.getByTestId('param-row-leakLimit')).toContainText(
          lang === 'en' ? 'Residual current alarm value' : '剩余电流报警值',
        );
        await expect(page.getByTestId('param-group-1')).toContainText(lang === 'en' ? 'Protection settings' : '保护定值');
        await expect(page.getByRole('button', { name: lang === 'en' ? 'Silence' : '消音' })).toBeVisible();
        await page.locator('input[name=param-reportInterval]').count();
        await page.locator('input[name=param-leakLimit]').fill('2000');
        await page.getByTestId('param-save').click();
        await page.mouse.move(0, 0);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/remote-setting-${theme}-${lang}.png` });
      } finally {
        await gw.close();
      }
    });
  }
});
