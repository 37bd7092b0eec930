/**
 * The wall benches' page (bench/realtimeWall.ts, bench/realtimeWall4k.ts): Debian's Chromium logged in
 * as root on /realTime, and the frame times measured inside it. Not a test.
 */
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';

export const BENCH_PASSWORD = 'Bench#Pass123';

/** The wall at `width`×`height`, its tiles there and its socket open. */
export async function openWall(base: string, width: number, height: number): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchChromium();
  // bypassCSP: the measuring scripts are sent as source text, which the app's CSP (no unsafe-eval) would refuse
  const page = await browser.newPage({ viewport: { width, height }, bypassCSP: true });
  await page.goto(`${base}/#/login`);
  await page.fill('input[name=userName]', 'root');
  await page.fill('input[name=password]', BENCH_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL(/platform\/monitor/);
  await page.goto(`${base}/#/realTime`);
  await page.waitForSelector('[data-testid=device-tile]');
  await socketOpen(page);
  return { browser, page };
}

export const socketOpen = (page: Page) =>
  page.waitForFunction(`document.querySelector('[data-testid=bell]')?.getAttribute('data-socket') === 'open'`);

/**
 * Frame times and long tasks over `ms`, measured inside the page. Sent as source text: tsx would
 * otherwise wrap the inner functions with a helper that does not exist in the page.
 */
const MEASURE_SCRIPT = `(duration) => new Promise((resolve) => {
  const frames = [];
  const longTasks = [];
  const obs = new PerformanceObserver((list) => list.getEntries().forEach((e) => longTasks.push(e.duration)));
  obs.observe({ type: 'longtask', buffered: false });
  let last = performance.now();
  const end = last + duration;
  const tick = (now) => {
    frames.push(now - last);
    last = now;
    if (now < end) requestAnimationFrame(tick);
    else { obs.disconnect(); resolve({ frames, longTasks }); }
  };
  requestAnimationFrame(tick);
})`;

export async function measureFrames(page: Page, ms: number): Promise<{ frames: number[]; longTasks: number[] }> {
  return page.evaluate(`(${MEASURE_SCRIPT})(${ms})`) as Promise<{ frames: number[]; longTasks: number[] }>;
}
