import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FLUSH_CHUNK, RealtimeCache, type LatestValue } from '../../../server/telemetry/realtime';
import { makeApp } from './helpers';

const value = (deviceid: number, dataid: number, time: number, v: number): LatestValue => ({
  deviceid,
  dataid,
  logicalid: 1,
  time,
  value: v,
  status: 0,
});

describe('latest values are persisted incrementally', () => {
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ app, cleanup } = await makeApp());
  });
  afterAll(() => cleanup());

  const stored = () => app.db.selectFrom('realtime').selectAll().orderBy('deviceid').orderBy('dataid').execute();

  it('writes only the series that changed since the last flush, and a fresh load reads them back', async () => {
    const cache = new RealtimeCache(app.db, app.store);
    for (let d = 1; d <= 30; d++) for (const k of [1001, 1101]) cache.set(value(10_000 + d, k, 1000, d));
    expect(await cache.flush()).toBe(60);
    expect(await cache.flush()).toBe(0);
    cache.set(value(10_007, 1001, 2000, 77));
    // An older reading does not replace the latest one, and is not written.
    cache.set(value(10_008, 1001, 500, -1));
    expect(await cache.flush()).toBe(1);
    const fresh = new RealtimeCache(app.db, app.store);
    await fresh.load();
    expect(fresh.get(10_007, 1001)).toMatchObject({ time: 2000, value: 77 });
    expect(fresh.get(10_008, 1001)).toMatchObject({ time: 1000, value: 8 });
    expect((await stored()).filter((r) => r.deviceid > 10_000)).toHaveLength(60);
  });

  it('a large flush goes in chunks with the event loop turning between them', async () => {
    const cache = new RealtimeCache(app.db, app.store);
    const total = FLUSH_CHUNK * 3 + 7;
    for (let i = 0; i < total; i++) cache.set(value(20_000 + Math.floor(i / 14), 1000 + (i % 14), 5000, i));
    const seenPending: number[] = [];
    // Each turn of the loop while the flush runs records how much is still waiting.
    let watching = true;
    const watch = () => {
      seenPending.push(cache.pending);
      if (watching) setImmediate(watch);
    };
    setImmediate(watch);
    expect(await cache.flush()).toBe(total);
    watching = false;
    expect(seenPending.some((n) => n > 0 && n < total)).toBe(true);
    expect(cache.pending).toBe(0);
    const rows = (await stored()).filter((r) => r.deviceid >= 20_000);
    expect(rows).toHaveLength(total);
  });
});
