import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { startPostgres, type LocalPostgres } from '../../scripts/localServices';
import { deviceKey, login, openConsole, startInstance, type Console, type Instance } from './instances';
import { SOCKET_EVENT, type StoreNotice } from '../../domain/socketProtocol';

/**
 * Issue 34 item 4: PostgreSQL restarts (a minor upgrade, a failover) under an instance that keeps
 * running. While it is away the device ingest answers 503 with code 5032 and Retry-After — never 500
 * — and /readyz says the store is unreachable; once it is back the instance serves again by itself (no
 * restart) and every reading it acknowledged is stored. A console connected meanwhile keeps its socket
 * and is told the store is away (its banner), then that it is back.
 */
let postgres: LocalPostgres;
let databaseUrl: string;
let server: Instance;
let db: pg.Client;
let device: { id: number; code: string; key: string };
let console_: Console;
const notices: StoreNotice[] = [];

beforeAll(async () => {
  // A server of its own: this test stops it.
  postgres = await startPostgres({ fast: true });
  databaseUrl = await postgres.createDatabase('outage');
  server = await startInstance('solo', { DATABASE_URL: databaseUrl });
  const root = await login(server);
  console_ = openConsole(server, root);
  console_.socket.on(SOCKET_EVENT.STORE, (n: StoreNotice) => notices.push(n));
  await console_.ready;
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const id = (await db.query<{ id: number }>('select id from terminal order by id limit 1')).rows[0]!.id;
  await db.end();
  device = { id, ...(await deviceKey(server, root.token, id)) };
}, 120_000);

afterAll(async () => {
  console_?.close();
  await server?.stop();
  await postgres?.stop();
});

let clock = Date.now() - 3600_000;
/** One batch of one reading at a new time; the answer's status, code and Retry-After. */
async function ingest(): Promise<{ status: number; code: number; retryAfter: string | null; time: number }> {
  const time = (clock += 1000);
  const res = await fetch(`${server.url}/devicedata/api/comm/v1/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-device-key': device.key },
    body: JSON.stringify({ device: device.code, time, values: [{ dataId: 1201, value: 1 }] }),
  });
  const body = (await res.json()) as { code: number };
  return { status: res.status, code: body.code, retryAfter: res.headers.get('retry-after'), time };
}

describe('PostgreSQL stopped under a running instance', () => {
  it('503 with a retry hint while it is away, serving again by itself once it is back, nothing acknowledged lost', async () => {
    const acknowledged: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await ingest();
      expect(r.code).toBe(0);
      acknowledged.push(r.time);
    }

    await postgres.halt();
    const during = [];
    for (let i = 0; i < 5; i++) during.push(await ingest());
    for (const r of during) expect(r).toMatchObject({ status: 503, code: 5032, retryAfter: '5' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { data: { checks: { store: string } } }).data.checks.store).toBe('unreachable');
    // the console stays connected and is told
    await vi.waitFor(() => expect(notices.at(-1)).toMatchObject({ state: 'unreachable', since: expect.any(Number) }));
    expect(console_.socket.connected).toBe(true);

    await postgres.resume();
    // No restart of the instance: its pool connects again on the next request.
    await vi.waitFor(
      async () => {
        const r = await ingest();
        expect(r.status).not.toBe(500);
        expect(r.code).toBe(0);
        acknowledged.push(r.time);
      },
      { timeout: 15_000, interval: 200 },
    );
    for (let i = 0; i < 3; i++) {
      const r = await ingest();
      expect(r.code).toBe(0);
      acknowledged.push(r.time);
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    await vi.waitFor(() => expect(notices.at(-1)).toEqual({ state: 'ok', since: null }));
    expect(notices.map((n) => n.state)).toEqual(['ok', 'unreachable', 'ok']);

    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    try {
      const stored = await check.query<{ time: string }>('select time from history where deviceid = $1 and dataid = 1201 order by time', [
        device.id,
      ]);
      expect(stored.rows.map((r) => Number(r.time))).toEqual(acknowledged);
    } finally {
      await check.end();
    }
    expect(server.output()).not.toMatch(/\n\s+at\s/);
  }, 90_000);
});
