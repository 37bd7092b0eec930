import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeApp } from './helpers';
import { splitHeaded } from '../../../server/series/headedBlocks';

/**
 * A range of stored blocks is read back byte for byte, with its starts and counts, in time order:
 * the range comes as one value of headed blocks (headedBlocks.ts: group_concat on SQLite, string_agg
 * on PostgreSQL), so bytes that are not UTF-8, zeros, blocks past 64 kB and counts past 16 and 24
 * bits must pass through that join unchanged.
 */
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 9, 5);
const DEVICE = 9_001;
const DATA_ID = 1001;

let app: FastifyInstance;
let cleanup: () => Promise<void>;

/** `length` bytes of every value 0–255 in turn, from `seed` (zeros, and sequences that are not UTF-8). */
const bytes = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 7 + seed) % 256);

const BLOCKS = [
  { start: T0 + 5 * HOUR, count: 1, data: bytes(1, 0) },
  { start: T0 + 1 * HOUR, count: 60, data: bytes(60, 3) },
  { start: T0 + 3 * HOUR, count: 2_147_483_647, data: bytes(70_000, 11) },
  { start: T0 + 2 * HOUR, count: 70_000, data: Uint8Array.from([0xc3, 0x28, 0xff, 0xfe, 0x00, 0x00, 0xed, 0xa0, 0x80]) },
  { start: T0 + 4 * HOUR, count: 255, data: bytes(256, 200) },
];

beforeAll(async () => {
  ({ app, cleanup } = await makeApp());
  await app.telemetry.blocks.prepare(BLOCKS.map((b) => b.start));
  // inserted out of time order: the read must order them
  await app.db
    .insertInto('history_block')
    .values(BLOCKS.map((b) => ({ deviceid: DEVICE, dataid: DATA_ID, start: b.start, count: b.count, data: Buffer.from(b.data) })))
    .execute();
});
afterAll(() => cleanup());

const read = async (from: number, to: number) =>
  (await app.telemetry.blocks.readRaw(DEVICE, DATA_ID, from, to)).blocks.map((b) => ({
    start: b.start,
    count: b.count,
    data: Uint8Array.from(b.data),
  }));

describe('a range of stored blocks', () => {
  it('comes back byte for byte, with its starts and counts, in time order', async () => {
    const sorted = [...BLOCKS].sort((a, b) => a.start - b.start);
    expect(await read(T0, T0 + 6 * HOUR)).toEqual(sorted);
  });

  it('holds only the windows that start in the range (the window of `from` included)', async () => {
    const got = await read(T0 + 2 * HOUR + 30 * 60_000, T0 + 4 * HOUR);
    expect(got.map((b) => b.start)).toEqual([T0 + 2 * HOUR, T0 + 3 * HOUR]);
    expect(got[1]!.data).toEqual(bytes(70_000, 11));
  });

  it('is empty where no block starts', async () => {
    expect(await read(T0 + 10 * HOUR, T0 + 12 * HOUR)).toEqual([]);
  });

  it('keeps a start before 1970 (SQLite: a negative start in the head)', async () => {
    if (app.store.dialect !== 'sqlite') return;
    const start = -3 * HOUR;
    await app.db
      .insertInto('history_block')
      .values({ deviceid: DEVICE, dataid: DATA_ID, start, count: 3, data: Buffer.from(bytes(5, 1)) })
      .execute();
    expect(await read(start, start + HOUR)).toEqual([{ start, count: 3, data: bytes(5, 1) }]);
  });
});

/** A headed blob as SQLite's group_concat makes it (start, count, length, then the bytes). */
function headed(blocks: { start: number; count: number; data: Uint8Array }[]): Uint8Array {
  const out = new Uint8Array(blocks.reduce((n, b) => n + 16 + b.data.length, 0));
  const view = new DataView(out.buffer);
  let o = 0;
  for (const b of blocks) {
    view.setBigInt64(o, BigInt(b.start));
    view.setUint32(o + 8, b.count);
    view.setUint32(o + 12, b.data.length);
    out.set(b.data, o + 16);
    o += 16 + b.data.length;
  }
  return out;
}

describe('a headed read', () => {
  it('is put in time order if SQLite ever joined the blocks out of it', () => {
    const got = splitHeaded(headed(BLOCKS)).map((b) => ({ ...b, data: Uint8Array.from(b.data) }));
    expect(got).toEqual([...BLOCKS].sort((a, b) => a.start - b.start));
  });

  it('of no block (a null aggregate) is no block', () => {
    expect(splitHeaded(null)).toEqual([]);
  });
});
