/**
 * The real consoles of bench/alarmLatency.ts (issue 32, bell_p99_ms): a few pages of the built console
 * in Debian's Chromium, in this process of their own (the Playwright driver off the server's event
 * loop), each logged in as its user and on that user's landing screen, the header bell's panel open as
 * an operator watching it has it. Each page stamps, for every probe device, when the bell's list entry
 * of its alarm is painted: a MutationObserver on the bell sees the device's code appear (a row of its
 * own, or the device row of a flood group, unfolded as it forms), and the next animation frame after
 * that mutation is the stamp — the frame with the change has been painted by then. Also stamped: when
 * the alarm's socket frame reached the page (a listener on the page's WebSocket) and the DOM change, to
 * split the time. Every stamp is performance.timeOrigin + performance.now(): epoch milliseconds, the
 * clock of the probe process on the same machine (the bench checks both against each other).
 * Over the window each page's main-thread time (CDP Performance metrics) is read too, and with
 * BENCH_PAGE_PROF=/tmp/page.cpuprofile the first page's CPU profile is written; BENCH_PAGE_TRACE=/tmp/trace.json
 * a Chromium trace of the window (every process's threads: the renderers' main and compositor threads, the
 * display compositor, raster), as a JSON array of trace events; BENCH_PAGE_SHOT=/tmp/bell.png takes the
 * first page's screenshot at the end (to see the bell as it was measured).
 */
import fs from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';
import { launchChromium } from './chromium';

/**
 * This process and the Chromium it starts keep the server's niceness (0; Chromium may not raise its
 * own: see launchChromium's keepNiceness): the pages are this run's instruments, and what they time is
 * the server's path and theirs. The background load (the socket consoles, the fleet) yields to both
 * (bench/alarmLatency.ts BACKGROUND_NICE). An operator's browser runs on the operator's machine, not the
 * server's; on this 2-core machine two pages under an alarm flood took 1.05 cores and left the server
 * 0.37, so the server's own figures (alarm_p99_ms, loop_p99_ms) come from the run without pages.
 */

export interface BellPageLogin {
  token: string;
  userId: number;
}

/** A page's stamps by probe device code (epoch ms): its socket frame, the DOM change, the painted frame. */
export interface BellStamps {
  arrived: Record<string, number>;
  dom: Record<string, number>;
  painted: Record<string, number>;
}

/** The page's clock against this process's Date.now() (the best of a few round trips). */
export interface ClockCheck {
  /** page performance.timeOrigin + performance.now() − the middle of the round trip */
  perfMinusNodeMs: number;
  /** page performance.timeOrigin + performance.now() − page Date.now() */
  perfMinusDateMs: number;
  rttMs: number;
}

const {
  url,
  pages: logins,
  probeCodes,
} = JSON.parse(process.env.BENCH_PAGES!) as {
  url: string;
  pages: BellPageLogin[];
  probeCodes: string[];
};

// Sent as source text: tsx would wrap functions with a helper the page does not have.
/** Before the app loads: every alarm frame the page's WebSockets receive, stamped on arrival. */
const SOCKET_HOOK = `(() => {
  const Native = window.WebSocket;
  const frames = [];
  window.__alarmFrames = frames;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (typeof e.data === 'string' && e.data.includes('"alarm.raised"')) frames.push([performance.timeOrigin + performance.now(), e.data]);
      });
    }
  };
})()`;
/** The bell's painted changes: the first time each probe device's code shows in the bell, and the frame after. */
const OBSERVE = `(codes) => {
  const probes = new Set(codes);
  const now = () => performance.timeOrigin + performance.now();
  const dom = {};
  const painted = {};
  // the page's long tasks (over 50 ms): what a pushed frame may have waited behind; emptied when the window opens
  const longTasks = [];
  window.__bell = { dom, painted, longTasks };
  new PerformanceObserver((list) => list.getEntries().forEach((e) => longTasks.push(e.duration))).observe({ type: 'longtask' });
  const bell = document.querySelector('[data-testid=bell]').parentElement;
  let fresh = [];
  const frame = () => {
    const at = now();
    for (const code of fresh) painted[code] = at;
    fresh = [];
  };
  const scan = () => {
    // a flood group (one alarm type across devices) lists its devices once unfolded, as an operator would unfold it
    for (const toggle of bell.querySelectorAll('[data-testid=notice-group-toggle][aria-expanded=false]')) toggle.click();
    const at = now();
    for (const m of bell.textContent.matchAll(/\\(([^()]+)\\)/g)) {
      const code = m[1];
      if (!probes.has(code) || code in dom) continue;
      dom[code] = at;
      if (fresh.push(code) === 1) requestAnimationFrame(frame);
    }
  };
  new MutationObserver(scan).observe(bell, { subtree: true, childList: true, characterData: true });
  scan();
}`;
/** The socket frames' arrival by probe code (the first frame naming each). */
const ARRIVALS = `(() => {
  const arrived = {};
  for (const [at, data] of window.__alarmFrames) {
    // socket.io's frame: 42["message",{…}] or, notices that queued up, 42["messages",[{…}, …]]
    const [, payload] = JSON.parse(data.slice(data.indexOf('[')));
    for (const m of Array.isArray(payload) ? payload : [payload]) {
      const code = m.kind === 'alarm.raised' ? m.description?.deviceCode : null;
      if (code && !(code in arrived)) arrived[code] = at;
    }
  }
  return arrived;
})()`;

async function clockCheck(page: Page): Promise<ClockCheck> {
  let best: ClockCheck | null = null;
  for (let i = 0; i < 5; i++) {
    const before = Date.now();
    const [perf, date] = (await page.evaluate('[performance.timeOrigin + performance.now(), Date.now()]')) as [number, number];
    const after = Date.now();
    const check = {
      perfMinusNodeMs: +(perf - (before + after) / 2).toFixed(2),
      perfMinusDateMs: +(perf - date).toFixed(2),
      rttMs: after - before,
    };
    if (!best || check.rttMs < best.rttMs) best = check;
  }
  return best!;
}

/**
 * A page's renderer so far (CDP Performance.getMetrics): main-thread wall seconds in tasks, of them
 * script, style and layout; main-thread and renderer-process CPU seconds (what the machine's load does
 * not inflate); and how many style recalculations and layouts (a page that animates recalculates every frame).
 */
const MAIN_THREAD = [
  'TaskDuration',
  'ScriptDuration',
  'RecalcStyleDuration',
  'LayoutDuration',
  'ThreadTime',
  'ProcessTime',
  'RecalcStyleCount',
  'LayoutCount',
] as const;
async function mainThread(cdp: CDPSession): Promise<number[]> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return MAIN_THREAD.map((name) => metrics.find((m) => m.name === name)?.value ?? NaN);
}

/**
 * CPU time (ms) so far of this process and its descendants — the Playwright driver, Chromium and its
 * renderers — from Linux /proc (10 ms ticks): what the pages cost a machine they share with the server.
 */
function processTreeCpuMs(): number {
  const procs = fs.readdirSync('/proc').flatMap((pid) => {
    if (!/^\d+$/.test(pid)) return [];
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // after the command name (which may hold spaces): the parent is the 2nd field, utime and stime the 12th and 13th
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [{ pid: Number(pid), ppid: Number(f[1]), ms: (Number(f[11]) + Number(f[12])) * 10 }];
    } catch {
      return []; // gone meanwhile
    }
  });
  const tree = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs)
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.add(p.pid);
        grew = true;
      }
  }
  return procs.reduce((ms, p) => (tree.has(p.pid) ? ms + p.ms : ms), 0);
}

const errors: string[] = [];
const browser = await launchChromium([], { keepNiceness: true });
const pages: Page[] = [];
const cdps: CDPSession[] = [];
// One after another: each page's first load is a burst of CPU on a machine the fleet already loads.
for (const login of logins) {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, bypassCSP: true });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript({ content: SOCKET_HOOK });
  // the console's own token hand-over (docs: kiosk URLs); the hash '/' lands on the user's main screen
  await page.goto(`${url}/?token=${encodeURIComponent(login.token)}#/`);
  await page.waitForFunction(`document.querySelector('[data-testid=bell]')?.getAttribute('data-socket') === 'open'`, undefined, {
    timeout: 60_000,
  });
  await page.hover('[data-testid=bell]');
  await page.waitForSelector('[data-testid=bell-panel]');
  await page.evaluate(`(${OBSERVE})(${JSON.stringify(probeCodes)})`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  pages.push(page);
  cdps.push(cdp);
}
const screens = await Promise.all(
  pages.map(async (p) => ({
    screen: (await p.evaluate('location.hash')) as string,
    visibility: (await p.evaluate('document.visibilityState')) as string,
  })),
);
const clockBefore = await Promise.all(pages.map(clockCheck));
process.send!({ type: 'ready', screens, clockBefore });

let windowStart = 0;
let cpuBefore = 0;
let threadBefore: number[][] = [];
const profile = process.env.BENCH_PAGE_PROF;
async function measure(): Promise<void> {
  windowStart = performance.now();
  cpuBefore = processTreeCpuMs();
  threadBefore = await Promise.all(cdps.map(mainThread));
  await Promise.all(pages.map((p) => p.evaluate('window.__bell.longTasks.length = 0')));
  if (profile) {
    await cdps[0]!.send('Profiler.enable');
    await cdps[0]!.send('Profiler.start');
  }
  if (trace) {
    cdps[0]!.on('Tracing.dataCollected', (e: { value: object[] }) => traceEvents.push(...e.value));
    await cdps[0]!.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel',
      transferMode: 'ReportEvents',
    });
  }
}
const trace = process.env.BENCH_PAGE_TRACE;
const traceEvents: object[] = [];

async function collect(): Promise<void> {
  const seconds = (performance.now() - windowStart) / 1000;
  // cores' worth of CPU the pages' party used in the window (of the machine's 2)
  const cpuShare = +((processTreeCpuMs() - cpuBefore) / 1000 / seconds).toFixed(2);
  const threadAfter = await Promise.all(cdps.map(mainThread));
  // each page's renderer over the window, per second: seconds (shares of a core) and counts
  const rendererPerS = threadAfter.map((after, i) =>
    Object.fromEntries(MAIN_THREAD.map((name, k) => [name, +((after[k]! - threadBefore[i]![k]!) / seconds).toFixed(3)])),
  );
  if (profile) {
    fs.writeFileSync(profile, JSON.stringify((await cdps[0]!.send('Profiler.stop')).profile));
    console.error(`page cpu profile written to ${profile}`);
  }
  if (trace) {
    const done = new Promise((r) => cdps[0]!.once('Tracing.tracingComplete', r));
    await cdps[0]!.send('Tracing.end');
    await done;
    fs.writeFileSync(trace, JSON.stringify(traceEvents));
  }
  if (process.env.BENCH_PAGE_SHOT) await pages[0]!.screenshot({ path: process.env.BENCH_PAGE_SHOT });
  const clockAfter = await Promise.all(pages.map(clockCheck));
  const stamps = await Promise.all(
    pages.map(async (p): Promise<BellStamps & { panelOpen: boolean; longTasksMs: number[] }> => {
      const { dom, painted, longTasks } = (await p.evaluate('window.__bell')) as Omit<BellStamps, 'arrived'> & { longTasks: number[] };
      const arrived = (await p.evaluate(ARRIVALS)) as Record<string, number>;
      return { arrived, dom, painted, panelOpen: (await p.locator('[data-testid=bell-panel]').count()) === 1, longTasksMs: longTasks };
    }),
  );
  await browser.close();
  process.send!({ type: 'bells', stamps, clockAfter, rendererPerS, cpuShare, errors: errors.slice(0, 20) }, () => process.exit(0));
}
process.on('message', (m: { type: string }) => {
  if (m.type === 'measure') void measure();
  if (m.type === 'collect') void collect();
});
