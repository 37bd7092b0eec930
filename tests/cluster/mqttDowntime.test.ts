import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { freePort, startMosquitto, type LocalServer } from '../../scripts/localServices';
import { testDatabase, type TestDatabase } from '../infra/testStore';
import { deviceKey, login, startInstance, type Instance } from './instances';

/**
 * Issue 34 item 3: the server's MQTT session outlives the server. Uplinks published with QoS 1 while
 * the only instance is stopped are queued by Mosquitto for its session (stable client id, clean:
 * false) and ingested once it is back — with the real mosquitto_pub, as a gateway would send them.
 */
let mosquitto: LocalServer;
let database: TestDatabase;
let db: pg.Client;
let server: Instance | null = null;
let env: Record<string, string>;
let port: number;

beforeAll(async () => {
  mosquitto = await startMosquitto();
  database = await testDatabase();
  db = new pg.Client({ connectionString: database.databaseUrl });
  await db.connect();
  // The same port on both starts: the default client id (host name + port) must come out the same.
  port = await freePort();
  env = { DATABASE_URL: database.databaseUrl!, MQTT_URL: mosquitto.url };
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await db?.end();
  await database?.drop();
  await mosquitto?.stop();
});

/** One QoS 1 publish through the real mosquitto_pub; resolves when the broker has acknowledged it. */
function mosquittoPub(topic: string, message: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'mosquitto_pub',
      ['-h', '127.0.0.1', '-p', String(mosquitto.port), '-q', '1', '-V', 'mqttv5', '-t', topic, '-m', message],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`mosquitto_pub exited ${code}: ${err}`))));
  });
}

describe('MQTT across server downtime', () => {
  it('20 QoS 1 batches published while the server is stopped are all stored once it starts again', async () => {
    server = await startInstance('solo', env, port);
    const root = await login(server);
    const { rows } = await db.query<{ id: number }>('select id from terminal order by id limit 1');
    const deviceId = rows[0]!.id;
    const { code, key } = await deviceKey(server, root.token, deviceId);
    await server.stop();
    expect(server.output()).toMatch(/SIGTERM: closed/);
    server = null;

    const base = Date.now() - 20 * 15_000;
    for (let i = 0; i < 20; i++)
      await mosquittoPub(`voltguard/${code}/up`, JSON.stringify({ time: base + i * 15_000, key, values: [{ dataId: 1201, value: i }] }));

    server = await startInstance('solo', env, port);
    const stored = async () =>
      Number(
        (await db.query<{ n: string }>('select count(*) as n from history where deviceid = $1 and dataid = 1201', [deviceId])).rows[0]!.n,
      );
    await vi.waitFor(async () => expect(await stored()).toBe(20), { timeout: 10_000, interval: 100 });
  }, 90_000);
});
