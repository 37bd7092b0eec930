import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from './chromium';
import { benchApp, injectLogin } from './lib';
let pageAheadMs = 0;
const { app, done } = await benchApp({
  staticDir: path.resolve('dist'),
  simulator: { intervalMs: 1000 },
  socketPing: { intervalMs: 5_000, timeoutMs: 7 * 86_400_000 },
  escalation: { checkMs: 500, now: () => Date.now() + pageAheadMs },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
const login = await injectLogin(app, 'root', 'Bench#Pass123');
const browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
await page.clock.install();
const screen = process.env.SCREEN ?? '/realTime';
await page.goto(`${base}/?token=${encodeURIComponent(login.token)}&kiosk=1&screens=${screen}&interval=300#${screen}`);
await page.waitForTimeout(3000);
const cdp = await page.context().newCDPSession(page);
await page.clock.runFor(600_000);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
const t = performance.now();
await page.clock.runFor(600_000);
console.log('runFor 10 min ms', (performance.now() - t).toFixed(0));
const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
fs.writeFileSync('/tmp/page.cpuprofile', JSON.stringify(profile));
const c = await page.evaluate(() => (window as any).__rafCount);
console.log('raf', c);
await browser.close();
await done();
