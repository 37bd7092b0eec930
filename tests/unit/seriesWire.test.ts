import { describe, expect, it } from 'vitest';
import { decodeSeries, encodeSeries, type SeriesColumns, type SeriesMeta } from '../../domain/seriesWire';
import { frameSeries, SeriesFrameReader } from '../../domain/seriesStream';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 1);

const meta = (count: number, extra: Partial<SeriesMeta> = {}): SeriesMeta => ({
  pecDeviceId: 7,
  dataId: 1001,
  logicalId: 1,
  dataTypeId: 1,
  dataIdName: '剩余电流',
  dataTypeName: '',
  unit: 'mA',
  isDiffValue: false,
  upperLimit: 300,
  lowerLimit: null,
  count,
  ...extra,
});

function raw(time: number[], value: number[]): SeriesColumns {
  return { time: Float64Array.from(time), value: Float64Array.from(value), status: Uint8Array.from(time, (_, i) => (i % 7 === 3 ? 2 : 0)) };
}

const minutes = (n: number) => Array.from({ length: n }, (_, i) => T0 + i * MIN);
/** every number as its bits: NaN, -0 and the last bit of a double all count */
const bits = (a: Float64Array) => Array.from(new BigUint64Array(a.buffer, a.byteOffset, a.length));

/** the packing the encoder chose, as its header says */
function wireOf(buf: ArrayBuffer): { timeBase?: number; scales: number[] } {
  const length = new DataView(buf).getUint32(0, true);
  return (JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 4, length))) as { wire: { timeBase?: number; scales: number[] } }).wire;
}

function roundTrip(m: SeriesMeta, cols: SeriesColumns): { bytes: number; meta: SeriesMeta; cols: SeriesColumns } {
  const buf = encodeSeries(m, cols);
  return { bytes: buf.byteLength, ...decodeSeries(buf) };
}

function expectSame(got: SeriesColumns, want: SeriesColumns): void {
  for (const k of ['time', 'value', 'min', 'max', 'count'] as const) {
    if (want[k]) expect(bits(got[k]!), k).toEqual(bits(want[k]));
    else expect(got[k], k).toBeUndefined();
  }
  expect(Array.from(got.status)).toEqual(Array.from(want.status));
}

describe('series wire (domain/seriesWire.ts)', () => {
  it('packs a month of readings with a decimal to 9 bytes a point and gives back every bit', () => {
    const n = 43_200;
    const cols = raw(
      minutes(n),
      Array.from({ length: n }, (_, i) => Math.round((100 + 20 * Math.sin(i / 97) - (i % 13)) * 10) / 10),
    );
    const got = roundTrip(meta(n), cols);
    expect(got.bytes).toBeLessThan(9 * n + 512);
    expect(got.meta).toEqual(meta(n));
    expectSame(got.cols, cols);
  });

  it('keeps the fewest decimal places every value needs, negative values and -0 included', () => {
    const cols = raw(minutes(6), [1, -2.5, 0.125, -0, 3.001, 1234.5]);
    expect(wireOf(encodeSeries(meta(6), cols))).toEqual({ timeBase: T0, scales: [3] });
    const got = roundTrip(meta(6), cols);
    expect(Array.from(got.cols.value)).toEqual([1, -2.5, 0.125, 0, 3.001, 1234.5]);
  });

  it('sends as doubles what no i32 of decimals holds exactly: an average, a NaN gap, a value beyond i32, seven places', () => {
    const packed = roundTrip(meta(4), raw(minutes(4), [10.5, 10.6, 11, 12])).bytes;
    for (const odd of [1 / 3, NaN, 3e9, 0.1234567, 0.1 + 0.2]) {
      const cols = raw(minutes(4), [10.5, odd, 11, 12]);
      const got = roundTrip(meta(4), cols);
      expect(wireOf(encodeSeries(meta(4), cols)).scales, String(odd)).toEqual([-1]);
      // the same header: 4 more bytes for each of the 4 values
      expect(got.bytes - packed, String(odd)).toBe(16);
      expectSame(got.cols, cols);
    }
  });

  it('sends times as doubles when they span more than 2^32 ms, go before the first or are not whole ms', () => {
    const cases = [
      [T0, T0 + 2 ** 32, T0 + 2 ** 32 + MIN],
      [T0, T0 - MIN, T0 + MIN],
      [T0, T0 + 0.5, T0 + MIN],
    ];
    for (const time of cases) {
      const cols = raw(time, [1, 2, 3]);
      expect(wireOf(encodeSeries(meta(3), cols))).toEqual({ scales: [0] });
      expectSame(roundTrip(meta(3), cols).cols, cols);
    }
    // just inside the u32 range: packed
    const inside = raw([T0, T0 + 2 ** 32 - 1], [1, 2]);
    expect(wireOf(encodeSeries(meta(2), inside))).toEqual({ timeBase: T0, scales: [0] });
    expectSame(roundTrip(meta(2), inside).cols, inside);
  });

  it('packs each column of a rollup on its own: decimal extremes and counts as i32, unrounded averages as doubles', () => {
    const n = 24;
    const cols: SeriesColumns = {
      ...raw(
        Array.from({ length: n }, (_, i) => T0 + i * 3_600_000),
        Array.from({ length: n }, (_, i) => (100 + i) / 3),
      ),
      min: Float64Array.from({ length: n }, (_, i) => 90 + i / 10),
      max: Float64Array.from({ length: n }, (_, i) => 110.25 + i),
      count: Float64Array.from({ length: n }, () => 60),
    };
    const m = meta(n, { tier: '1h', stepMs: 3_600_000, readings: 60 * n });
    expect(wireOf(encodeSeries(m, cols))).toEqual({ timeBase: T0, scales: [-1, 1, 2, 0] });
    const got = roundTrip(m, cols);
    expect(got.meta).toEqual(m);
    expectSame(got.cols, cols);
    // time 4, value 8, min 4, max 4, count 4, status 1
    expect(got.bytes).toBeLessThan(25 * n + 512);
  });

  it('reads an empty series, and refuses a cut body', () => {
    const empty = roundTrip(meta(0), raw([], []));
    expect(empty.cols.time.length).toBe(0);
    const buf = encodeSeries(
      meta(100),
      raw(
        minutes(100),
        Array.from({ length: 100 }, (_, i) => i / 4),
      ),
    );
    expect(() => decodeSeries(buf.slice(0, buf.byteLength - 1))).toThrow('series body truncated');
    expect(() => decodeSeries(buf.slice(0, 40))).toThrow('series body truncated');
  });

  it('streams frames that read the same however the bytes are cut', () => {
    const a = raw(
      minutes(50),
      Array.from({ length: 50 }, (_, i) => i * 0.5),
    );
    const b = raw(minutes(7), [1 / 7, 2, 3, 4, 5, 6, 7]);
    const stream = new Uint8Array([...frameSeries(meta(50), a), ...frameSeries(meta(7), b)]);
    for (const cut of [1, 3, 64, stream.length]) {
      const reader = new SeriesFrameReader();
      const got: SeriesColumns[] = [];
      for (let at = 0; at < stream.length; at += cut) got.push(...reader.push(stream.slice(at, at + cut)).map((f) => f.cols));
      expect(reader.complete()).toBe(true);
      expectSame(got[0]!, a);
      expectSame(got[1]!, b);
    }
  });
});
