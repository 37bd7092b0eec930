import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { testStoreName } from '../../infra/testStore';
import { bearer, login, PASSWORD } from '../telemetry/helpers';
import { ManualJobs } from '../../infra/manualJobs';
import { smallDisk } from '../../infra/smallDisk';

/**
 * Issue 34 item 4 on SQLite: the data dir on a small tmpfs that fills up. Writes answer 503 with
 * 存储空间已满 (5033), never 服务器内部错误; once space is freed the same app writes again.
 */
const disk = smallDisk('full', 24, testStoreName() === 'sqlite');
const { mounted } = disk;
let app: FastifyInstance;
let token: string;
let device: { id: number; code: string; key: string };

beforeAll(async () => {
  if (!mounted) return;
  app = await buildApp({
    dataDir: disk.dir,
    rootPassword: PASSWORD,
    demoPassword: PASSWORD,
    logger: false,
    loginRateLimit: 100_000,
    jobs: new ManualJobs(),
  });
  token = (await login(app, 'root')).token;
  const d = await app.db.selectFrom('terminal').select(['id', 'code']).orderBy('id').executeTakeFirstOrThrow();
  const key = (await app.inject({ url: `/devicedata/api/comm/v1/device/${d.id}/key`, headers: bearer(token) })).json().data.key as string;
  device = { ...d, key };
});

afterAll(async () => {
  try {
    await app?.close();
  } finally {
    // the mount must not outlive the test
    disk.remove();
  }
});

let clock = Date.now() - 3600_000;
const ingest = (values = 200) =>
  app.inject({
    method: 'POST',
    url: '/devicedata/api/comm/v1/ingest',
    headers: { 'x-device-key': device.key },
    payload: {
      device: device.code,
      time: (clock += 1000),
      values: Array.from({ length: values }, (_, i) => ({ dataId: 1201, logicalId: i + 1, value: i })),
    },
  });

describe.runIf(mounted)('SQLite on a disk that fills up', () => {
  it('answers 存储空间已满 (503, 5033) in both languages, then writes again once space is freed', async () => {
    expect((await ingest()).json().code).toBe(0);
    disk.fill();
    // The WAL and the database may still have room in pages they already hold (the WAL checkpointer
    // recycles the WAL while it can copy pages back): write until the disk refuses.
    let res = await ingest();
    for (let i = 0; i < 5000 && res.json().code === 0; i++) res = await ingest();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ code: 5033, data: null });
    expect(res.json().msg).toMatch(/^存储空间已满/);
    const en = await app.inject({
      method: 'POST',
      url: '/devicedata/api/comm/v1/ingest',
      headers: { 'x-device-key': device.key, 'accept-language': 'en' },
      payload: { device: device.code, time: (clock += 1000), values: [{ dataId: 1201, value: 1 }] },
    });
    expect(en.json().msg).toMatch(/^The storage is full/);
    // what is in memory and on disk still reads: live values for a signed-in operator
    expect((await app.inject({ url: '/wisdompower/v1/realtime/snapshot', headers: bearer(token) })).json().code).toBe(0);

    // The same app, no restart, once an administrator has freed space.
    disk.free();
    expect((await ingest()).json().code).toBe(0);
  }, 60_000);
});
