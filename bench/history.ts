/**
 * One series on the server (issue 17 item 5). `npm run bench -- history` writes
 *   series_43200_server_ms  30 days at 1 minute (43,200 points) of one series through POST history/series
 *                           (the request the history screen makes, auth and all), over a loopback socket
 *                           from a client process of its own (as a browser is) with Node's http
 *                           module, request → the whole binary answer received
 *   series_43200_fetch_ms   the same request through undici's fetch, in turn with it (the method before:
 *                           fetch's web streams add the client's own ~2 ms on a 0.7 MB body)
 * The series lives among 11 others, seeded as readings and compacted as production would have done;
 * the periodic jobs run throughout. Beside it, for scale, in the same run: the store read alone, the
 * older per-series datalog answers, and the baseline a competent engineer would write without this
 * store — one prepared better-sqlite3 range read of the same rows from a plain row table (the layout
 * before compaction) turned into the same binary body.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchApp, ensureTerminals, injectLogin, stats, timeit as timeitAfterGc } from './lib';
import { recordResults } from './results';
import { encodeSeries } from '../domain/seriesWire';

const POINTS = 43_200;
const SERIES = 12;
const RUNS = 40;
const MIN = 60_000;
const HOUR = 3_600_000;

const { app, done } = await benchApp();
const devices = await ensureTerminals(app, 40);
const target = devices[0]!;
const end = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
const t0 = end - POINTS * MIN;
const sqlite = app.store.sqlite;
sqlite.exec(
  'create table baseline_rows (deviceid integer not null, dataid integer not null, time bigint not null, value real not null, status integer not null, primary key (deviceid, dataid, time)) without rowid',
);
const ins = sqlite.prepare('insert into history (deviceid, dataid, time, value, status) values (?, ?, ?, ?, ?)');
const insBase = sqlite.prepare('insert into baseline_rows (deviceid, dataid, time, value, status) values (?, ?, ?, ?, ?)');
const value = (i: number, s: number) => Math.round((100 + s + 20 * Math.sin(i / 97) + ((i * 7919) % 13) / 10) * 10) / 10;
sqlite.transaction(() => {
  for (let s = 0; s < SERIES; s++) {
    const dev = devices[s % devices.length]!;
    const dataId = s === 0 ? 1001 : [1101, 1102, 1103, 1104, 1401][s % 5]!;
    if (s > 0 && dev.id === target.id && dataId === 1001) continue;
    for (let i = 0; i < POINTS; i++) {
      ins.run(dev.id, dataId, t0 + i * MIN, value(i, s), i % 5000 === 7 ? 3 : 0);
      insBase.run(dev.id, dataId, t0 + i * MIN, value(i, s), i % 5000 === 7 ? 3 : 0);
    }
  }
})();
const compacted = await app.telemetry.compactor.runUntilIdle();

await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
const token = (await injectLogin(app, 'root', 'Bench#Pass123')).token;
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const client = fork(fileURLToPath(new URL('./historyClient.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
/** One request made by the client process: [ms from sent to the whole answer read, answer size]. */
function post(
  url: string,
  body: unknown,
  read: 'arrayBuffer' | 'json' = 'arrayBuffer',
  via: 'http' | 'fetch' = 'http',
): Promise<[number, number]> {
  (globalThis as { gc?: () => void }).gc?.();
  return new Promise((resolve, reject) => {
    // the exit listener goes with the answer: one left per request would pile up on the client process
    const onExit = (code: number | null) => reject(new Error(`the client process ended (${code})`));
    client.once('message', (m: { ms: number; bytes: number }) => {
      client.off('exit', onExit);
      resolve([m.ms, m.bytes]);
    });
    client.once('exit', onExit);
    client.send({ url: `${base}${url}`, headers, body, read, via });
  });
}

const baselineStmt = sqlite
  .prepare('select time, value, status from baseline_rows where deviceid = ? and dataid = ? and time >= ? and time < ? order by time')
  .raw(true);
const meta = {
  pecDeviceId: target.id,
  dataId: 1001,
  logicalId: 1,
  dataTypeId: 1,
  dataIdName: '',
  dataTypeName: '',
  unit: '',
  isDiffValue: false,
  upperLimit: null,
  lowerLimit: null,
};
function baseline(): number {
  const rows = baselineStmt.all(target.id, 1001, t0, end) as [number, number, number][];
  const n = rows.length;
  const cols = { time: new Float64Array(n), value: new Float64Array(n), status: new Uint8Array(n) };
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    cols.time[i] = r[0];
    cols.value[i] = r[1];
    cols.status[i] = r[2];
  }
  return encodeSeries({ ...meta, count: n }, cols).byteLength;
}

/**
 * Each sample starts after a full collection (run.ts gives the bench --expose-gc): the six kinds of
 * request run in turn, and the garbage of one (the list JSON, the baseline's row arrays) would
 * otherwise be collected inside the next one's timing window.
 */
const timeit = <T>(fn: () => Promise<T> | T) => {
  (globalThis as { gc?: () => void }).gc?.();
  return timeitAfterGc(fn);
};

const series: number[] = [];
const seriesFetch: number[] = [];
const storeRead: number[] = [];
const datalogBinary: number[] = [];
const datalogList: number[] = [];
const rawBaseline: number[] = [];
let bytes = 0;
const seriesAsk = { startTime: t0, endTime: end, series: [{ pecDeviceId: target.id, dataId: 1001 }] };
for (let r = 0; r < RUNS; r++) {
  // the two clients in turn, each first every other run
  for (const via of r % 2 === 0 ? (['http', 'fetch'] as const) : (['fetch', 'http'] as const)) {
    const [ms, size] = await post('/wisdompower/v1/history/series', seriesAsk, 'arrayBuffer', via);
    (via === 'http' ? series : seriesFetch).push(ms);
    bytes = size;
  }
  storeRead.push((await timeit(() => app.telemetry.series.points(target.id, 1001, t0, end)))[0]);
  datalogBinary.push(
    (await post(`/wisdompower/v1/history/${target.id}/datalog`, { dataId: 1001, startTime: t0, endTime: end, format: 'binary' }))[0],
  );
  datalogList.push((await post(`/wisdompower/v1/history/${target.id}/datalog`, { dataId: 1001, startTime: t0, endTime: end }, 'json'))[0]);
  rawBaseline.push((await timeit(() => baseline()))[0]);
}
client.disconnect();
const points = (await app.telemetry.series.points(target.id, 1001, t0, end)).time.length;
if (points !== POINTS) throw new Error(`expected ${POINTS} points, the store has ${points}`);
const warm = (xs: number[]) => stats(xs.slice(5));
const detail = {
  points,
  otherSeries: SERIES - 1,
  compacted,
  answerBytes: bytes,
  seriesRequestLoopbackMs: warm(series),
  seriesRequestLoopbackFetchMs: warm(seriesFetch),
  storeReadMs: warm(storeRead),
  datalogBinaryLoopbackMs: warm(datalogBinary),
  datalogListJsonLoopbackMs: warm(datalogList),
  baselineRowTableReadAndEncodeMs: warm(rawBaseline),
};
console.log(JSON.stringify(detail, null, 2));
recordResults(
  'history',
  { series_43200_server_ms: +warm(series).p50.toFixed(2), series_43200_fetch_ms: +warm(seriesFetch).p50.toFixed(2) },
  detail,
);
await done();
