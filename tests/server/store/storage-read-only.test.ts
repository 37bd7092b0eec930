import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { testStoreName } from '../../infra/testStore';
import { bearer, login, PASSWORD } from '../telemetry/helpers';
import { ManualJobs } from '../../infra/manualJobs';
import { loginWith } from '../../../scripts/loginClient.mjs';
import { tokenHash } from '../../../server/auth/tokens';
import { errors } from '../../../server/errors';
import type { Envelope } from '../../../domain/envelope';
import type { DeviceSnapshot } from '../../../domain/telemetry';

/**
 * Issue 34 item 4 on SQLite: a store that only reads while the server runs. A filesystem cannot be
 * remounted read-only under a process holding its database open for writing (the kernel answers
 * EBUSY; the start-up on a read-only mount is tests/startup/startup-faults.test.ts), so SQLite itself
 * is told to refuse writes (`PRAGMA query_only`): every write then fails with SQLITE_READONLY, the
 * very error a read-only file gives. Writes answer 503 with 存储只读 (5034), never 服务器内部错误;
 * operators still sign in and read live values and alarms; once writable again nothing acknowledged
 * is missing and the same app writes.
 */
const onSqlite = testStoreName() === 'sqlite';
let app: FastifyInstance;
let dir: string;
let device: { id: number; code: string; key: string };

beforeAll(async () => {
  if (!onSqlite) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-read-only-'));
  app = await buildApp({
    dataDir: dir,
    rootPassword: PASSWORD,
    demoPassword: PASSWORD,
    logger: false,
    loginRateLimit: 100_000,
    jobs: new ManualJobs(),
  });
  const root = await login(app, 'root');
  const d = await app.db.selectFrom('terminal').select(['id', 'code']).orderBy('id').executeTakeFirstOrThrow();
  const key = (await app.inject({ url: `/devicedata/api/comm/v1/device/${d.id}/key`, headers: bearer(root.token) })).json().data
    .key as string;
  device = { ...d, key };
});

afterAll(async () => {
  try {
    await app?.close();
  } finally {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
});

let clock = Date.now() - 3600_000;
const ingest = (values: { dataId: number; value: number }[], lang?: string) =>
  app.inject({
    method: 'POST',
    url: '/devicedata/api/comm/v1/ingest',
    headers: { 'x-device-key': device.key, ...(lang ? { 'accept-language': lang } : {}) },
    payload: { device: device.code, time: (clock += 1000), values },
  });

const signIn = async (userName: string) => {
  const post = async (p: string, payload: object) => (await app.inject({ method: 'POST', url: p, payload })).json() as Envelope;
  return (await loginWith(post, userName, PASSWORD)) as Envelope<{ token: string; user: { id: number } }>;
};

describe.runIf(onSqlite)('SQLite that only reads (SQLITE_READONLY)', () => {
  it('answers 存储只读 (503, 5034) in both languages, signs operators in, and writes again once writable', async () => {
    // A residual current over its limit while the store writes: acknowledged, a live value and an alarm.
    const acked = await ingest([{ dataId: 1001, value: 520 }]);
    expect(acked.json().code).toBe(0);
    const ackedAt = clock;

    app.store.sqlite.pragma('query_only = ON');
    const refused = await ingest([{ dataId: 1001, value: 530 }]);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({ code: errors.STORE_READ_ONLY.code, data: null });
    expect(refused.json().msg).toMatch(/^存储只读/);
    expect((await ingest([{ dataId: 1001, value: 530 }], 'en')).json().msg).toMatch(/^The storage is read-only/);

    // An operator signs in without a write; the token reads the live value and the alarm from before.
    const ok = await signIn('zhangsan');
    expect(ok.code, ok.msg).toBe(0);
    const token = ok.data.token;
    expect(
      await app.db.selectFrom('auth_token').select('userId').where('tokenHash', '=', tokenHash(token)).executeTakeFirst(),
    ).toBeUndefined();
    const snapshot = (await app.inject({ url: '/wisdompower/v1/realtime/snapshot', headers: bearer(token) })).json() as Envelope<
      DeviceSnapshot[]
    >;
    expect(snapshot.code).toBe(0);
    expect(snapshot.data.find((d) => d.deviceId === device.id)).toMatchObject({ values: { 1001: 520 }, activeAlarms: 1 });
    const events = (
      await app.inject({ method: 'POST', url: '/wisdompower/v1/event/list', headers: bearer(token), payload: {} })
    ).json() as Envelope<unknown[]>;
    expect(events.code, events.msg).toBe(0);
    expect(events.data.length).toBeGreaterThan(0);

    // Writable again: the same app takes writes, and the reading acknowledged before is in history.
    app.store.sqlite.pragma('query_only = OFF');
    expect((await ingest([{ dataId: 1001, value: 10 }])).json().code).toBe(0);
    const rows = await app.telemetry.series.list(device.id, 1001, ackedAt - 1, clock + 1);
    expect(rows.map((r) => [r.time, r.value])).toEqual([
      [ackedAt, 520],
      [clock, 10],
    ]);
  }, 60_000);
});
