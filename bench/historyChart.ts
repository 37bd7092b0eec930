/**
 * The history screen in Chromium, request → painted (issue 17 item 5). `npm run bench -- historyChart`
 * writes
 *   history_8x30d_ms    8 series × 30 days at 1 minute (345,600 readings) on /historyData: from the
 *                       moment the query is made (the link changes) until the frame with the drawn chart
 *                       is presented (two animation frames after uPlot's draw)
 *   history_vs_echarts  ECharts' time ÷ ours for the same 8 series in the same page, both end to end: a
 *                       competent ECharts page fetches the 8 series in parallel as columnar JSON (the
 *                       API's fastest JSON form) and draws them with ECharts' `minmax` sampling (the
 *                       same spike-keeping fidelity), timed from the request to the presented frame
 *   history_1y_ms       one series, a year at 1 minute (525,600 readings), request → painted
 * The server runs in a process of its own (bench/historyServer.ts), its data seeded as readings and
 * compacted, and raw past its retention pruned, as production would have done by then; the periodic
 * jobs run throughout. Each side's first WARMUP runs are left out (the cold one is reported apart).
 * Also prints bare uPlot from memory for scale.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { stats } from './lib';
import { SERVER_TSX_ARGV } from '../scripts/nodeFlags.mjs';
import { recordResults } from './results';
import type { HistoryServerReady } from './historyServer';

const MIN = 60_000;
const DAY = 86_400_000;
/**
 * Runs of each side left out before the measured ones: the first query of a page is its cold one
 * (reported apart), and the JIT of page, worker and server keeps compiling for a few more (our runs 2–9
 * took 63 ms, the nine after them 48). ECharts' side gets the same.
 */
const WARMUP = 4;
const RUNS = 8;
const PASSWORD = 'Bench#Pass123';

// The server in a process of its own (bench/historyServer.ts): seeded, compacted, pruned, listening.
const server = fork(fileURLToPath(new URL('./historyServer.ts', import.meta.url)), [], { execArgv: [...SERVER_TSX_ARGV] });
const serverExited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
const ready = await new Promise<HistoryServerReady>((resolve, reject) => {
  server.once('message', (m: HistoryServerReady) => resolve(m));
  server.once('exit', (code) => reject(new Error(`the history server ended (${code}) before it listened`)));
});
const { address, dataIds: DATA_IDS, m0: M0, y0: Y0, compacted, pruned } = ready;
const month = { id: ready.monthDevice };
const year = { id: ready.yearDevice };
/** The server process's CPU time so far (ms), asked over IPC outside any timed window. */
const serverCpuMs = () =>
  new Promise<number>((resolve) => {
    server.once('message', (m: { cpuMs: number }) => resolve(m.cpuMs));
    server.send('cpu');
  });

const browser = await launchChromium(['--disable-component-update', '--disable-sync']);
const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
// tsx (esbuild keepNames) wraps named functions in __name(): give evaluated code that helper.
await page.addInitScript('window.__name = (f) => f;');
await page.addInitScript(() => {
  const w = window as unknown as {
    __longtasks: { start: number; duration: number }[];
    __presented: number | null;
    __onPresented?: () => void;
  };
  w.__longtasks = [];
  w.__presented = null;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longtasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  // The chart is on screen once the frame after its draw has been produced: two animation frames,
  // counted from the draw itself as the ECharts run counts them from its 'finished' event (a
  // PerformanceObserver hears of the mark a task later, often after the next frame: one frame more).
  const mark = performance.mark.bind(performance);
  performance.mark = (name: string, options?: PerformanceMarkOptions) => {
    const entry = mark(name, options);
    if (name === 'trend:painted')
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          w.__presented = performance.now();
          w.__onPresented?.();
        }),
      );
    return entry;
  };
});
await page.goto(`${address}/#/login`);
await page.locator('input[name=userName]').fill('root');
await page.locator('input[name=password]').fill(PASSWORD);
await page.locator('input[name=password]').press('Enter');
await page.waitForURL((u) => !u.hash.startsWith('#/login'));

interface Run {
  ms: number;
  /** link change → the screen asks its worker (routing, the screen's render) */
  queryAtMs: number;
  /** link change → uPlot's draw of the loaded data */
  paintedAtMs: number;
  longest: number;
  count: string;
  fetchMs: number;
  computeMs: number;
}
/**
 * One query as the user makes it: the link changes (t0) … the drawn chart is presented. The page
 * itself waits for the presented frame (no polling over the DevTools protocol, which would load the
 * page and this process — the server's — in our window only: the ECharts run is one awaited promise too).
 */
async function screenRun(p: Page, link: string): Promise<Run & { serverCpuMs: number }> {
  const cpu = await serverCpuMs();
  const run = await p.evaluate(
    (l) =>
      new Promise<Run>((resolve, reject) => {
        const w = window as unknown as {
          __presented: number | null;
          __onPresented?: () => void;
          __longtasks: { start: number; duration: number }[];
        };
        const el = () => document.querySelector('[data-testid=trend]');
        const timeout = setTimeout(() => reject(new Error('no chart presented within 60 s')), 60_000);
        const t0 = performance.now();
        const done = () => {
          const trend = el();
          if (w.__presented === null || !trend || trend.getAttribute('data-loading') !== 'false') return false;
          clearTimeout(timeout);
          w.__onPresented = undefined;
          observer.disconnect();
          const presented = w.__presented;
          const tasks = w.__longtasks.filter((t) => t.start + t.duration >= t0 && t.start <= presented);
          const last = (name: string) => performance.getEntriesByName(name).at(-1)?.startTime ?? NaN;
          resolve({
            ms: presented - t0,
            queryAtMs: last('trend:query') - t0,
            paintedAtMs: last('trend:painted') - t0,
            longest: Math.max(0, ...tasks.map((t) => t.duration)),
            count: document.querySelector('[data-testid=trend-count]')?.textContent ?? '',
            fetchMs: Number(trend.getAttribute('data-fetch-ms')),
            computeMs: Number(trend.getAttribute('data-compute-ms')),
          });
          return true;
        };
        // presented first, or the loading flag cleared just after: whichever comes last resolves
        const observer = new MutationObserver(() => void done());
        observer.observe(document.body, { attributes: true, attributeFilter: ['data-loading'], subtree: true });
        w.__presented = null;
        w.__onPresented = () => void done();
        window.location.hash = l;
      }),
    link,
  );
  // the server process's CPU meanwhile
  return { ...run, serverCpuMs: (await serverCpuMs()) - cpu };
}

const linkOf = (deviceId: number, dataIds: number[], from: number, to: number) =>
  `#/historyData?devices=${deviceId}&measures=${dataIds.join(',')}&from=${from}&to=${to}`;

async function screenSeries(deviceId: number, dataIds: number[], from: number, to: number) {
  const runs: (Run & { serverCpuMs: number })[] = [];
  // Alternating the end by a minute makes each run a new query (same range = no reload).
  for (let r = 0; r < WARMUP + RUNS; r++) runs.push(await screenRun(page, linkOf(deviceId, dataIds, from, to - (r % 2) * MIN)));
  const warm = runs.slice(WARMUP);
  return {
    coldMs: +runs[0]!.ms.toFixed(1),
    ms: stats(warm.map((r) => r.ms)),
    longestTaskMs: stats(warm.map((r) => r.longest)),
    // where the time goes: until the query starts, until uPlot has drawn (then two frames to the screen)
    queryAtMs: stats(warm.map((r) => r.queryAtMs)),
    paintedAtMs: stats(warm.map((r) => r.paintedAtMs)),
    serverCpuMs: stats(warm.map((r) => r.serverCpuMs)),
    // inside the query: the request (server + transfer + decode) and the worker's merge/statistics/reduction
    workerFetchMs: stats(warm.map((r) => r.fetchMs)),
    workerComputeMs: stats(warm.map((r) => r.computeMs)),
    shown: warm[0]!.count,
  };
}

await page.goto(`${address}/#/historyData`);
await page.getByTestId('history-data').waitFor();
const A = await screenSeries(month.id, DATA_IDS, M0, M0 + 30 * DAY);
const C = await screenSeries(year.id, [1001], Y0, Y0 + 365 * DAY);

// B. Baselines in the same page: ECharts end to end, and bare uPlot from memory for scale.
// The app's CSP allows scripts of its own origin only: the libraries are served from there.
const LIBS: Record<string, string> = {
  '/__bench/uplot.js': fileURLToPath(import.meta.resolve('uplot/dist/uPlot.iife.min.js')),
  '/__bench/echarts.js': fileURLToPath(import.meta.resolve('echarts/dist/echarts.min')),
};
await page.route('**/__bench/*.js', (route) => route.fulfill({ path: LIBS[new URL(route.request().url()).pathname]! }));
for (const url of Object.keys(LIBS)) await page.addScriptTag({ url });
// A route intercepts every request of the page (each one through this process): none for the runs.
await page.unroute('**/__bench/*.js');
await page.evaluate(() => {
  const host = document.createElement('div');
  host.id = 'bench-host';
  host.style.cssText = 'position:fixed;left:0;top:0;width:1500px;height:420px;background:#fff;z-index:9999';
  document.body.appendChild(host);
});

async function echartsEndToEnd(end: number): Promise<{ ms: number; fetchMs: number; longest: number; points: number }> {
  return page.evaluate(
    ({ deviceId, dataIds, from, to }) =>
      new Promise((resolve, reject) => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page global of a chart library loaded by script tag
        const w = window as unknown as Record<string, any>;
        const host = document.getElementById('bench-host')!;
        host.innerHTML = '';
        const el = document.createElement('div');
        el.style.cssText = 'width:1500px;height:420px';
        host.appendChild(el);
        const lt = w.__longtasks as { start: number; duration: number }[];
        const token = sessionStorage.getItem('vg.token');
        const t0 = performance.now();
        Promise.all(
          dataIds.map(async (dataId) => {
            const r = await fetch(`/wisdompower/v1/history/${deviceId}/datalog`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({ dataId, startTime: from, endTime: to, format: 'columnar' }),
            });
            return (await r.json()).data as { time: number[]; value: number[] };
          }),
        )
          .then((cols) => {
            const fetched = performance.now();
            const chart = w.echarts.init(el, null, { renderer: 'canvas' });
            chart.on('finished', () => {
              requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                  const t1 = performance.now();
                  setTimeout(() => {
                    const tasks = lt.filter((t) => t.start + t.duration >= t0 && t.start <= t1);
                    chart.dispose();
                    resolve({
                      ms: t1 - t0,
                      fetchMs: fetched - t0,
                      longest: Math.max(0, ...tasks.map((t) => t.duration)),
                      points: cols.reduce((n, c) => n + c.time.length, 0),
                    });
                  }, 50);
                }),
              );
            });
            chart.setOption({
              animation: false,
              xAxis: { type: 'time' },
              yAxis: { type: 'value' },
              series: cols.map((c) => ({
                type: 'line',
                showSymbol: false,
                sampling: 'minmax',
                // the width our screen draws a dense (per-pixel min/max) view with: the same raster work
                lineStyle: { width: 1 },
                data: c.time.map((t, i) => [t, c.value[i]]),
              })),
            });
          })
          .catch(reject);
      }),
    { deviceId: month.id, dataIds: DATA_IDS, from: M0, to: end },
  );
}

async function uplotFromMemory(): Promise<{ ms: number }> {
  return page.evaluate(
    ({ deviceId, dataIds, from, to }) =>
      new Promise((resolve) => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page global of a chart library loaded by script tag
        const w = window as unknown as Record<string, any>;
        const go = async () => {
          if (!w.__ys) {
            const token = sessionStorage.getItem('vg.token');
            const cols = await Promise.all(
              dataIds.map(async (dataId) => {
                const r = await fetch(`/wisdompower/v1/history/${deviceId}/datalog`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
                  body: JSON.stringify({ dataId, startTime: from, endTime: to, format: 'columnar' }),
                });
                return (await r.json()).data as { time: number[]; value: number[] };
              }),
            );
            w.__x = Float64Array.from(cols[0]!.time, (t) => t / 1000);
            w.__ys = cols.map((c) => Float64Array.from(c.value));
          }
          const host = document.getElementById('bench-host')!;
          host.innerHTML = '';
          const el = document.createElement('div');
          host.appendChild(el);
          const t0 = performance.now();
          let fired = false;
          const u = new w.uPlot(
            {
              width: 1500,
              height: 420,
              scales: { x: { time: true } },
              series: [{}, ...w.__ys.map((_: unknown, k: number) => ({ stroke: `hsl(${k * 45},70%,45%)`, width: 1 }))],
              hooks: {
                draw: [
                  () => {
                    if (fired) return;
                    fired = true;
                    const ms = performance.now() - t0;
                    u.destroy();
                    resolve({ ms });
                  },
                ],
              },
            },
            [w.__x, ...w.__ys],
            el,
          );
        };
        void go();
      }),
    { deviceId: month.id, dataIds: DATA_IDS, from: M0, to: M0 + 30 * DAY },
  );
}

const echartsRuns = [];
const uplotRuns = [];
for (let r = 0; r < WARMUP + 6; r++) {
  echartsRuns.push(await echartsEndToEnd(M0 + 30 * DAY - (r % 2) * MIN));
  uplotRuns.push(await uplotFromMemory());
}
const B = {
  echartsEndToEnd: {
    ms: stats(echartsRuns.slice(WARMUP).map((r) => r.ms)),
    fetchMs: stats(echartsRuns.slice(WARMUP).map((r) => r.fetchMs)),
    longestTaskMs: stats(echartsRuns.slice(WARMUP).map((r) => r.longest)),
    points: echartsRuns[0]!.points,
  },
  uplotFromMemory: { ms: stats(uplotRuns.slice(WARMUP).map((r) => r.ms)) },
};

await browser.close();
server.disconnect();
await serverExited;

const detail = {
  compacted,
  pruned,
  A_screen_8x30d: A,
  B_baselines_same_page: B,
  C_screen_1y: C,
};
console.log(JSON.stringify(detail, null, 2));
recordResults(
  'historyChart',
  {
    history_8x30d_ms: +A.ms.p50.toFixed(1),
    history_vs_echarts: +(B.echartsEndToEnd.ms.p50 / A.ms.p50).toFixed(2),
    history_1y_ms: +C.ms.p50.toFixed(1),
  },
  detail,
);
