/**
 * Standalone simulator: `npm run simulate -- --devices N --interval S [--seed X] [--url U] [--poll S] [--mqtt URL] [--hour H]`.
 * Runs beside a server (same DATA_DIR, or the same DATABASE_URL): reads the ledger's device codes and
 * derives each device's key from the server's key secret, then reports exactly as a field gateway
 * does — over HTTP (posts to the ingest; commands come in the answers, `--poll` seconds of empty
 * batches between reports fetch them promptly) or, with `--mqtt mqtt://host:port`, over MQTT
 * (publishes to voltguard/<code>/up, hears answers on …/reply and commands on …/down; docs/mqtt.md).
 * Commands are acked in the next batch either way.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { connectAsync } from 'mqtt';
import type { Database } from '../store/schema';
import type { CommandAck, IngestResult, PendingCommand } from '../../domain/telemetry';
import { DeviceKeys, deviceSecretFromDatabase, deviceSecretFromFile } from '../devices/deviceKeys';
import { mqttTopics } from '../mqtt/topics';
import { DeviceSim } from './deviceSim';
import { jsonPoster } from './httpPost';

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

interface Answer {
  code: number;
  msg: string;
  data: IngestResult | null;
}

interface Sim {
  sim: DeviceSim;
  key: string;
  acks: CommandAck[];
}

/** How batches leave the simulator: one function per transport, answers handed to `onAnswer`. */
type Send = (s: Sim, body: Record<string, unknown>) => Promise<void>;

async function main() {
  const dataDir = path.resolve(arg('data-dir', process.env.DATA_DIR ?? 'data')!);
  const url = arg('url', `http://localhost:${process.env.PORT ?? 8080}`)!;
  const mqttUrl = arg('mqtt');
  const intervalMs = Number(arg('interval', '15')) * 1000;
  const pollMs = Number(arg('poll', '3')) * 1000;
  const seed = Number(arg('seed', '20240601'));
  // --hour H: the devices' daily load as at hour H, whatever the time (a bench's fleet: the same load whenever it runs)
  const hour = arg('hour');
  const hourOfDay = hour === undefined ? null : Number(hour);
  if (hourOfDay !== null && !(hourOfDay >= 0 && hourOfDay < 24)) throw new Error(`--hour ${hour}: an hour of the day, 0 to 24`);
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
  const sims: Sim[] = rows
    .slice(0, limit)
    .map((r) => ({ sim: new DeviceSim(r.id, r.code, seed, undefined, hourOfDay), key: keys.keyOf(r.code), acks: [] }));
  const byCode = new Map(sims.map((s) => [s.sim.code, s]));
  let sent = 0;
  let refused = 0;

  let send: Send;
  const handleCommands = async (s: Sim, commands: readonly PendingCommand[]) => {
    for (const c of commands) s.acks.push(s.sim.handle(c));
    if (s.acks.length) await report(s, []);
  };
  const onAnswer = async (s: Sim, answer: Answer) => {
    if (answer.code !== 0 || !answer.data) {
      refused++;
      if (refused <= 5) console.error(`${s.sim.code}: ${answer.msg}`);
      return;
    }
    sent += answer.data.accepted;
    await handleCommands(s, answer.data.commands);
  };
  async function report(s: Sim, values: unknown[]) {
    const acks = s.acks.splice(0);
    await send(s, { time: Date.now(), values, ...(acks.length ? { acks } : {}) });
  }

  if (mqttUrl) {
    const topics = mqttTopics(arg('topic-prefix', 'voltguard'));
    const client = await connectAsync(mqttUrl, { protocolVersion: 4, clientId: `voltguard-sim-${process.pid}`, reconnectPeriod: 1000 });
    client.on('error', (e) => console.error(`MQTT: ${e.message}`));
    client.on('message', (topic, payload) => {
      const t = topics.parse(topic);
      const s = t && byCode.get(t.code);
      if (!t || !s) return;
      let body: unknown;
      try {
        body = JSON.parse(payload.toString('utf8'));
      } catch {
        return;
      }
      const done =
        t.kind === 'reply'
          ? onAnswer(s, body as Answer)
          : t.kind === 'down'
            ? handleCommands(s, (body as { commands?: PendingCommand[] }).commands ?? [])
            : null;
      done?.catch((e: Error) => console.error(`${t.code}: ${e.message}`));
    });
    await client.subscribeAsync([topics.filter('reply'), topics.filter('down')], { qos: 1 });
    send = async (s, body) => {
      await client.publishAsync(topics.of(s.sim.code, 'up'), JSON.stringify({ ...body, key: s.key }), { qos: 1 });
    };
  } else {
    const post = jsonPoster(`${url}/devicedata/api/comm/v1/ingest`);
    send = async (s, body) => {
      const answer = await post({ 'x-device-key': s.key }, JSON.stringify({ device: s.sim.code, ...body }));
      await onAnswer(s, answer as Answer);
    };
  }

  console.log(`simulating ${sims.length} devices every ${intervalMs / 1000} s → ${mqttUrl ?? url}`);
  sims.forEach((s, i) => {
    const start = (intervalMs * i) / sims.length;
    setTimeout(() => {
      const tick = () => {
        if (s.sim.silent()) return;
        report(s, s.sim.readings(Date.now())).catch((e: Error) => console.error(`${s.sim.code}: ${e.message}`));
      };
      tick();
      setInterval(tick, intervalMs);
      // Over HTTP commands only come in answers: empty batches between reports fetch them.
      if (pollMs > 0 && !mqttUrl)
        setInterval(() => {
          if (!s.sim.silentNow()) report(s, []).catch(() => undefined);
        }, pollMs);
    }, start);
  });
  setInterval(() => console.log(`${new Date().toISOString()} readings accepted: ${sent}, refused batches: ${refused}`), 60_000);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
