/**
 * History at fleet scale (issue 18). `npm run bench -- storage` prints the detail and writes
 *   storage_bytes_per_reading     file size ÷ readings once compacted: 200 terminals × 14 measures ×
 *                                 7 days at 15 s of the device simulator's values (STORAGE_TERMINALS,
 *                                 STORAGE_DAYS scale it down for a quick look): raw blocks and hour
 *                                 rollups, as the compactor stores a week within raw retention (the
 *                                 1-minute blocks retention stores later are measured apart)
 *   month_raw_ms                  one series, 30 days at 15 s (172,800 points), request → whole binary
 *                                 answer received, over a loopback socket, served raw
 *   year_trend_ms                 one series, a year at 15 s, the trend query at the year view's interval
 *                                 (1 hour), request → answer on the server, over a loopback socket
 *   ingest_with_compaction_per_s  readings/s through the real ingest path with compaction running
 *                                 alongside, until compaction has caught up; compared with the same
 *                                 run's ingest with compaction stopped (target ≥ 0.8×)
 * and first compares the codecs on simulator data (Gorilla vs scaled-integer deltas + zlib).
 * STORAGE_PARTS=codecs,fleet,series,ingest (the default: all) runs some of the sections; each section
 * records its keys as it ends (its detail under `_runs.storage_<section>`).
 * Periodic jobs run as in production (realtime persistence, comm watch, compaction, retention).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Worker } from 'node:worker_threads';
import { DeviceSim } from '../server/simulator/deviceSim';
import { openStore } from '../server/store/db';
import { blockPayload, encodePoints } from '../server/series/seriesEncode';
import { decodeBlocksInto, decodePoints } from '../server/series/seriesCodec';
import { MEASURES } from '../domain/telemetry';
import { formatTime } from '../server/text/time';
import { DEFAULT_TIME_ZONE } from '../domain/timeZone';
import { SeriesFrameReader } from '../domain/seriesStream';
import { gorillaDecode, gorillaEncode } from './gorilla';
import { benchApp, ensureTerminals, injectLogin, stats, timeit } from './lib';
import { recordResults } from './results';
import type { FleetHour } from './storageFleet';

// The defaults keep `npm run bench` (every bench) within 20 minutes on the 2-core machine; the full
// size of issue 18 is STORAGE_TERMINALS=2000 STORAGE_INGEST_HOURS=6 (bench/README.md).
const TERMINALS = Number(process.env.STORAGE_TERMINALS ?? 200);
const DAYS = Number(process.env.STORAGE_DAYS ?? 7);
/** simulated hours of the ingest section (each run twice: with and without compaction) */
const INGEST_HOURS = Number(process.env.STORAGE_INGEST_HOURS ?? 2);
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** STORAGE_PARTS picks sections (codecs, fleet, series, ingest); each records its own keys when done. */
const PARTS = new Set((process.env.STORAGE_PARTS ?? 'codecs,fleet,series,ingest').split(',').map((x) => x.trim()));

// ---------------------------------------------------------------- 1. codecs on simulator data
if (PARTS.has('codecs')) {
  const detail: Record<string, unknown> = {};
  const t0 = Date.UTC(2026, 5, 1);
  const blocks: { time: Float64Array; value: Float64Array; status: Uint8Array }[] = [];
  for (let d = 0; d < 40; d++) {
    const sim = new DeviceSim(d, `CODEC${d}`, 18);
    const cols = new Map<number, { t: number[]; v: number[] }>();
    for (let i = 0; i < 24 * 240; i++) {
      const t = t0 + i * 15_000;
      for (const r of sim.readings(t)) {
        const key = Math.floor(i / 240) * 10_000 + r.dataId;
        let c = cols.get(key);
        if (!c) cols.set(key, (c = { t: [], v: [] }));
        c.t.push(t);
        c.v.push(r.value);
      }
    }
    for (const c of cols.values())
      blocks.push({ time: Float64Array.from(c.t), value: Float64Array.from(c.v), status: new Uint8Array(c.t.length) });
  }
  const n = blocks.reduce((s, b) => s + b.time.length, 0);
  const codec = (
    name: string,
    enc: (b: (typeof blocks)[0]) => Uint8Array,
    dec: (u: Uint8Array) => { time: Float64Array; value: Float64Array },
  ) => {
    for (const b of blocks.slice(0, 200)) enc(b);
    const [encMs, packed] = (() => {
      const a = performance.now();
      const out = blocks.map(enc);
      return [performance.now() - a, out] as const;
    })();
    const a = performance.now();
    const back = packed.map(dec);
    const decMs = performance.now() - a;
    back.forEach((p, i) => {
      const b = blocks[i]!;
      for (let j = 0; j < b.time.length; j++)
        if (p.time[j] !== b.time[j] || p.value[j] !== b.value[j]) throw new Error(`${name} is not exact at block ${i} point ${j}`);
    });
    const bytes = packed.reduce((s, u) => s + u.length, 0);
    return {
      bytesPerReading: +(bytes / n).toFixed(3),
      encodeNsPerReading: Math.round((encMs / n) * 1e6),
      decodeNsPerReading: Math.round((decMs / n) * 1e6),
    };
  };
  const brotli = (u: Uint8Array) => zlib.brotliCompressSync(u, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  detail.codecs = {
    readings: n,
    blocks: blocks.length,
    gorilla: codec('gorilla', gorillaEncode, gorillaDecode),
    gorillaDeflate: codec(
      'gorilla+deflate',
      (b) => zlib.deflateRawSync(gorillaEncode(b)),
      (u) => gorillaDecode(zlib.inflateRawSync(u)),
    ),
    scaledDeltas: codec(
      'scaled deltas',
      (b) => blockPayload(b.time, [b.value], b.status),
      (u) => decodePoints(Buffer.concat([Buffer.of(0), u])),
    ),
    scaledDeltasDeflate_chosen: codec('scaled deltas+deflate', (b) => encodePoints(b), decodePoints),
    scaledDeltasBrotli: codec(
      'scaled deltas+brotli',
      (b) => brotli(blockPayload(b.time, [b.value], b.status)),
      (u) => decodePoints(Buffer.concat([Buffer.of(0), zlib.brotliDecompressSync(u)])),
    ),
  };
  // The chosen codec read as a range read does (seriesReader): runs of up to 720 blocks (a month of
  // hours) inflated in one call and decoded back to back, against the block-by-block decode above.
  {
    const packed = blocks.map((b) => encodePoints(b));
    const time = new Float64Array(n);
    const value = new Float64Array(n);
    const status = new Uint8Array(n);
    const runs = () => {
      let o = 0;
      for (let i = 0; i < packed.length; i += 720) o += decodeBlocksInto(packed.slice(i, i + 720), time, [value], status, o);
      return o;
    };
    runs();
    const a = performance.now();
    if (runs() !== n) throw new Error('run decode count');
    const decMs = performance.now() - a;
    let o = 0;
    for (const b of blocks)
      for (let j = 0; j < b.time.length; j++, o++)
        if (time[o] !== b.time[j] || value[o] !== b.value[j]) throw new Error(`run decode is not exact at reading ${o}`);
    detail.codecs = { ...(detail.codecs as object), scaledDeltasDeflate_readAsRuns: { decodeNsPerReading: Math.round((decMs / n) * 1e6) } };
  }
  console.log('codecs (one hour of one series per block, 40 simulated terminals × 14 measures × 1 day):');
  console.table(detail.codecs as object);
  recordResults('storage_codecs', {}, detail);
}

// ---------------------------------------------------------------- 2. bytes per reading of a compacted fleet
if (PARTS.has('fleet')) {
  const detail: Record<string, unknown> = { terminals: TERMINALS, days: DAYS };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-bench-storage-'));
  const store = await openStore(dir);
  const sqlite = store.sqlite;
  // The week is within raw retention, so the compactor stores no minute block (issue 32: a read folds
  // the raw block as its minutes). What the minutes take once retention stores them (days 90–730 at
  // the default retention) is measured in a store of their own, outside the figure.
  const minuteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-bench-storage-minutes-'));
  const minuteStore = await openStore(minuteDir);
  // The fill is the bench's, not a figure: no sync at its commits and checkpoints (the file's pages, and
  // so its size, are the same either way; 14.3 → 11.8 s for 2 of the 7 days here).
  for (const db of [sqlite, minuteStore.sqlite]) db.pragma('synchronous = OFF');
  const put = (db: typeof sqlite, table: string) =>
    db.prepare(`insert into ${table} (deviceid, dataid, start, count, data) values (?, ?, ?, ?, ?)`);
  const putRaw = put(sqlite, 'history_block');
  const putMinute = put(minuteStore.sqlite, 'history_1m');
  const putHour = sqlite.prepare(
    'insert into history_1h (deviceid, dataid, time, min, max, sum, last, count, status) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const hours = DAYS * 24;
  const t0 = Date.UTC(2026, 9, 1);
  // Two worker threads simulate half of the fleet each and encode every closed hour exactly as the
  // compactor does (bench/storageFleet.ts); this thread writes them hour by hour, all series of an
  // hour together, as the hourly compaction pass does.
  const workers = [0, 1].map(
    (k) =>
      new Worker(new URL('./threadBoot.mjs', import.meta.url), {
        workerData: {
          module: new URL('./storageFleet.ts', import.meta.url).href,
          first: 1 + k * Math.ceil(TERMINALS / 2),
          count: k === 0 ? Math.ceil(TERMINALS / 2) : Math.floor(TERMINALS / 2),
          t0,
          hours,
        },
      }),
  );
  const queues = workers.map(() => [] as FleetHour[]);
  const waiters: (() => void)[] = [];
  workers.forEach((w, k) => {
    w.on('error', (e) => {
      console.error(e);
      process.exit(1);
    });
    w.on('message', (m: FleetHour) => {
      queues[k]!.push(m);
      waiters.splice(0).forEach((f) => f());
    });
  });
  let readings = 0;
  const [writeMs] = await timeit(async () => {
    for (let h = 0; h < hours; h++) {
      for (let k = 0; k < workers.length; k++) {
        while (queues[k]!.length === 0) await new Promise<void>((r) => waiters.push(r));
        const hour = queues[k]!.shift()!;
        if (hour.hour !== h) throw new Error('hours out of order');
        // taken: the worker may simulate one more hour (it stays a few hours ahead at most)
        workers[k]!.postMessage(h);
        sqlite.transaction(() => {
          for (const w of hour.windows) {
            putRaw.run(w.deviceid, w.dataid, hour.start, w.count, w.raw);
            putHour.run(w.deviceid, w.dataid, hour.start, ...w.hourRow);
            readings += w.count;
          }
        })();
        minuteStore.sqlite.transaction(() => {
          for (const w of hour.windows) putMinute.run(w.deviceid, w.dataid, hour.start, w.minutes, w.minuteBlock);
        })();
      }
      if (h % 24 === 23) console.log(`fleet: day ${(h + 1) / 24} of ${DAYS} written, ${readings.toLocaleString()} readings`);
    }
  });
  await Promise.all(workers.map((w) => w.terminate()));
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const tableBytes = (db: typeof sqlite) =>
    db.prepare('select name, sum(pgsize) as bytes from dbstat group by name order by bytes desc').all() as {
      name: string;
      bytes: number;
    }[];
  const tables = tableBytes(sqlite);
  const minuteTables = tableBytes(minuteStore.sqlite);
  await store.close();
  await minuteStore.close();
  const bytes = fs.readdirSync(dir).reduce((s, f) => s + fs.statSync(path.join(dir, f)).size, 0);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(minuteDir, { recursive: true, force: true });
  // Each tier's share (table and its time index) per reading, for the capacity figures of docs/capacity.md.
  const tierBytes = (names: string[], of = tables) => of.filter((t) => names.includes(t.name)).reduce((n, t) => n + t.bytes, 0);
  const perReading = {
    raw: tierBytes(['history_block', 'history_block_start']) / readings,
    minute: tierBytes(['history_1m', 'history_1m_start'], minuteTables) / readings,
    hour: tierBytes(['history_1h', 'history_1h_time']) / readings,
  };
  const readingsPer1000PerDay = (readings / TERMINALS / DAYS) * 1000;
  const gb = (b: number) => +(b / 1e9).toFixed(1);
  detail.fleet = {
    readings,
    fileBytes: bytes,
    writeSeconds: +(writeMs / 1000).toFixed(1),
    bytesPerTable: Object.fromEntries(tables.filter((t) => t.bytes > 100_000).map((t) => [t.name, t.bytes])),
    // the same hours' minute blocks as retention will store them past raw retention (not in fileBytes)
    minuteBlocksBytesOnceStored: tierBytes(['history_1m'], minuteTables),
    bytesPerReadingByTier: Object.fromEntries(Object.entries(perReading).map(([k, v]) => [k, +v.toFixed(3)])),
    readingsPer1000TerminalsPerDay: Math.round(readingsPer1000PerDay),
    // after a year at the default retention: raw for the last 90 days, stored minutes for the 275 before
    diskPer1000TerminalsPerYearGB: gb(readingsPer1000PerDay * (perReading.raw * 90 + perReading.minute * 275 + perReading.hour * 365)),
    // the steady state at the default retention: raw 90 days, 1-minute 2 years (stored past the raw
    // 90 days only: within them the raw block answers for its minutes), 1-hour 10 years
    diskPer1000TerminalsAtDefaultRetentionGB: gb(
      readingsPer1000PerDay * (perReading.raw * 90 + perReading.minute * (730 - 90) + perReading.hour * 3650),
    ),
  };
  console.log('fleet:', detail.fleet);
  recordResults('storage_fleet', { storage_bytes_per_reading: +(bytes / readings).toFixed(3) }, detail);
}

// ---------------------------------------------------------------- 3. month raw and year trend of one series
if (PARTS.has('series')) {
  const detail: Record<string, unknown> = {};
  const { app, done } = await benchApp({ logger: false });
  const [dev] = await ensureTerminals(app, 1);
  const now = Date.now();
  const end = Math.floor(now / HOUR) * HOUR - HOUR;
  const start = end - 365 * DAY;
  const sim = new DeviceSim(dev!.id, dev!.code, 18);
  const ins = app.store.sqlite.prepare('insert into history (deviceid, dataid, time, value, status) values (?, ?, ?, ?, ?)');
  const [seedMs] = await timeit(() => {
    for (let t = start; t < end;) {
      app.store.sqlite.transaction(() => {
        for (let i = 0; i < 40_000 && t < end; i++, t += 15_000) ins.run(dev!.id, 1001, t, sim.readings(t)[0]!.value, 0);
      })();
    }
  });
  // As production would have by now: every closed hour compacted, raw past 90 days pruned.
  const [compactMs, compacted] = await timeit(() => app.telemetry.compactor.runUntilIdle());
  const pruned = await app.telemetry.pruneHistory();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const token = (await injectLogin(app, 'root', 'Bench#Pass123')).token;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const post = (url: string, body: unknown) => fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const monthFrom = end - 30 * DAY;
  const month: number[] = [];
  const year: number[] = [];
  let lastMonth = new Uint8Array(0);
  let buckets = 0;
  const cpuMs: { month: number[]; year: number[] } = { month: [], year: [] };
  /** wall time of `fn`, and the CPU time this process spent meanwhile (server and client both live here) */
  const timed = async <T>(cpu: number[], fn: () => Promise<T>): Promise<[number, T]> => {
    const c = process.cpuUsage();
    const r = await timeit(fn);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
    return r;
  };
  for (let r = 0; r < 35; r++) {
    const [m, body] = await timed(cpuMs.month, async () =>
      (
        await post('/wisdompower/v1/history/series', {
          startTime: monthFrom,
          endTime: end,
          series: [{ pecDeviceId: dev!.id, dataId: 1001 }],
        })
      ).arrayBuffer(),
    );
    month.push(m);
    lastMonth = new Uint8Array(body);
    const [y, answer] = await timed(cpuMs.year, async () =>
      (
        await post('/wisdompower/v1/trend/query', {
          startTime: formatTime(start, DEFAULT_TIME_ZONE),
          endTime: formatTime(end, DEFAULT_TIME_ZONE),
          interval: 3600,
          meterConfigs: [{ dataId: 1001, deviceId: dev!.id }],
        })
      ).json(),
    );
    if (answer.code !== 0) throw new Error(`trend/query: ${answer.msg}`);
    year.push(y);
    buckets = answer.data[0].dataList.length;
  }
  const [monthSeries] = new SeriesFrameReader().push(lastMonth);
  if (!monthSeries || monthSeries.meta.tier) throw new Error('the month did not come as readings');
  const warm = (xs: number[]) => stats(xs.slice(5));
  detail.series = {
    seededReadings: (end - start) / 15_000,
    seedSeconds: +(seedMs / 1000).toFixed(1),
    compactSeconds: +(compactMs / 1000).toFixed(1),
    compacted,
    pruned,
    monthRawMs: warm(month),
    monthRawCpuMs: warm(cpuMs.month),
    monthPoints: monthSeries.meta.count,
    yearTrendMs: warm(year),
    yearTrendCpuMs: warm(cpuMs.year),
    yearTrendBuckets: buckets,
  };
  console.log('one series:', detail.series);
  recordResults('storage_series', { month_raw_ms: warm(month).p50, year_trend_ms: warm(year).p50 }, detail);
  await done();
}

// ---------------------------------------------------------------- 4. ingest with and without compaction
async function ingestRun(compaction: boolean) {
  const DEVICES = 200;
  const HOURS = INGEST_HOURS;
  let simNow = Date.UTC(2026, 10, 1);
  const { app, done } = await benchApp({ logger: false, telemetry: { now: () => simNow } });
  const devices = (await ensureTerminals(app, DEVICES)).slice(0, DEVICES);
  if (!compaction) await app.telemetry.compactor.stop();
  const sims = devices.map((d) => new DeviceSim(d.id, d.code, 7));
  let readings = 0;
  const [ms] = await timeit(async () => {
    const t0 = simNow;
    for (let k = 0; k < HOURS * 240; k++) {
      const time = t0 + k * 15_000;
      simNow = time + 1000;
      await Promise.all(
        sims.map((sim) =>
          app.telemetry.ingest(
            { device: sim.code, time, values: sim.readings(time).map((r) => ({ dataId: r.dataId, value: r.value })) },
            { trusted: true },
          ),
        ),
      );
      readings += sims.length * MEASURES.length;
    }
    simNow += 10 * 60_000;
    // Honest: the run ends when compaction has caught up with every closed hour.
    if (compaction) await app.telemetry.compactor.runUntilIdle();
  });
  const rows = Number(
    (
      await app.db
        .selectFrom('history')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  await done();
  return { readings, seconds: +(ms / 1000).toFixed(1), perSecond: Math.round(readings / (ms / 1000)), rowsLeft: rows };
}
if (PARTS.has('ingest')) {
  const without = await ingestRun(false);
  const withCompaction = await ingestRun(true);
  const ingest = { without, withCompaction, ratio: +(withCompaction.perSecond / without.perSecond).toFixed(3) };
  console.log('ingest:', ingest);
  recordResults('storage_ingest', { ingest_with_compaction_per_s: withCompaction.perSecond }, { ingest });
}
