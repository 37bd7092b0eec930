/**
 * Standalone simulator: `npm run simulate -- --devices N --interval S [--seed X] [--url U] [--poll S]`.
 * Runs beside a server (same DATA_DIR, or the same DATABASE_URL): reads the ledger's device codes and
 * derives each device's X-Device-Key from the server's key secret, then posts readings to the HTTP
 * ingest exactly as a field gateway does. Commands arrive in ingest answers and are acked in the next post; `--poll`
 * (seconds, default 3) sends empty batches between reports so remote commands are answered promptly.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from '../store/schema';
import type { CommandAck, IngestResult } from '../../domain/telemetry';
import { DeviceKeys, deviceSecretFromDatabase, deviceSecretFromFile } from '../telemetry/deviceKeys';
import { DeviceSim } from './deviceSim';

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

async function main() {
  const dataDir = path.resolve(arg('data-dir', process.env.DATA_DIR ?? 'data')!);
  const url = arg('url', `http://localhost:${process.env.PORT ?? 8080}`)!;
  const intervalMs = Number(arg('interval', '15')) * 1000;
  const pollMs = Number(arg('poll', '3')) * 1000;
  const seed = Number(arg('seed', '20240601'));
  const databaseUrl = arg('database-url', process.env.DATABASE_URL);
  const db = new Kysely<Database>({
    dialect: databaseUrl
      ? new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) })
      : new SqliteDialect({ database: new SQLite(path.join(dataDir, 'voltguard.sqlite'), { readonly: true, fileMustExist: true }) }),
  });
  const rows = await db.selectFrom('terminal').select(['id', 'code']).orderBy('id').execute();
  const secret = databaseUrl ? await deviceSecretFromDatabase(db, false) : deviceSecretFromFile(dataDir);
  await db.destroy();
  if (!secret) throw new Error('the server has not made its device-key secret yet: start it first');
  const limit = Number(arg('devices', String(rows.length)));
  if (limit > rows.length) console.warn(`the ledger holds ${rows.length} terminals; simulating all of them`);
  const keys = new DeviceKeys(secret);
  const sims = rows
    .slice(0, limit)
    .map((r) => ({ sim: new DeviceSim(r.id, r.code, seed), key: keys.keyOf(r.code), acks: [] as CommandAck[] }));
  let sent = 0;
  let refused = 0;

  async function post(s: (typeof sims)[number], values: unknown[]) {
    const acks = s.acks.splice(0);
    const res = await fetch(`${url}/devicedata/api/comm/v1/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-key': s.key },
      body: JSON.stringify({ device: s.sim.code, time: Date.now(), values, ...(acks.length ? { acks } : {}) }),
    });
    const body = (await res.json()) as { code: number; msg: string; data: IngestResult | null };
    if (body.code !== 0 || !body.data) {
      refused++;
      if (refused <= 5) console.error(`${s.sim.code}: ${body.msg}`);
      return;
    }
    sent += body.data.accepted;
    for (const c of body.data.commands) s.acks.push(s.sim.handle(c));
    if (s.acks.length) await post(s, []);
  }

  console.log(`simulating ${sims.length} devices every ${intervalMs / 1000} s → ${url}`);
  sims.forEach((s, i) => {
    const start = (intervalMs * i) / sims.length;
    setTimeout(() => {
      const report = () => {
        if (s.sim.silent()) return;
        post(s, s.sim.readings(Date.now())).catch((e: Error) => console.error(`${s.sim.code}: ${e.message}`));
      };
      report();
      setInterval(report, intervalMs);
      if (pollMs > 0)
        setInterval(() => {
          if (!s.sim.silentNow()) post(s, []).catch(() => undefined);
        }, pollMs);
    }, start);
  });
  setInterval(() => console.log(`${new Date().toISOString()} readings accepted: ${sent}, refused batches: ${refused}`), 60_000);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
