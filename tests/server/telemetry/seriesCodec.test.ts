import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../server/simulator/prng';
import zlib from 'node:zlib';
import type { PointColumns } from '../../../server/series/seriesFormat';
import { blockPayload, decimalScale, encodePoints } from '../../../server/series/seriesEncode';
import { decodeBlockInto, decodeBlocksInto, decodePoints } from '../../../server/series/seriesCodec';
import { decodeRollupBlocks, decodeRollups, encodeRollups, mergeRollups, rollUp, rollUpRollups } from '../../../server/series/rollups';
import { mergePoints } from '../../../server/series/points';

const cols = (time: number[], value: number[], status?: number[]): PointColumns => ({
  time: Float64Array.from(time),
  value: Float64Array.from(value),
  status: Uint8Array.from(status ?? time.map(() => 0)),
});

const same = (a: PointColumns, b: PointColumns) => {
  expect([...a.time].map(String)).toEqual([...b.time].map(String));
  expect([...a.value].map((v) => (Object.is(v, -0) ? '0' : String(v)))).toEqual(
    [...b.value].map((v) => (Object.is(v, -0) ? '0' : String(v))),
  );
  expect([...a.status]).toEqual([...b.status]);
};

describe('series block codec', () => {
  it('finds the decimal scale of a column and refuses values that are no short decimal', () => {
    expect(decimalScale([220, 221, -3])).toBe(0);
    expect(decimalScale([220.3, 12.45, 0.001])).toBe(3);
    expect(decimalScale([1 / 3])).toBe(-1);
    expect(decimalScale([0.1 + 0.2])).toBe(-1);
  });

  it('gives back every time, value and status exactly, whatever their kind', () => {
    const rnd = mulberry32(5);
    const cases: PointColumns[] = [
      cols([], []),
      cols([1_700_000_000_000], [42]),
      // regular 15 s with decimals, marks at the ends
      cols(
        Array.from({ length: 240 }, (_, i) => 1_700_000_000_000 + i * 15_000),
        Array.from({ length: 240 }, () => Math.round(rnd() * 4000) / 10),
        Array.from({ length: 240 }, (_, i) => (i === 0 || i === 239 ? 3 : i === 100 ? 255 : 0)),
      ),
      // jittered times, negative values, big counters, -0
      cols([5, 1007, 1999, 3001, 90_000_000], [-0.5, 0, -0, 123_456_789.12, -1e-9]),
      // floats that are no decimals, fractional and negative times, extreme magnitudes
      cols([-86_400_000.25, -1, 0.5, 2 ** 52, 2 ** 53 + 2], [1 / 3, Math.PI, -Number.MAX_VALUE, Number.MIN_VALUE, 1e300]),
    ];
    for (const c of cases) same(decodePoints(encodePoints(c)), c);
  });

  it('decodes blocks back to back into one set of columns', () => {
    const a = cols([1, 2, 3], [1.5, 2.5, 3.5], [0, 3, 0]);
    const b = cols([10, 20], [1 / 7, 2], [1, 0]);
    const time = new Float64Array(5);
    const value = new Float64Array(5);
    const status = new Uint8Array(5);
    let o = decodeBlockInto(encodePoints(a), time, [value], status, 0);
    o += decodeBlockInto(encodePoints(b), time, [value], status, o);
    expect(o).toBe(5);
    same({ time, value, status }, cols([1, 2, 3, 10, 20], [1.5, 2.5, 3.5, 1 / 7, 2], [0, 3, 0, 1, 0]));
  });

  it('reads a run of blocks in one inflate, mixed with the older formats, exactly as one by one', () => {
    const rnd = mulberry32(11);
    const hours = Array.from({ length: 50 }, (_, h) =>
      cols(
        Array.from({ length: 240 }, (_, i) => 1_700_000_000_000 + h * 3_600_000 + i * 15_000),
        Array.from({ length: 240 }, () => Math.round(rnd() * 4000) / 10),
        Array.from({ length: 240 }, (_, i) => (i % 97 === 5 ? 3 : 0)),
      ),
    );
    const blobs = hours.map((p) => encodePoints(p));
    // compressible blocks are written synced (format 2); a tiny one stays plain (format 0)
    expect(blobs.every((b) => b[0] === 2)).toBe(true);
    const tiny = cols([1_800_000_000_000], [7]);
    expect(encodePoints(tiny)[0]).toBe(0);
    // blocks written before format 2: deflate with a final block (format 1)
    const older = (p: PointColumns) => Buffer.concat([Buffer.of(1), zlib.deflateRawSync(blockPayload(p.time, [p.value], p.status))]);
    const mixed = [...blobs.slice(0, 20), older(hours[20]!), ...blobs.slice(21, 49), encodePoints(tiny)];
    const all = [...hours.slice(0, 49), tiny];
    const total = all.reduce((n, p) => n + p.time.length, 0);
    const out = { time: new Float64Array(total), value: new Float64Array(total), status: new Uint8Array(total) };
    expect(decodeBlocksInto(mixed, out.time, [out.value], out.status)).toBe(total);
    const one = { time: new Float64Array(total), value: new Float64Array(total), status: new Uint8Array(total) };
    let o = 0;
    for (const b of mixed) o += decodeBlockInto(b, one.time, [one.value], one.status, o);
    same(out, one);
    same(out, {
      time: Float64Array.from(all.flatMap((p) => [...p.time])),
      value: Float64Array.from(all.flatMap((p) => [...p.value])),
      status: Uint8Array.from(all.flatMap((p) => [...p.status])),
    });
    // rollup blocks the same way
    const minutes = hours.slice(0, 5).map((p) => rollUp(p, 60_000));
    const back = decodeRollupBlocks(
      minutes.map((m) => encodeRollups(m)),
      minutes.reduce((n, m) => n + m.time.length, 0),
    );
    expect([...back.max]).toEqual(minutes.flatMap((m) => [...m.max]));
    expect([...back.sum]).toEqual(minutes.flatMap((m) => [...m.sum]));
    // a damaged block in a run fails the read instead of shifting every later point
    const bad = Buffer.from(blobs[3]!);
    const mid = Math.floor(bad.length / 2);
    bad[mid] = bad[mid]! ^ 0x5a;
    expect(() => decodeBlocksInto([blobs[2]!, bad, blobs[4]!], out.time, [out.value], out.status)).toThrow();
  });

  it('refuses a damaged block instead of answering wrong points', () => {
    const blob = encodePoints(cols([1, 2, 3], [1, 2, 3]));
    expect(() => decodePoints(blob.subarray(0, 3))).toThrow();
    expect(() => decodePoints(Buffer.concat([Buffer.of(9), blob.subarray(1)]))).toThrow(/format/);
  });
});

describe('rollups', () => {
  const MIN = 60_000;
  const p = cols([0, 15_000, 30_000, 45_000, 60_000, 75_000, 3_600_000], [1.1, 9.9, 2.2, 3.3, 5, 4, 7], [0, 3, 0, 0, 0, 1, 0]);

  it('keep min, max, exact sums, last, count and the status seen per step', () => {
    const m = rollUp(p, MIN);
    expect([...m.time]).toEqual([0, 60_000, 3_600_000]);
    expect([...m.min]).toEqual([1.1, 4, 7]);
    expect([...m.max]).toEqual([9.9, 5, 7]);
    expect([...m.sum]).toEqual([16.5, 9, 7]);
    expect([...m.last]).toEqual([3.3, 4, 7]);
    expect([...m.count]).toEqual([4, 2, 1]);
    expect([...m.status]).toEqual([3, 1, 0]);
    const h = rollUpRollups(m, 3_600_000);
    expect([...h.min]).toEqual([1.1, 7]);
    expect([...h.max]).toEqual([9.9, 7]);
    expect([...h.sum]).toEqual([25.5, 7]);
    expect([...h.count]).toEqual([6, 1]);
    expect([...h.status]).toEqual([1, 0]);
    const back = decodeRollups(encodeRollups(m));
    expect(back).toEqual(m);
  });

  it('merge late rollups into stored ones: extremes, sums and counts combine', () => {
    const stored = rollUp(p, MIN);
    const late = rollUp(cols([20_000, 120_000], [50, 1]), MIN);
    const m = mergeRollups(stored, late);
    expect([...m.time]).toEqual([0, 60_000, 120_000, 3_600_000]);
    expect([...m.max]).toEqual([50, 5, 1, 7]);
    expect([...m.sum]).toEqual([66.5, 9, 1, 7]);
    expect([...m.count]).toEqual([5, 2, 1, 1]);
  });
});

describe('mergePoints', () => {
  it('lets a recent row replace the compacted point at the same time and keeps order', () => {
    const base = cols([1, 2, 3, 4], [10, 20, 30, 40], [0, 0, 3, 0]);
    const over = cols([0, 2, 3.5, 4, 9], [1, 2, 3, 4, 5], [0, 1, 0, 0, 0]);
    same(mergePoints(base, over), cols([0, 1, 2, 3, 3.5, 4, 9], [1, 10, 2, 30, 3, 4, 5], [0, 0, 1, 3, 0, 0, 0]));
    same(mergePoints(base, cols([5, 6], [1, 2])), cols([1, 2, 3, 4, 5, 6], [10, 20, 30, 40, 1, 2], [0, 0, 3, 0, 0, 0]));
  });
});
