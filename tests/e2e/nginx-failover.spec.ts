import { test, expect, type BrowserContext, type Page } from './fixtures';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from '../server/serverProcess';
import { startNginx, startPostgres, startRedis, type LocalPostgres, type LocalServer } from '../../scripts/localServices';
import { call, deviceKey, login, PASSWORD, startInstance, type Instance, type Target } from '../cluster/instances';
import { hashPath } from './helpers';

/**
 * Issue 34's browser test: Chromium consoles behind Debian's nginx (deploy/nginx.conf) in front of two
 * instances on one PostgreSQL and one Redis, everything private and stopped by PID. kill -9 of the
 * instance serving some of them: each of those consoles is live again within 5 s (its bell's socket
 * open), and every alarm ingested through nginx during the outage is in every console's bell once.
 */
const STATIC_DIR = process.env.E2E_STATIC_DIR ?? path.join(ROOT, 'dist');
/** different users: one web login per user (a second would end the first, "logged in elsewhere") */
const USERS = ['root', 'platform', 'zhangsan', 'lisi'];

/** Records every change of the bell's socket state with the page's clock, from the first paint on. */
function recordSocketStates(): void {
  const w = window as unknown as { __socket: { s: string; t: number }[] };
  w.__socket = [];
  new MutationObserver(() => {
    const s = document.querySelector('[data-testid="bell"]')?.getAttribute('data-socket');
    if (s && s !== w.__socket.at(-1)?.s) w.__socket.push({ s, t: Date.now() });
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-socket'] });
}

const socketLog = (page: Page) => page.evaluate(() => (window as unknown as { __socket: { s: string; t: number }[] }).__socket);

/** Consoles connected to an instance, from its own /metrics (this host may read it). */
async function consolesOn(inst: Instance): Promise<number> {
  const text = await (await fetch(`${inst.url}/metrics`)).text();
  return Number(/^voltguard_consoles_connected (\d+)/m.exec(text)?.[1] ?? 0);
}

test('kill -9 of the instance serving Chromium consoles behind nginx: back within 5 s, every alarm of the outage shown once', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  let postgres: LocalPostgres | undefined;
  let redis: LocalServer | undefined;
  let nginx: LocalServer | undefined;
  const instances: Instance[] = [];
  const contexts: BrowserContext[] = [];
  try {
    postgres = await startPostgres({ fast: true });
    const databaseUrl = await postgres.createDatabase('nginx_e2e');
    redis = await startRedis();
    const env = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, REDIS_PREFIX: 'vg-e2e-nginx', TRUST_PROXY: '127.0.0.1', STATIC_DIR };
    const A = await startInstance('A', env);
    instances.push(A);
    const B = await startInstance('B', env);
    instances.push(B);
    nginx = await startNginx([`127.0.0.1:${A.port}`, `127.0.0.1:${B.port}`]);
    const front: Target = { url: nginx.url, name: 'nginx' };

    // Four devices of 华东安电科技's projects, which every one of the four users sees.
    const root = await login(front, 'root');
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const rows = await db.query<{ id: number }>(
      `select t.id from terminal t join tenant n on n.id = t.tenantid where n.name = '华东安电科技' order by t.id limit 4`,
    );
    await db.end();
    const devices = await Promise.all(rows.rows.map(async (r) => ({ id: r.id, ...(await deviceKey(front, root.token, r.id)) })));
    const alarm = async (d: { code: string; key: string }, value: number) => {
      const r = await call(
        front,
        'POST',
        '/devicedata/api/comm/v1/ingest',
        { device: d.code, time: Date.now(), values: [{ dataId: 1001, value }] },
        {
          'x-device-key': d.key,
        },
      );
      expect(r.code, r.msg).toBe(0);
    };

    const pages: Page[] = [];
    for (const user of USERS) {
      const context = await browser.newContext({ baseURL: nginx.url, viewport: { width: 1366, height: 768 } });
      contexts.push(context);
      await context.addInitScript(recordSocketStates);
      const page = await context.newPage();
      await page.goto('/#/login');
      await page.locator('input[name=userName]').fill(user);
      await page.locator('input[name=password]').fill(PASSWORD);
      await page.locator('input[name=password]').press('Enter');
      await expect.poll(() => hashPath(page)).not.toBe('/login');
      await expect(page.getByTestId('bell')).toHaveAttribute('data-socket', 'open');
      pages.push(page);
    }
    // nginx spreads the consoles; the test needs at least one on A (the one it kills)
    for (let i = 0; (await consolesOn(A)) === 0; i++) {
      expect(i, 'a console on instance A').toBeLessThan(20);
      const page = pages[i % pages.length]!;
      await page.reload();
      await expect(page.getByTestId('bell')).toHaveAttribute('data-socket', 'open');
    }

    await alarm(devices[0]!, 520);
    for (const page of pages)
      await expect(async () => {
        await page.getByTestId('bell').hover();
        await expect(page.getByTestId('notice').filter({ hasText: devices[0]!.code })).toHaveCount(1, { timeout: 500 });
      }).toPass({ timeout: 10_000 });

    const servedByA = await consolesOn(A);
    const killedAt = Date.now();
    await A.kill('SIGKILL');
    // alarms while A's consoles are away, through nginx (which must pass over the dead instance)
    for (const d of devices.slice(1)) await alarm(d, 530);

    /** per page: when its socket closed after the kill and when it was open again (null: not yet) */
    const failovers = async () =>
      Promise.all(
        pages.map(async (page) => {
          const log = await socketLog(page);
          const lost = log.findIndex((e) => e.s === 'closed' && e.t >= killedAt);
          return lost < 0 ? null : { back: log.slice(lost).find((e) => e.s === 'open')?.t ?? null };
        }),
      );
    // every console A served lost its connection, and each is back through nginx
    await expect.poll(async () => (await failovers()).filter((f) => f && f.back !== null).length, { timeout: 15_000 }).toBe(servedByA);
    for (const f of await failovers()) if (f) expect(f.back! - killedAt, 'back within 5 s of the kill').toBeLessThanOrEqual(5000);
    for (const page of pages) await expect(page.getByTestId('bell')).toHaveAttribute('data-socket', 'open');

    for (const page of pages) {
      await page.getByTestId('bell').hover();
      for (const d of devices)
        await expect(page.getByTestId('notice').filter({ hasText: d.code }), `${d.code} once`).toHaveCount(1, { timeout: 10_000 });
    }
  } finally {
    for (const c of contexts) await c.close();
    await nginx?.stop();
    for (const inst of instances) await inst.stop();
    await redis?.stop();
    await postgres?.stop();
  }
});
