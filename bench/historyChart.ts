/**
 * The trend from query to painted chart, in Chromium, through the real /historyData screen:
 *  A. 8 series × 30 days at 1-minute resolution (345,600 points): the screen's query (binary columnar
 *     datalog → series worker: decode, statistics, per-pixel min/max) until uPlot has painted; the
 *     longest main-thread long task in that window.
 *  B. in the same page, bare uPlot drawing the same 345,600 points from memory (no fetch, no worker),
 *     and ECharts drawing them (dev-only comparison dependency), as the baselines of the ratio.
 *  C. one year of 1-minute data for one series (525,600 points), query to painted.
 * Run: npx tsx bench/historyChart.ts   (builds the app into a temp dir, seeds a temp data dir)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { benchApp, ensureTerminals, stats } from './lib';

const MIN = 60_000;
const DAY = 86_400_000;
const MONTH_POINTS = 30 * 24 * 60;
const YEAR_POINTS = 365 * 24 * 60;
const DATA_IDS = [1001, 1101, 1102, 1103, 1104, 1201, 1202, 1203];
const RUNS = 8;
const PASSWORD = 'Bench#Pass123';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-bench-dist-'));
execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });

const { app, done } = await benchApp({ staticDir: dist });
const devices = await ensureTerminals(app, 8);
const month = devices[0]!;
const year = devices[1]!;
const M0 = new Date(2025, 5, 1).getTime();
const Y0 = new Date(2025, 0, 1).getTime();
const sqlite = app.store.sqlite;
const ins = sqlite.prepare('insert into history (deviceid, dataid, time, value, status) values (?, ?, ?, ?, ?)');
const wave = (i: number, k: number) => 100 + k * 10 + 20 * Math.sin(i / (90 + k * 7)) + ((i * 7919 + k * 104729) % 13);
sqlite.transaction(() => {
  DATA_IDS.forEach((dataId, k) => {
    for (let i = 0; i < MONTH_POINTS; i++)
      ins.run(month.id, dataId, M0 + i * MIN, i === 20_000 + k ? 900 : wave(i, k), i % 5000 === 0 ? 3 : 0);
  });
  for (let i = 0; i < YEAR_POINTS; i++) ins.run(year.id, 1001, Y0 + i * MIN, wave(i, 0), 0);
})();

const address = await app.listen({ port: 0, host: '127.0.0.1' });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
// tsx (esbuild keepNames) wraps named functions in __name(): give evaluated code that helper.
await page.addInitScript('window.__name = (f) => f;');
await page.addInitScript(() => {
  const w = window as unknown as { __longtasks: { start: number; duration: number }[] };
  w.__longtasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longtasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
});
await page.goto(`${address}/#/login`);
await page.locator('input[name=userName]').fill('root');
await page.locator('input[name=password]').fill(PASSWORD);
await page.locator('input[name=password]').press('Enter');
await page.waitForURL((u) => !u.hash.startsWith('#/login'));

/** One screen query: set the link, wait for the paint that follows the query mark. */
interface Run {
  ms: number;
  longest: number;
  count: string;
  fetchMs: number;
  computeMs: number;
}
async function screenRun(p: Page, link: string): Promise<Run> {
  await p.evaluate(() => performance.clearMarks());
  await p.evaluate((l) => (window.location.hash = l), link);
  const r = await p.waitForFunction(
    () => {
      const q = performance.getEntriesByName('trend:query').at(-1);
      const painted = q && performance.getEntriesByName('trend:painted').find((m) => m.startTime > q.startTime);
      if (!q || !painted || document.querySelector('[data-testid=trend]')?.getAttribute('data-loading') !== 'false') return null;
      const tasks = (window as unknown as { __longtasks: { start: number; duration: number }[] }).__longtasks.filter(
        (t) => t.start + t.duration >= q.startTime && t.start <= painted.startTime,
      );
      const el = document.querySelector('[data-testid=trend]')!;
      return {
        ms: painted.startTime - q.startTime,
        longest: Math.max(0, ...tasks.map((t) => t.duration)),
        count: document.querySelector('[data-testid=trend-count]')?.textContent ?? '',
        fetchMs: Number(el.getAttribute('data-fetch-ms')),
        computeMs: Number(el.getAttribute('data-compute-ms')),
      };
    },
    undefined,
    { timeout: 60_000, polling: 20 },
  );
  return r.jsonValue() as Promise<Run>;
}

const linkOf = (deviceId: number, dataIds: number[], from: number, to: number) =>
  `#/historyData?devices=${deviceId}&measures=${dataIds.join(',')}&from=${from}&to=${to}`;

async function screenSeries(deviceId: number, dataIds: number[], from: number, to: number) {
  const runs: Run[] = [];
  // Alternating the end by a minute makes each run a new query (same range = no reload).
  for (let r = 0; r <= RUNS; r++) runs.push(await screenRun(page, linkOf(deviceId, dataIds, from, to - (r % 2) * MIN)));
  const warm = runs.slice(1);
  return {
    coldMs: +runs[0]!.ms.toFixed(1),
    ms: stats(warm.map((r) => r.ms)),
    longestTaskMs: stats(warm.map((r) => r.longest)),
    // inside the query: the HTTP fetches (server scan + transfer) and the worker's merge/statistics/reduction
    workerFetchMs: stats(warm.map((r) => r.fetchMs)),
    workerComputeMs: stats(warm.map((r) => r.computeMs)),
    shown: warm[0]!.count,
  };
}

await page.goto(`${address}/#/historyData`);
await page.getByTestId('history-data').waitFor();
const A = await screenSeries(month.id, DATA_IDS, M0, M0 + 30 * DAY);

// B. Baselines in the same page: the same 8 × 43,200 points, already in memory.
await page.addScriptTag({ path: 'node_modules/uplot/dist/uPlot.iife.min.js' });
await page.addScriptTag({ path: 'node_modules/echarts/dist/echarts.min.js' });
await page.evaluate(
  async ({ deviceId, dataIds, from, to }) => {
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
    const w = window as unknown as Record<string, unknown>;
    w.__x = Float64Array.from(cols[0]!.time, (t) => t / 1000);
    w.__ys = cols.map((c) => Float64Array.from(c.value));
    w.__pairs = cols.map((c) => c.time.map((t, i) => [t, c.value[i]]));
    const host = document.createElement('div');
    host.id = 'bench-host';
    host.style.cssText = 'position:fixed;left:0;top:0;width:1500px;height:420px;background:#fff;z-index:9999';
    document.body.appendChild(host);
  },
  { deviceId: month.id, dataIds: DATA_IDS, from: M0, to: M0 + 30 * DAY },
);

async function bare(lib: 'uplot' | 'echarts'): Promise<{ ms: number; longest: number }> {
  return page.evaluate(
    (which) =>
      new Promise<{ ms: number; longest: number }>((resolve) => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page globals of two chart libraries loaded by script tag
        const w = window as unknown as Record<string, any>;
        const host = document.getElementById('bench-host')!;
        host.innerHTML = '';
        const el = document.createElement('div');
        el.style.cssText = 'width:1500px;height:420px';
        host.appendChild(el);
        const lt = w.__longtasks as { start: number; duration: number }[];
        const t0 = performance.now();
        const finish = () => {
          const t1 = performance.now();
          // Long tasks are reported after they end: read them a frame later.
          requestAnimationFrame(() =>
            setTimeout(() => {
              const tasks = lt.filter((t) => t.start + t.duration >= t0 && t.start <= t1);
              resolve({ ms: t1 - t0, longest: Math.max(0, ...tasks.map((t) => t.duration)) });
            }, 50),
          );
        };
        if (which === 'uplot') {
          let fired = false;
          const u = new w.uPlot(
            {
              width: 1500,
              height: 420,
              scales: { x: { time: true } },
              series: [{}, ...w.__ys.map((_: unknown, k: number) => ({ stroke: `hsl(${k * 45},70%,45%)`, width: 1.5 }))],
              hooks: {
                draw: [
                  () => {
                    if (!fired) {
                      fired = true;
                      finish();
                    }
                  },
                ],
              },
            },
            [w.__x, ...w.__ys],
            el,
          );
          w.__u = u;
        } else {
          const chart = w.echarts.init(el, null, { renderer: 'canvas' });
          chart.on('finished', () => {
            finish();
          });
          chart.setOption({
            animation: false,
            xAxis: { type: 'time' },
            yAxis: { type: 'value' },
            series: w.__pairs.map((data: unknown) => ({ type: 'line', showSymbol: false, data })),
          });
          w.__ec = chart;
        }
      }),
    lib,
  );
}

const bareRuns: Record<'uplot' | 'echarts', { ms: number; longest: number }[]> = { uplot: [], echarts: [] };
for (let r = 0; r <= 4; r++) {
  bareRuns.uplot.push(await bare('uplot'));
  await page.evaluate(() => (window as unknown as { __u?: { destroy(): void } }).__u?.destroy());
  bareRuns.echarts.push(await bare('echarts'));
  await page.evaluate(() => (window as unknown as { __ec?: { dispose(): void } }).__ec?.dispose());
}
await page.evaluate(() => document.getElementById('bench-host')?.remove());
const B = {
  uplot: { ms: stats(bareRuns.uplot.slice(1).map((r) => r.ms)), longestTaskMs: stats(bareRuns.uplot.slice(1).map((r) => r.longest)) },
  echarts: { ms: stats(bareRuns.echarts.slice(1).map((r) => r.ms)), longestTaskMs: stats(bareRuns.echarts.slice(1).map((r) => r.longest)) },
};

const C = await screenSeries(year.id, [1001], Y0, Y0 + 365 * DAY);

await browser.close();
await done();
fs.rmSync(dist, { recursive: true, force: true });

console.log(
  JSON.stringify(
    {
      bench: 'historyChart',
      cores: os.cpus().length,
      loadavg: os.loadavg().map((x) => +x.toFixed(2)),
      A_screen_8x30d_345600pts_queryToPaintMs: A,
      B_bare_uPlot_sameArraysFromMemoryMs: B.uplot,
      B_bare_ECharts_sameArraysFromMemoryMs: B.echarts,
      ratioScreenToBareUPlot_p50: +(A.ms.p50 / B.uplot.ms.p50).toFixed(2),
      ratioScreenToECharts_p50: +(A.ms.p50 / B.echarts.ms.p50).toFixed(2),
      C_screen_1series_1year_525600pts_queryToPaintMs: C,
      targets: 'A ≤ 300 ms with no main-thread long task > 50 ms; C ≤ 1000 ms',
    },
    null,
    2,
  ),
);
