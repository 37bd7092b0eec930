import { describe, expect, it } from 'vitest';
import { StepFold } from '../../../server/series/stepFold';
import { inflateHeaded } from '../../../server/series/headedBlocks';
import { encodePoints } from '../../../server/series/seriesEncode';
import {
  decodeRollupBlocks,
  encodeRollups,
  HOUR_MS,
  mergeRollups,
  MINUTE_MS,
  rollUp,
  rollUpRollups,
  sliceRollups,
  type Rollups,
} from '../../../server/series/rollups';

/**
 * The history screen's steps folded straight from 1-minute rollup blocks (issue 17 item 5) answer
 * exactly what decoding the minutes and rolling them up answers: the same extremes, counts, statuses,
 * last values, and sums to the last bit, whatever decimals each hour's readings have.
 */
const T0 = Date.UTC(2026, 8, 1);

/**
 * Hour blocks of minute rollups from readings every 15 s; hour h's readings have `decimals(h)` decimals.
 * `raw` gets the hours' raw blocks (what the 1-minute tier folds while they are kept: issue 32).
 */
function hours(n: number, decimals: (h: number) => number, seed = 1, raw: Buffer[] = []) {
  let x = seed;
  const rand = () => (x = (x * 48271) % 2147483647) / 2147483647;
  const blobs: Buffer[] = [];
  for (let h = 0; h < n; h++) {
    const k = decimals(h);
    const time = new Float64Array(240);
    const value = new Float64Array(240);
    const status = new Uint8Array(240);
    for (let i = 0; i < 240; i++) {
      time[i] = T0 + h * HOUR_MS + i * 15_000;
      value[i] = Math.round((200 + 40 * Math.sin((h * 240 + i) / 300) + 3 * rand()) * 10 ** k) / 10 ** k;
      status[i] = rand() < 0.01 ? 3 : 0;
    }
    // a spike, and a tie of the range's minimum in a later hour
    if (h === 7) value[100] = 999.5;
    if (h === 3 || h === 9) value[17] = 1;
    blobs.push(encodeRollups(rollUp({ time, value, status }, MINUTE_MS)));
    raw.push(encodePoints({ time, value, status }));
  }
  return blobs;
}

/** Blocks as the store reads a range (headedBlocks.ts): each headed by its start, count and length. */
function headed(blocks: { start: number; data: Uint8Array }[]): Buffer {
  return Buffer.concat(
    blocks.flatMap(({ start, data }) => {
      const head = Buffer.alloc(16);
      head.writeBigInt64BE(BigInt(start), 0);
      head.writeUInt32BE(0, 8);
      head.writeUInt32BE(data.length, 12);
      return [head, data];
    }),
  );
}

const plain = (r: Rollups) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Array.from(v as ArrayLike<number>)]));

function expected(minutes: Rollups, stepMs: number, from: number, to: number) {
  const fine = sliceRollups(minutes, from, to);
  let lo = -1;
  let hi = -1;
  for (let i = 0; i < fine.time.length; i++) {
    if (lo < 0 || fine.min[i]! < fine.min[lo]!) lo = i;
    if (hi < 0 || fine.max[i]! > fine.max[hi]!) hi = i;
  }
  return { steps: plain(rollUpRollups(fine, stepMs, from)), minAt: fine.time[lo], maxAt: fine.time[hi] };
}

/** steps, from, to: whole and partial hours and minutes, a range wider than the data */
const RANGES: [number, number, number][] = [
  [36 * MINUTE_MS, T0, T0 + 24 * HOUR_MS],
  [14 * MINUTE_MS, T0 + 5 * MINUTE_MS, T0 + 20 * HOUR_MS + 17 * MINUTE_MS],
  [7 * MINUTE_MS, T0 + 59 * MINUTE_MS, T0 + 3 * HOUR_MS],
  [59 * MINUTE_MS, T0 - 2 * HOUR_MS, T0 + 30 * HOUR_MS],
];

describe('StepFold', () => {
  const raw: Buffer[] = [];
  const blobs = hours(24, (h) => [1, 2, 0, 3][h % 4]!, 1, raw);
  const minutes = decodeRollupBlocks(blobs, 24 * 60);

  it.each(RANGES)('folds minute blocks into %i ms steps as rollUpRollups does', (stepMs, from, to) => {
    const fold = new StepFold(stepMs, from, from, to);
    expect(fold.addBlocks(blobs)).toBe(true);
    const got = fold.result();
    expect({ steps: plain(got.steps), minAt: got.minAt, maxAt: got.maxAt }).toEqual(expected(minutes, stepMs, from, to));
    const spike = T0 + 7 * HOUR_MS + 25 * MINUTE_MS;
    if (from <= spike && spike < to) expect(Math.max(...got.steps.max)).toBe(999.5);
  });

  it.each(RANGES)(
    'folds raw blocks into %i ms steps exactly as their minute blocks, alone and after stored minutes',
    (stepMs, from, to) => {
      const want = expected(minutes, stepMs, from, to);
      const fromRaw = new StepFold(stepMs, from, from, to);
      expect(fromRaw.addRawBlocks(raw)).toBe(true);
      const got = fromRaw.result();
      expect({ steps: plain(got.steps), minAt: got.minAt, maxAt: got.maxAt }).toEqual(want);
      // the older hours' minutes stored (their raw blocks past retention), the newer ones still raw
      const mixed = new StepFold(stepMs, from, from, to);
      expect(mixed.addBlocks(blobs.slice(0, 10))).toBe(true);
      expect(mixed.addRawBlocks(raw.slice(10))).toBe(true);
      const both = mixed.result();
      expect({ steps: plain(both.steps), minAt: both.minAt, maxAt: both.maxAt }).toEqual(want);
    },
  );

  it.each(RANGES)('folds raw blocks straight from a headed read into %i ms steps as from the blocks', (stepMs, from, to) => {
    const payloads = inflateHeaded(headed(raw.map((data, h) => ({ start: T0 + h * HOUR_MS, data }))));
    expect(payloads).not.toBeNull();
    const fold = new StepFold(stepMs, from, from, to);
    for (const p of payloads!) expect(fold.addRawPayloads(p)).toBe(true);
    const got = fold.result();
    expect({ steps: plain(got.steps), minAt: got.minAt, maxAt: got.maxAt }).toEqual(expected(minutes, stepMs, from, to));
  });

  it('leaves a headed read to the general path when its blocks are out of order or not all synced', () => {
    const blocks = raw.map((data, h) => ({ start: T0 + h * HOUR_MS, data }));
    expect(inflateHeaded(headed([blocks[1]!, blocks[0]!]))).toBeNull();
    // a block stored as its payload as is (format 0: deflate did not shrink it)
    const time = Float64Array.of(T0 + 30 * HOUR_MS);
    const tiny = encodePoints({ time, value: Float64Array.of(1), status: new Uint8Array(1) });
    expect(tiny[0]).toBe(0);
    expect(inflateHeaded(headed([...blocks, { start: T0 + 30 * HOUR_MS, data: tiny }]))).toBeNull();
    expect(inflateHeaded(headed(blocks))).not.toBeNull();
  });

  it('folds the recent rows after the blocks as merging them first does', () => {
    const from = T0 + 5 * MINUTE_MS;
    const to = T0 + 26 * HOUR_MS;
    const time = Float64Array.from({ length: 400 }, (_, i) => T0 + 24 * HOUR_MS + i * 15_000);
    const recent = rollUp({ time, value: time.map((_, i) => 250 + (i % 9) / 1000), status: new Uint8Array(400) }, MINUTE_MS);
    const fold = new StepFold(25 * MINUTE_MS, from, from, to);
    expect(fold.addBlocks(blobs)).toBe(true);
    expect(fold.addRollups(recent)).toBe(true);
    const got = fold.result();
    expect({ steps: plain(got.steps), minAt: got.minAt, maxAt: got.maxAt }).toEqual(
      expected(mergeRollups(minutes, recent), 25 * MINUTE_MS, from, to),
    );
  });

  it('gives way when a block keeps its sums as float64s, and answers no extremes for an empty range', () => {
    const time = Float64Array.from({ length: 60 }, (_, i) => T0 + i * MINUTE_MS);
    const floats = encodeRollups(rollUp({ time, value: time.map((_, i) => Math.PI * i), status: new Uint8Array(60) }, MINUTE_MS));
    expect(new StepFold(10 * MINUTE_MS, T0, T0, T0 + HOUR_MS).addBlocks([floats])).toBe(false);
    const rawFloats = encodePoints({ time, value: time.map((_, i) => Math.PI * i), status: new Uint8Array(60) });
    expect(new StepFold(10 * MINUTE_MS, T0, T0, T0 + HOUR_MS).addRawBlocks([rawFloats])).toBe(false);
    const empty = new StepFold(10 * MINUTE_MS, T0 + 100 * HOUR_MS, T0 + 100 * HOUR_MS, T0 + 101 * HOUR_MS);
    expect(empty.addBlocks(blobs)).toBe(true);
    expect(empty.result().steps.time.length).toBe(0);
    expect(empty.result().minAt).toBeUndefined();
  });
});
