/**
 * Ingest throughput: readings/s through the real ingest function (validation, group-commit history
 * writes, alarm evaluation, realtime cache), beside raw better-sqlite3 inserts of the same rows into a
 * same-shaped table in the same run. Run: npx tsx bench/ingest.ts [readings]
 */
import { benchApp, ensureTerminals, timeit } from './lib';
import { MEASURES } from '../domain/telemetry';

const TOTAL = Number(process.argv[2] ?? 1_000_000);
const DEVICES = 2000;
const PER_BATCH = MEASURES.length; // one device report: 14 readings
const IN_FLIGHT = 1000; // concurrent batches, as many gateways posting at once

const { app, done } = await benchApp();
const devices = await ensureTerminals(app, DEVICES);
const t0 = Date.now() - 30 * 86_400_000;
const rounds = Math.ceil(TOTAL / (PER_BATCH * devices.length));

function valuesFor(i: number, k: number) {
  // Normal values (no alarms), varying so nothing is constant-folded.
  return MEASURES.map((m, j) => ({
    dataId: m.dataId,
    logicalId: 1,
    value: m.alarmLimit ? m.alarmLimit * 0.3 + ((i + j + k) % 17) : (i * 7 + j + k) % 230,
    status: 0,
  }));
}

// --- ours
let readings = 0;
const [ms] = await timeit(async () => {
  for (let k = 0; k < rounds && readings < TOTAL; k++) {
    const time = t0 + k * 15_000;
    for (let s = 0; s < devices.length; s += IN_FLIGHT) {
      const slice = devices.slice(s, s + IN_FLIGHT);
      await Promise.all(slice.map((d, i) => app.telemetry.ingest({ device: d.code, time, values: valuesFor(i, k) }, { trusted: true })));
      readings += slice.length * PER_BATCH;
    }
  }
});
const oursRate = readings / (ms / 1000);

// --- raw better-sqlite3: same rows, same key shape, prepared single-row inserts in big transactions
const sqlite = app.store.sqlite;
sqlite.exec(
  'create table history_raw (deviceid integer not null, dataid integer not null, time bigint not null, value real not null, status integer not null, primary key (deviceid, dataid, time)) without rowid',
);
const ins = sqlite.prepare('insert into history_raw (deviceid, dataid, time, value, status) values (?, ?, ?, ?, ?)');
let rawCount = 0;
const [rawMs] = await timeit(() => {
  for (let k = 0; k < rounds && rawCount < TOTAL; k++) {
    const time = t0 + k * 15_000;
    sqlite.transaction(() => {
      devices.forEach((d, i) => {
        for (const v of valuesFor(i, k)) ins.run(d.id, v.dataId, time, v.value, v.status);
      });
    })();
    rawCount += devices.length * PER_BATCH;
  }
});
const rawRate = rawCount / (rawMs / 1000);

const stored = await app.db
  .selectFrom('history')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
console.log(
  JSON.stringify(
    {
      bench: 'ingest',
      readings,
      stored: Number(stored.n),
      devices: devices.length,
      batchSize: PER_BATCH,
      oursReadingsPerSec: Math.round(oursRate),
      rawReadingsPerSec: Math.round(rawRate),
      ratioOursToRaw: +(oursRate / rawRate).toFixed(3),
      target: '≥ 100,000 readings/s',
    },
    null,
    2,
  ),
);
await done();
