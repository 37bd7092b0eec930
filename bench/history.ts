/**
 * One series over 30 days at 1-minute resolution (43,200 points) served by the history datalog
 * endpoint (full HTTP path through app.inject, auth included) and the trend query, beside the raw
 * better-sqlite3 range scan of the same rows. Other series share the table so the scan is realistic.
 * Run: npx tsx bench/history.ts
 */
import { benchApp, ensureTerminals, stats, timeit, injectLogin } from './lib';
import { formatTime } from '../server/telemetry/time';
import { DEFAULT_TIME_ZONE } from '../domain/timeZone';

const POINTS = 43_200;
const SERIES = 12; // other series interleaved in the same table
const RUNS = 40;

const { app, done } = await benchApp();
const devices = await ensureTerminals(app, 40);
const target = devices[0]!;
const t0 = new Date(2025, 0, 1).getTime();
const sqlite = app.store.sqlite;
const ins = sqlite.prepare('insert into history (deviceid, dataid, time, value, status) values (?, ?, ?, ?, ?)');
sqlite.transaction(() => {
  for (let s = 0; s < SERIES; s++) {
    const dev = devices[s % devices.length]!;
    const dataId = s === 0 ? 1001 : [1101, 1102, 1103, 1104, 1401][s % 5]!;
    if (s > 0 && dev.id === target.id && dataId === 1001) continue;
    for (let i = 0; i < POINTS; i++) ins.run(dev.id, dataId, t0 + i * 60_000, 100 + (i % 50), 0);
  }
})();

const auth = { authorization: `Bearer ${(await injectLogin(app, 'root', 'Bench#Pass123')).token}` };
const end = t0 + POINTS * 60_000;

const http: number[] = [];
const columnar: number[] = [];
const binary: number[] = [];
const binaryStore: number[] = [];
let binaryBytes = 0;
const store: number[] = [];
const trend: number[] = [];
const raw: number[] = [];
let count = 0;
const rawStmt = sqlite.prepare(
  'select time, value, status from history where deviceid = ? and dataid = ? and time >= ? and time < ? order by time',
);
for (let r = 0; r < RUNS; r++) {
  const [a, res] = await timeit(() =>
    app.inject({
      method: 'POST',
      url: `/wisdompower/v1/history/${target.id}/datalog`,
      headers: auth,
      payload: { dataId: 1001, startTime: t0, endTime: end },
    }),
  );
  count = res.json().data.dataList.length;
  http.push(a);
  store.push((await timeit(() => app.telemetry.history.range(target.id, 1001, t0, end)))[0]);
  trend.push(
    (
      await timeit(() =>
        app.inject({
          method: 'POST',
          url: '/wisdompower/v1/trend/query',
          headers: auth,
          payload: {
            startTime: formatTime(t0, DEFAULT_TIME_ZONE),
            endTime: formatTime(end, DEFAULT_TIME_ZONE),
            interval: 60,
            meterConfigs: [{ dataId: 1001, deviceId: target.id }],
          },
        }),
      )
    )[0],
  );
  raw.push((await timeit(() => rawStmt.all(target.id, 1001, t0, end)))[0]);
  const [c, cres] = await timeit(() =>
    app.inject({
      method: 'POST',
      url: `/wisdompower/v1/history/${target.id}/datalog`,
      headers: auth,
      payload: { dataId: 1001, startTime: t0, endTime: end, format: 'columnar' },
    }),
  );
  if (cres.json().data.time.length !== POINTS) throw new Error('columnar answer incomplete');
  columnar.push(c);
  const [b, bres] = await timeit(() =>
    app.inject({
      method: 'POST',
      url: `/wisdompower/v1/history/${target.id}/datalog`,
      headers: auth,
      payload: { dataId: 1001, startTime: t0, endTime: end, format: 'binary' },
    }),
  );
  binaryBytes = bres.rawPayload.byteLength;
  binary.push(b);
  binaryStore.push((await timeit(() => app.telemetry.history.rangeColumns(target.id, 1001, t0, end)))[0]);
}
// The binary answer on its own, as the series worker asks for it: the interleaved loop above charges
// it with the garbage the list and JSON answers leave behind.
const binaryAlone: number[] = [];
(globalThis as { gc?: () => void }).gc?.();
for (let r = 0; r < RUNS; r++) {
  binaryAlone.push(
    (
      await timeit(() =>
        app.inject({
          method: 'POST',
          url: `/wisdompower/v1/history/${target.id}/datalog`,
          headers: auth,
          payload: { dataId: 1001, startTime: t0, endTime: end, format: 'binary' },
        }),
      )
    )[0],
  );
}
// And over a real loopback socket, as the browser's worker fetches it (app.inject also decodes every
// answer into a string, which a binary body does not need).
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
const binaryLoopback: number[] = [];
for (let r = 0; r < RUNS; r++) {
  binaryLoopback.push(
    (
      await timeit(async () => {
        const res = await fetch(`${base}/wisdompower/v1/history/${target.id}/datalog`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ dataId: 1001, startTime: t0, endTime: end, format: 'binary' }),
        });
        if ((await res.arrayBuffer()).byteLength !== binaryBytes) throw new Error('binary answer incomplete');
      })
    )[0],
  );
}
const warm = (xs: number[]) => stats(xs.slice(5));
const s = {
  http: warm(http),
  store: warm(store),
  trend: warm(trend),
  raw: warm(raw),
  columnar: warm(columnar),
  binary: warm(binary),
  binaryStore: warm(binaryStore),
  binaryAlone: warm(binaryAlone),
  binaryLoopback: warm(binaryLoopback),
};
console.log(
  JSON.stringify(
    {
      bench: 'history',
      points: count,
      otherSeriesRows: (SERIES - 1) * POINTS,
      datalogHttpMs: s.http,
      storeRangeMs: s.store,
      trendQueryHttpMs_2000buckets_minmax: s.trend,
      datalogColumnarJsonHttpMs: s.columnar,
      datalogBinaryHttpMs: s.binary,
      datalogBinaryHttpAloneMs: s.binaryAlone,
      datalogBinaryLoopbackFetchMs: s.binaryLoopback,
      binaryBodyBytes: binaryBytes,
      storeRangeColumnsMs: s.binaryStore,
      rawBetterSqliteMs: s.raw,
      ratioColumnarHttpToRaw_p50: +(s.columnar.p50 / s.raw.p50).toFixed(2),
      ratioBinaryHttpToRaw_p50: +(s.binary.p50 / s.raw.p50).toFixed(2),
      ratioStoreToRaw_p50: +(s.store.p50 / s.raw.p50).toFixed(2),
      ratioHttpToRaw_p50: +(s.http.p50 / s.raw.p50).toFixed(2),
      target: '43,200 points served in ≤ 20 ms',
    },
    null,
    2,
  ),
);
await done();
