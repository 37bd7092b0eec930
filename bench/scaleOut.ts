/**
 * Scale-out figures (issue 16), each against private servers started here from Debian's packages
 * (scripts/localServices.ts), with PostgreSQL at its default durability (fsync and synchronous commit on):
 *
 * 1. pg_ingest: readings/s through the real ingest function on PostgreSQL (validation, group commit into
 *    the month-partitioned history, alarm evaluation, realtime cache), beside raw multi-row pg INSERTs of
 *    the same rows into a same-shaped partitioned table in the same run (1,000 rows per statement, one
 *    transaction per round, as a competent hand-written loader would).
 * 2. mqtt_ingest: one instance taking gateways' QoS 1 batches from Mosquitto (shared subscription);
 *    gateways in this process keep a window of batches in flight and count the accepted readings in
 *    the replies.
 *
 * The alarm latency across two instances (cluster_alarm_*) is measured behind nginx with 1,000 consoles
 * by bench/failover.ts (issue 34).
 *
 * Part of the whole `npm run bench` (issue 32's pg_ingest_ratio_to_raw is read from it); records its
 * two parts as `scaleOut_pg` and `scaleOut_mqtt` in bench/results.json.
 * Run: npm run bench -- scaleOut   (or: npx tsx bench/scaleOut.ts [readings for 1] [seconds for 2])
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { connectAsync } from 'mqtt';
import { buildApp } from '../server/app';
import { MEASURES } from '../domain/telemetry';
import { DeviceKeys, deviceSecretFromDatabase } from '../server/devices/deviceKeys';
import { startMosquitto, startPostgres, startRedis } from '../scripts/localServices';
import { startInstanceProcess, type InstanceProcess } from '../scripts/instanceProcess';
import { ensureTerminals, timeit } from './lib';
import { recordResults } from './results';

const TOTAL = Number(process.argv[2] ?? 400_000);
const MQTT_SECONDS = Number(process.argv[3] ?? 20);
const PASSWORD = 'Bench#Pass123';

/** One device report, alarm-free: every limited measure stays below its early-warning level (80 %). */
function valuesFor(i: number, k: number) {
  return MEASURES.map((m, j) => ({
    dataId: m.dataId,
    logicalId: 1,
    value: m.alarmLimit ? (m.alarmLimit * ((i + j + k) % 10)) / 20 : (i * 7 + j + k) % 230,
    status: 0,
  }));
}

const pg = await startPostgres();
try {
  // ---------- 1. ingest on PostgreSQL vs raw multi-row inserts
  {
    const databaseUrl = await pg.createDatabase('bench_ingest');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-bench-pg-'));
    // Periodic jobs on, as in production (latest-value persistence, comm watch, retention).
    const app = await buildApp({ dataDir: dir, databaseUrl, rootPassword: PASSWORD, demoPassword: PASSWORD });
    const DEVICES = 2000;
    const IN_FLIGHT = 1000;
    const devices = await ensureTerminals(app, DEVICES);
    const t0 = Date.now() - 2 * 86_400_000;
    const PER_BATCH = MEASURES.length;
    const rounds = Math.ceil(TOTAL / (PER_BATCH * devices.length));
    await sql`create table history_raw (like history including all) partition by range ("time")`.execute(app.db);
    await sql`create table history_raw_all partition of history_raw for values from (0) to (${sql.lit(Date.now() + 86_400_000)})`.execute(
      app.db,
    );
    const pool = app.store.pg;
    const CHUNK = 1000;
    /** The same rows as multi-row INSERTs of 1,000 rows, one transaction per round. */
    async function rawRound(time: number, k: number): Promise<number> {
      const rows: number[] = [];
      devices.forEach((d, i) => {
        for (const v of valuesFor(i, k)) rows.push(d.id, v.dataId, time, v.value, v.status);
      });
      const client = await pool.connect();
      try {
        await client.query('begin');
        for (let o = 0; o < rows.length; o += CHUNK * 5) {
          const part = rows.slice(o, o + CHUNK * 5);
          const tuples: string[] = [];
          for (let r = 0; r < part.length / 5; r++) tuples.push(`($${r * 5 + 1},$${r * 5 + 2},$${r * 5 + 3},$${r * 5 + 4},$${r * 5 + 5})`);
          await client.query(`insert into history_raw (deviceid, dataid, "time", value, status) values ${tuples.join(',')}`, part);
        }
        await client.query('commit');
      } finally {
        client.release();
      }
      return rows.length / 5;
    }
    // Rounds alternate between ours and raw, so both see the same (shared, noisy) machine.
    let readings = 0;
    let rawCount = 0;
    let ms = 0;
    let rawMs = 0;
    for (let k = 0; k < rounds && readings < TOTAL; k++) {
      const time = t0 + k * 15_000;
      const [m1] = await timeit(async () => {
        for (let s = 0; s < devices.length; s += IN_FLIGHT) {
          const slice = devices.slice(s, s + IN_FLIGHT);
          await Promise.all(
            slice.map((d, i) => app.telemetry.ingest({ device: d.code, time, values: valuesFor(s + i, k) }, { trusted: true })),
          );
          readings += slice.length * PER_BATCH;
        }
      });
      ms += m1;
      const [m2, n] = await timeit(() => rawRound(time, k));
      rawMs += m2;
      rawCount += n;
    }
    const ours = readings / (ms / 1000);
    const raw = rawCount / (rawMs / 1000);
    const stored = (
      await app.db
        .selectFrom('history')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    // Disk per reading (table and primary key, all partitions), for sizing.
    const size = await sql<{
      bytes: number;
    }>`select sum(pg_total_relation_size(inhrelid))::bigint as bytes from pg_inherits where inhparent = 'history'::regclass`.execute(
      app.db,
    );
    recordResults(
      'scaleOut_pg',
      {
        pg_history_bytes_per_reading: +(size.rows[0]!.bytes / stored).toFixed(1),
        pg_ingest_readings_per_s: Math.round(ours),
        pg_raw_insert_readings_per_s: Math.round(raw),
        pg_ingest_ratio_to_raw: +(ours / raw).toFixed(3),
      },
      { readings, rawReadings: rawCount, stored, devices: DEVICES, oursMs: Math.round(ms), rawMs: Math.round(rawMs) },
    );
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  // ---------- 2. MQTT ingest readings/s (one instance takes everything)
  const redis = await startRedis();
  const mosquitto = await startMosquitto();
  const instances: InstanceProcess[] = [];
  try {
    const databaseUrl = await pg.createDatabase('bench_cluster');
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      MQTT_URL: mosquitto.url,
      ROOT_PASSWORD: PASSWORD,
      DEMO_PASSWORD: PASSWORD,
      SIMULATOR: '0',
      COMM_RETRY_S: '86400',
      COMM_EXIT_S: '172800',
      STATIC_DIR: '/nonexistent',
    };
    instances.push(await startInstanceProcess('A', { env }));
    const { Kysely, PostgresDialect } = await import('kysely');
    const { default: pgLib } = await import('pg');
    const db = new Kysely<import('../server/store/schema').Database>({
      dialect: new PostgresDialect({ pool: new pgLib.Pool({ connectionString: databaseUrl, max: 2 }) }),
    });
    const keys = new DeviceKeys((await deviceSecretFromDatabase(db, false))!);
    const terminals = await db.selectFrom('terminal').select(['id', 'code']).orderBy('id').execute();
    await db.destroy();
    const GATEWAYS = 4;
    const WINDOW = 200;
    const gateways = await Promise.all(
      Array.from({ length: GATEWAYS }, (_, g) => connectAsync(mosquitto.url, { protocolVersion: 4, clientId: `bench-gw-${g}` })),
    );
    let accepted = 0;
    let inFlight = 0;
    let waiting: (() => void) | null = null;
    for (const gw of gateways) {
      gw.on('message', (_topic, payload) => {
        const a = JSON.parse(payload.toString()) as { code: number; data: { accepted: number } | null };
        if (a.code === 0 && a.data) accepted += a.data.accepted;
        inFlight--;
        waiting?.();
      });
      await gw.subscribeAsync('voltguard/+/reply', { qos: 1 });
    }
    const fleetM = terminals;
    const deadline = performance.now() + MQTT_SECONDS * 1000;
    const start = performance.now();
    let k = 0;
    let base = Date.now() - 86_400_000;
    while (performance.now() < deadline) {
      for (let i = 0; i < fleetM.length && performance.now() < deadline; i++) {
        while (inFlight >= WINDOW) await new Promise<void>((r) => (waiting = r));
        const t = fleetM[i]!;
        inFlight++;
        void gateways[i % GATEWAYS]!.publishAsync(
          `voltguard/${t.code}/up`,
          JSON.stringify({ time: base, key: keys.keyOf(t.code), values: valuesFor(i, k) }),
          { qos: 1 },
        );
      }
      k++;
      base += 15_000;
    }
    while (inFlight > 0) await new Promise<void>((r) => (waiting = r));
    const mqttRate = accepted / ((performance.now() - start) / 1000);
    for (const gw of gateways) await gw.endAsync();
    recordResults('scaleOut_mqtt', { mqtt_ingest_readings_per_s: Math.round(mqttRate) }, { gateways: GATEWAYS, window: WINDOW, accepted });
  } finally {
    for (const i of instances) await i.stop();
    await mosquitto.stop();
    await redis.stop();
  }
} finally {
  await pg.stop();
}
