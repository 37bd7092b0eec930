import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeApp } from './helpers';

/**
 * Compaction goes in batches of windows, one statement per step for the whole batch (issue 31). A
 * batch is sized to the slice: slices of 0 ms make every batch one window, as compaction was before;
 * a long slice puts as many windows as there are (up to the cap) in one batch. Both must store the
 * very same blocks and rollups — several hours of one series in a batch, late and re-sent readings
 * merged into blocks already there — and a batch that fails on one window must commit none of its
 * windows, which the next pass compacts once it can.
 */
const HOUR = 3600_000;
const T0 = Date.UTC(2026, 9, 5);
const SERIES = [1001, 1101, 1201];
let clock = T0 + 6 * HOUR + 10 * 60_000;

interface Side {
  app: FastifyInstance;
  cleanup: () => Promise<void>;
  /** the windows of each raw-block statement */
  batches: number[];
}
let single: Side;
let batched: Side;
let devices: { id: number; code: string }[];

async function open(sliceMs: number): Promise<Side> {
  const { app, cleanup } = await makeApp({ telemetry: { now: () => clock, compaction: { sliceMs } } });
  const batches: number[] = [];
  const put = app.telemetry.blocks.putBlocks.bind(app.telemetry.blocks);
  app.telemetry.blocks.putBlocks = async (trx, table, blocks) => {
    if (table === 'history_block') batches.push(blocks.length);
    await put(trx, table, blocks);
  };
  return { app, cleanup, batches };
}

type Reading = { dataId: number; value: number; time: number; status?: number };

async function ingest(side: Side, device: string, values: Reading[]) {
  for (let i = 0; i < values.length; i += 300) {
    const r = await side.app.telemetry.ingest({ device, time: values[i]!.time, values: values.slice(i, i + 300) }, { trusted: true });
    expect(r.rejected).toEqual([]);
  }
}

/** Six hours of three series on each device: 15 s apart, decimals, a mark now and then. */
function readings(d: number): Reading[] {
  const out: Reading[] = [];
  for (let i = 0; i < 6 * 240 + 30; i++)
    for (const [k, dataId] of SERIES.entries())
      out.push({
        dataId,
        value: Math.round((40 + d * 7 + k * 30 + ((i * 31 + d * 11) % 97) / 3) * 10) / 10,
        time: T0 + i * 15_000,
        status: (i + d) % 400 === 3 ? 3 : 0,
      });
  return out;
}

/** Every compacted table and the rows left, as plain values (blocks as hex). */
async function tables(app: FastifyInstance) {
  const all = async (table: 'history_block' | 'history_1m') =>
    (await app.db.selectFrom(table).selectAll().orderBy('deviceid').orderBy('dataid').orderBy('start').execute()).map((b) => ({
      deviceid: b.deviceid,
      dataid: b.dataid,
      start: Number(b.start),
      count: b.count,
      data: Buffer.from(b.data).toString('hex'),
    }));
  const hours = (await app.db.selectFrom('history_1h').selectAll().orderBy('deviceid').orderBy('dataid').orderBy('time').execute()).map(
    (h) => ({
      ...h,
      time: Number(h.time),
    }),
  );
  const rows = (await app.db.selectFrom('history').selectAll().orderBy('deviceid').orderBy('dataid').orderBy('time').execute()).map(
    (r) => ({
      ...r,
      time: Number(r.time),
    }),
  );
  return { raw: await all('history_block'), minutes: await all('history_1m'), hours, rows };
}

beforeAll(async () => {
  single = await open(0);
  batched = await open(60_000);
  devices = await single.app.db.selectFrom('terminal').select(['id', 'code']).orderBy('id').limit(3).execute();
  for (const side of [single, batched]) for (const [d, dev] of devices.entries()) await ingest(side, dev.code, readings(d));
}, 120_000);
afterAll(async () => {
  await single?.cleanup();
  await batched?.cleanup();
});

describe('compaction in batches', () => {
  it('stores the same blocks and rollups in batches of many windows as one window at a time', async () => {
    const windows = devices.length * SERIES.length * 6;
    const one = await single.app.telemetry.compactor.runUntilIdle();
    const many = await batched.app.telemetry.compactor.runUntilIdle();
    expect(one).toEqual({ windows, readings: windows * 240 });
    expect(many).toEqual(one);
    expect(single.batches.every((n) => n === 1)).toBe(true);
    // every window of the pass in one batch: six hours of each series side by side
    expect(batched.batches).toEqual([windows]);
    const compacted = await tables(single.app);
    expect(compacted.raw).toHaveLength(windows);
    expect(compacted.rows).toHaveLength(devices.length * SERIES.length * 30);
    expect(await tables(batched.app)).toEqual(compacted);

    // late and re-sent readings into hours already compacted, several hours of one series, and the open hour
    const late: Reading[] = [
      { dataId: 1001, value: 999.9, time: T0 + HOUR, status: 3 },
      { dataId: 1001, value: 12.5, time: T0 + HOUR + 7_500 },
      { dataId: 1001, value: 13.5, time: T0 + 3 * HOUR + 59 * 60_000 + 59_999 },
      { dataId: 1101, value: 0.25, time: T0 + 2 * HOUR + 1 },
      { dataId: 1201, value: 77.7, time: T0 + 6 * HOUR + 60_001 },
    ];
    for (const side of [single, batched]) {
      await ingest(side, devices[0]!.code, late);
      await ingest(side, devices[2]!.code, late.slice(1, 3));
    }
    // device 0: hours 1 and 3 of 1001, hour 2 of 1101 (1201's reading is in the open hour); device 2: hours 1 and 3
    const again = await single.app.telemetry.compactor.runUntilIdle();
    expect(again).toEqual({ windows: 5, readings: 6 });
    expect(await batched.app.telemetry.compactor.runUntilIdle()).toEqual(again);
    expect(batched.batches.at(-1)).toBe(5);
    const merged = await tables(single.app);
    expect(merged).not.toEqual(compacted);
    expect(merged.hours.find((h) => h.deviceid === devices[0]!.id && h.dataid === 1001 && h.time === T0 + HOUR)).toMatchObject({
      max: 999.9,
      count: 241,
      status: 3,
    });
    expect(await tables(batched.app)).toEqual(merged);
  });

  it('commits no window of a batch that fails on one, and compacts them all on the next pass', async () => {
    // seven hours on: device 0 reports six more hours, and the open hour of before has closed
    clock = T0 + 13 * HOUR + 10 * 60_000;
    const [d] = devices as [{ id: number; code: string }];
    for (const side of [single, batched])
      await ingest(
        side,
        d.code,
        readings(0).map((r) => ({ ...r, time: r.time + 7 * HOUR })),
      );
    const before = await tables(batched.app);
    // a raw block that cannot be read, where one window's rows are due to be merged
    const blocks = batched.app.telemetry.blocks;
    await blocks.prepare([T0 + 9 * HOUR]);
    await batched.app.db
      .transaction()
      .execute((trx) => blocks.putBlock(trx, 'history_block', d.id, 1101, { start: T0 + 9 * HOUR, count: 1, data: Buffer.of(9) }));
    await expect(batched.app.telemetry.compactor.runUntilIdle()).rejects.toThrow('unknown series block format 9');
    // the batch (every window of the pass) failed whole: nothing of it is stored, every row is still there
    const failed = await tables(batched.app);
    expect(failed.rows).toEqual(before.rows);
    expect(failed.raw.filter((b) => b.start >= T0 + 6 * HOUR)).toEqual([
      { deviceid: d.id, dataid: 1101, start: T0 + 9 * HOUR, count: 1, data: '09' },
    ]);
    expect(failed.minutes).toEqual(before.minutes);
    expect(failed.hours).toEqual(before.hours);

    await batched.app.db
      .deleteFrom('history_block')
      .where('deviceid', '=', d.id)
      .where('start', '=', T0 + 9 * HOUR)
      .execute();
    const r = await batched.app.telemetry.compactor.runUntilIdle();
    await single.app.telemetry.compactor.runUntilIdle();
    // device 0's six hours, and hour 6 of every series (30 readings each, and device 0's late one)
    const windows = SERIES.length * 6 + devices.length * SERIES.length;
    expect(r).toEqual({ windows, readings: SERIES.length * 6 * 240 + devices.length * SERIES.length * 30 + 1 });
    expect(batched.batches.at(-1)).toBe(windows);
    expect(await tables(batched.app)).toEqual(await tables(single.app));
  });
});
