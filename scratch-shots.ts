import path from 'node:path';
import { chromium } from 'playwright-core';
import { benchApp, injectLogin } from './bench/lib';

const { app, done } = await benchApp({
  staticDir: path.resolve('dist'),
  telemetry: { timers: false },
  escalation: { checkMs: 300, now: () => Date.now() + 3600_000 },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
const login = await injectLogin(app, 'zhangsan', 'Bench#Pass123');
const terms = await app.db.selectFrom('terminal').select(['code']).orderBy('id').limit(3).execute();
await app.telemetry.ingest({ device: terms[0]!.code, time: Date.now(), values: [{ dataId: 1501, value: 1 }] }, { trusted: true });
await app.telemetry.ingest({ device: terms[1]!.code, time: Date.now(), values: [{ dataId: 1001, value: 480 }] }, { trusted: true });
for (let i = 0; i < 50; i++) {
  const n = await app.db.selectFrom('peceventextend').select('id').where('escalatedat', 'is not', null).execute();
  if (n.length >= 2) break;
  await new Promise((r) => setTimeout(r, 200));
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const only = process.argv[2];
for (const lang of ['zh_cn', 'en'])
  for (const theme of ['bright', 'dark'])
    for (const [w, h] of [
      [1366, 768],
      [3840, 2160],
    ] as const) {
      if (only && only !== `${lang}-${theme}-${w}`) continue;
      const ctx = await browser.newContext({ viewport: { width: w, height: h }, timezoneId: 'Asia/Shanghai' });
      await ctx.addInitScript(
        ([l, t]) => {
          localStorage.setItem('vg.lang', l!);
          localStorage.setItem('vg.theme', t!);
        },
        [lang, theme],
      );
      const page = await ctx.newPage();
      const tag = `${lang}-${theme}-${w}`;
      await page.goto(`${base}/?token=${encodeURIComponent(login.token)}#/alarmEvent`);
      await page.waitForSelector('[data-testid=escalation-banner]');
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/i19shots/console-${tag}.png` });
      await page.goto(`${base}/?token=${encodeURIComponent(login.token)}#/systemConfig`);
      await page.waitForSelector('[data-testid=settings-escalation]');
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/i19shots/settings-${tag}.png`, fullPage: true });
      const kiosk = await ctx.newPage();
      await kiosk.goto(`${base}/?token=${encodeURIComponent(login.token)}&kiosk=1&screens=/realTime&interval=600#/realTime`);
      await kiosk.waitForSelector('[data-testid=escalation-banner]');
      await kiosk.waitForTimeout(800);
      await kiosk.screenshot({ path: `/tmp/i19shots/wall-${tag}.png` });
      await ctx.close();
    }
await browser.close();
await done();
