/**
 * The server of bench/historyChart.ts in a process of its own, as production runs it. In the bench's
 * process, Playwright's side of the page (it hears of every request, response and body chunk of the
 * page over the DevTools protocol) ran on the server's thread, and half the CPU the bench counted as
 * the server's per run was Playwright's.
 *
 * It seeds the history (as readings, compacted, and raw past its retention pruned, as production
 * would have done by then), listens with the periodic jobs on, and tells the parent where it is and
 * what it holds. Asked `cpu`, it answers its CPU time so far (ms); it ends when the parent disconnects.
 */
import path from 'node:path';
import { benchApp, ensureTerminals } from './lib';

const MONTH_DATA_IDS = [1001, 1101, 1102, 1103, 1104, 1201, 1202, 1203];
const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const MONTH_POINTS = 30 * 24 * 60;
const YEAR_POINTS = 365 * 24 * 60;

/** What the parent learns once the server listens. */
export interface HistoryServerReady {
  address: string;
  monthDevice: number;
  /** the month device's eight measures */
  dataIds: number[];
  yearDevice: number;
  /** the month's and the year's first minute; both end at END */
  m0: number;
  y0: number;
  end: number;
  compacted: unknown;
  pruned: unknown;
}

// the built app (`npm run bench` builds it first; alone: `npx vite build`)
const { app, done } = await benchApp({ staticDir: path.resolve('dist') });
const devices = await ensureTerminals(app, 8);
const month = devices[0]!;
const year = devices[1]!;
// Recent data, ending at the last closed hour, so it is where production would keep it.
const END = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
const M0 = END - 30 * DAY;
const Y0 = END - 365 * DAY;
const sqlite = app.store.sqlite;
const ins = sqlite.prepare('insert into history (deviceid, dataid, time, value, status) values (?, ?, ?, ?, ?)');
const wave = (i: number, k: number) =>
  Math.round((100 + k * 10 + 20 * Math.sin(i / (90 + k * 7)) + ((i * 7919 + k * 104729) % 13)) * 10) / 10;
sqlite.transaction(() => {
  MONTH_DATA_IDS.forEach((dataId, k) => {
    for (let i = 0; i < MONTH_POINTS; i++)
      ins.run(month.id, dataId, M0 + i * MIN, i === 20_000 + k ? 900 : wave(i, k), i % 5000 === 0 ? 3 : 0);
  });
  for (let i = 0; i < YEAR_POINTS; i++) ins.run(year.id, 1001, Y0 + i * MIN, i === 300_000 ? 900 : wave(i, 0), 0);
})();
const compacted = await app.telemetry.compactor.runUntilIdle();
const pruned = await app.telemetry.pruneHistory();
const address = await app.listen({ port: 0, host: '127.0.0.1' });

process.on('message', (m: string) => {
  if (m !== 'cpu') return;
  const c = process.cpuUsage();
  process.send!({ cpuMs: (c.user + c.system) / 1000 });
});
process.on('disconnect', () => void done().then(() => process.exit(0)));
const ready: HistoryServerReady = {
  address,
  monthDevice: month.id,
  dataIds: MONTH_DATA_IDS,
  yearDevice: year.id,
  m0: M0,
  y0: Y0,
  end: END,
  compacted,
  pruned,
};
process.send!(ready);
