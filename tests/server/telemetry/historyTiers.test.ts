import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { chooseTier } from '../../../server/series/seriesReader';
import { downsample } from '../../../server/series/trend';
import { formatTime } from '../../../server/text/time';
import { DEFAULT_TIME_ZONE } from '../../../domain/timeZone';
import { encodePoints } from '../../../server/series/seriesEncode';
import { decodeRollups } from '../../../server/series/rollups';
import { bearer, login, makeApp, terminalsOfProject } from './helpers';

/**
 * Rollup tiers and retention by tier (issue 18): long ranges are answered from the coarsest tier that
 * still fills every bucket, with the extremes of the readings; day and week views stay raw; each tier
 * is pruned by whole blocks at its own age, and older ranges answer from the finest tier left.
 */
const MIN = 60_000;
const HOUR = 3600_000;
const DAY = 86_400_000;
const T0 = new Date(2026, 6, 1).getTime();
const DAYS = 40;
const clock = T0 + DAYS * DAY + 2 * HOUR;
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let token: string;
let dev: { id: number; code: string };
const SPIKE = T0 + 17 * DAY + 13 * HOUR + 7 * MIN;

const valueAt = (i: number) =>
  T0 + i * MIN === SPIKE ? 987.6 : Math.round((120 + 30 * Math.sin(i / 300) + ((i * 7919) % 23) / 10) * 10) / 10;

beforeAll(async () => {
  ({ app, cleanup } = await makeApp({
    telemetry: { now: () => clock, retention: { rawDays: 10, minuteDays: 20, hourDays: 30 } },
  }));
  token = (await login(app, 'zhangsan')).token;
  dev = (await terminalsOfProject(app, '西湖文化广场'))[4]!;
  for (let i = 0; i < DAYS * 1440; i += 480) {
    const values = [];
    for (let j = i; j < i + 480; j++)
      values.push({ dataId: 1001, value: valueAt(j), time: T0 + j * MIN, status: j % 10_000 === 5 ? 3 : 0 });
    await app.telemetry.ingest({ device: dev.code, time: T0 + i * MIN, values }, { trusted: true });
  }
  await app.telemetry.compactor.runUntilIdle();
}, 120_000);
afterAll(async () => cleanup());

const trend = async (from: number, to: number, interval: number) =>
  (
    await app.inject({
      method: 'POST',
      url: '/wisdompower/v1/trend/query',
      headers: bearer(token),
      payload: {
        startTime: formatTime(from, DEFAULT_TIME_ZONE),
        endTime: formatTime(to, DEFAULT_TIME_ZONE),
        interval,
        meterConfigs: [{ dataId: 1001, deviceId: dev.id }],
      },
    })
  ).json().data[0];

describe('tier choice', () => {
  it('keeps day and week views raw and picks the coarsest tier that fills the points asked', () => {
    expect(chooseTier(0, 7 * DAY, 100)).toBe('raw');
    expect(chooseTier(0, 30 * DAY, 700)).toBe('1h');
    expect(chooseTier(0, 30 * DAY, 1800)).toBe('1m');
    expect(chooseTier(0, 30 * DAY, 50_000)).toBe('raw');
    expect(chooseTier(0, 365 * DAY, 1800)).toBe('1h');
  });

  it('answers a 30-day trend from hour rollups exactly as from the readings, the spike kept as a maximum', async () => {
    const from = T0 + 5 * DAY;
    const to = from + 30 * DAY;
    const tiers = vi.spyOn(app.telemetry.series, 'rollups');
    const t = await trend(from, to, 3600);
    expect(tiers).toHaveBeenCalledWith(dev.id, 1001, from, to, '1h');
    tiers.mockRestore();
    const raw = await app.telemetry.series.list(dev.id, 1001, from, to);
    const expected = downsample(raw, from, to, HOUR);
    expect(t.aggregated).toBe(true);
    expect(t.dataList).toHaveLength(720);
    expect(t.dataList).toEqual(expected);
    expect(Math.max(...t.dataList.map((p: { max: number }) => p.max))).toBe(987.6);
    // whole days as buckets: min and max still those of the readings
    const d = await trend(from, to, 86_400);
    expect(d.dataList).toEqual(downsample(raw, from, to, DAY));
  });

  it('keeps the readings for a week view', async () => {
    const from = T0 + 15 * DAY;
    const tiers = vi.spyOn(app.telemetry.series, 'rollups');
    const t = await trend(from, from + 7 * DAY, 60);
    expect(tiers).not.toHaveBeenCalled();
    tiers.mockRestore();
    const raw = await app.telemetry.series.list(dev.id, 1001, from, from + 7 * DAY);
    expect(t.dataList).toEqual(downsample(raw, from, from + 7 * DAY, Math.ceil((7 * DAY) / 2000)));
  });
});

describe('retention by tier', () => {
  it('prunes each tier by whole blocks at its own age and answers older ranges from the finest tier left', async () => {
    const before = await app.telemetry.series.list(dev.id, 1001, T0, T0 + DAYS * DAY);
    expect(before).toHaveLength(DAYS * 1440);
    const rowsBefore = Number(
      (
        await app.db
          .selectFrom('history')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const r = await app.telemetry.pruneHistory();
    // cutoffs (clock − retention) fall at 02:00 of days 30, 20 and 10; whole hours end before them. The
    // raw blocks of days 20–30 leave with their minutes stored (issue 32: none were stored before), so
    // there are no minute blocks to prune.
    expect(r).toEqual({ rawBlocks: 30 * 24 + 2, minuteBlocksRolled: 10 * 24, minuteBlocks: 0, hourRows: 10 * 24 + 2, partitions: 0 });
    const minuteStarts = (
      await app.db.selectFrom('history_1m').select('start').where('deviceid', '=', dev.id).orderBy('start').execute()
    ).map((b) => Number(b.start));
    expect(minuteStarts).toEqual(Array.from({ length: 10 * 24 }, (_, h) => T0 + 20 * DAY + 2 * HOUR + h * HOUR));
    const rowsAfter = Number(
      (
        await app.db
          .selectFrom('history')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(rowsAfter).toBe(rowsBefore);
    const left = await app.db
      .selectFrom('history_block')
      .select(['start', 'count'])
      .where('deviceid', '=', dev.id)
      .orderBy('start')
      .execute();
    expect(left[0]!.start).toBe(T0 + 30 * DAY + 2 * HOUR);
    expect(left.every((b) => b.count === 60)).toBe(true);

    const after = await app.telemetry.series.list(dev.id, 1001, T0, T0 + DAYS * DAY);
    const byDay = (d: number) => after.filter((p) => p.time >= T0 + d * DAY && p.time < T0 + (d + 1) * DAY);
    expect(byDay(35)).toEqual(before.filter((p) => p.time >= T0 + 35 * DAY && p.time < T0 + 36 * DAY));
    // past raw retention: one point per minute, the minute's average (here the reading itself)
    expect(byDay(25)).toHaveLength(1440);
    expect(byDay(25).map((p) => p.value)).toEqual(
      before.filter((p) => p.time >= T0 + 25 * DAY && p.time < T0 + 26 * DAY).map((p) => p.value),
    );
    // past 1-minute retention: one point per hour, its average
    const day15 = byDay(15);
    expect(day15).toHaveLength(24);
    const hourAvg = (h: number) => {
      const xs = before.filter((p) => p.time >= T0 + 15 * DAY + h * HOUR && p.time < T0 + 15 * DAY + (h + 1) * HOUR).map((p) => p.value);
      return Math.round((xs.reduce((s, v) => s + v, 0) / xs.length) * 1000) / 1000;
    };
    expect(day15.map((p) => p.value)).toEqual(Array.from({ length: 24 }, (_, h) => hourAvg(h)));
    // past every tier: nothing
    expect(byDay(5)).toEqual([]);
    // the spike of day 17 still shows as the maximum of its hour on a long trend
    const t = await trend(T0 + 10 * DAY + 2 * HOUR, T0 + 40 * DAY + 2 * HOUR, 3600);
    expect(Math.max(...t.dataList.map((p: { max: number }) => p.max))).toBe(987.6);
  });

  it('merges a reading that comes after its raw block was pruned into the rollups that remain', async () => {
    const t = T0 + 25 * DAY + 3 * HOUR + 30_000;
    const hourBefore = await app.db
      .selectFrom('history_1h')
      .selectAll()
      .where('deviceid', '=', dev.id)
      .where('time', '=', T0 + 25 * DAY + 3 * HOUR)
      .executeTakeFirstOrThrow();
    await app.telemetry.ingest({ device: dev.code, time: t, values: [{ dataId: 1001, value: 1500, time: t }] }, { trusted: true });
    const r = await app.telemetry.compactor.runUntilIdle();
    expect(r.windows).toBe(1);
    expect(await app.telemetry.blocks.block(app.db, 'history_block', dev.id, 1001, T0 + 25 * DAY + 3 * HOUR)).toBeUndefined();
    const hour = await app.db
      .selectFrom('history_1h')
      .selectAll()
      .where('deviceid', '=', dev.id)
      .where('time', '=', T0 + 25 * DAY + 3 * HOUR)
      .executeTakeFirstOrThrow();
    expect(hour).toMatchObject({ max: 1500, count: hourBefore.count + 1, min: hourBefore.min });
    const minute = (await app.telemetry.series.list(dev.id, 1001, t - 30_000, t + 30_000))[0]!;
    expect(minute.value).toBe(Math.round(((valueAt(25 * 1440 + 180) + 1500) / 2) * 1000) / 1000);
  });
  it('rolls more expiring raw blocks than one transaction takes into their minutes, each deleted as it is rolled', async () => {
    // 9 series × the 240 hours between the minute and the raw cutoffs: 2,160 blocks, over a page of 2,000
    const blocks = app.telemetry.blocks;
    const starts = Array.from({ length: 240 }, (_, h) => T0 + 20 * DAY + 2 * HOUR + h * HOUR);
    await blocks.prepare(starts);
    const valueOf = (s: number, h: number, k: number) => Math.round((s * 100 + h + k / 10) * 10) / 10;
    await app.db.transaction().execute(async (trx) => {
      for (let s = 0; s < 9; s++)
        for (const [h, start] of starts.entries()) {
          const time = Float64Array.from([0, 20_000, 70_000], (d) => start + d);
          const value = Float64Array.from([0, 1, 2], (k) => valueOf(s, h, k));
          await blocks.putBlock(trx, 'history_block', 700_000 + s, 1001, {
            start,
            count: 3,
            data: encodePoints({ time, value, status: new Uint8Array(3) }),
          });
        }
    });
    const r = await app.telemetry.pruneHistory();
    expect(r).toMatchObject({ rawBlocks: 9 * 240, minuteBlocksRolled: 9 * 240 });
    const left = await app.db
      .selectFrom('history_block')
      .select('start')
      .where('deviceid', '>=', 700_000)
      .where('deviceid', '<', 800_000)
      .execute();
    expect(left).toEqual([]);
    const minutes = await app.db
      .selectFrom('history_1m')
      .selectAll()
      .where('deviceid', '>=', 700_000)
      .where('deviceid', '<', 800_000)
      .orderBy('deviceid')
      .orderBy('start')
      .execute();
    expect(minutes).toHaveLength(9 * 240);
    // the last series' last hour: two readings in its first minute, one in its second
    const last = decodeRollups(minutes[minutes.length - 1]!.data);
    expect(Array.from(last.time)).toEqual([starts[239]!, starts[239]! + 60_000]);
    expect(Array.from(last.count)).toEqual([2, 1]);
    expect(Array.from(last.max)).toEqual([valueOf(8, 239, 1), valueOf(8, 239, 2)]);
    expect(Array.from(last.sum)).toEqual([valueOf(8, 239, 0) + valueOf(8, 239, 1), valueOf(8, 239, 2)]);
  });

  it('prunes every series of a fleet, more than one walk of series at a time (SQLite has no time index)', async () => {
    const SERIES = 1_300;
    const blocks = app.telemetry.blocks;
    const old = T0 + 5 * DAY;
    const recent = T0 + 39 * DAY;
    await blocks.prepare([old, recent]);
    const hour = (t: number) => ({
      time: Float64Array.of(t),
      min: Float64Array.of(1),
      max: Float64Array.of(2),
      sum: Float64Array.of(3),
      last: Float64Array.of(2),
      count: Float64Array.of(2),
      status: Uint8Array.of(0),
    });
    await app.db.transaction().execute(async (trx) => {
      for (let i = 0; i < SERIES; i++) {
        const deviceid = 800_000 + Math.floor(i / 14);
        const dataid = [1001, 1101, 1102, 1103, 1104, 1201, 1202, 1203, 1301, 1302, 1303, 1401, 1402, 1501][i % 14]!;
        for (const start of [old, recent]) {
          await blocks.putBlock(trx, 'history_block', deviceid, dataid, { start, count: 1, data: Buffer.of(0) });
          await blocks.putBlock(trx, 'history_1m', deviceid, dataid, { start, count: 1, data: Buffer.of(0) });
          await blocks.putHour(trx, deviceid, dataid, hour(start));
        }
      }
    });
    const r = await app.telemetry.pruneHistory();
    expect(r).toMatchObject({ rawBlocks: SERIES, minuteBlocks: SERIES, hourRows: SERIES });
    for (const table of ['history_block', 'history_1m'] as const) {
      const left = await app.db.selectFrom(table).select('start').where('deviceid', '>=', 800_000).execute();
      expect(left).toHaveLength(SERIES);
      expect(left.every((b) => Number(b.start) === recent)).toBe(true);
    }
    const hours = await app.db.selectFrom('history_1h').select('time').where('deviceid', '>=', 800_000).execute();
    expect(hours.map((h) => Number(h.time))).toEqual(Array(SERIES).fill(recent));
    // the next hourly run, with nothing due, walks no tier (SQLite): the floors the walk found say so
    if (app.store.dialect === 'sqlite') {
      const walks = vi.spyOn(blocks.floors, 'walkStarts');
      expect(await app.telemetry.pruneHistory()).toMatchObject({ rawBlocks: 0, minuteBlocks: 0, hourRows: 0 });
      expect(walks).not.toHaveBeenCalled();
      walks.mockRestore();
    }
    // 7,800 block writes one round trip each on PostgreSQL: past the 20 s default on a loaded 2-core machine
  }, 90_000);
});
