/**
 * Columnar answers of history (issue 5), free of zod so the series worker carries none (the request
 * schemas are in seriesQuery.ts). The spec's `{time, value, status}` list stays
 * the default; `columnar` answers three parallel JSON arrays (no per-point object to build or
 * parse), `binary` answers the same columns as raw little-endian typed arrays, so the browser's
 * series worker reads them without parsing any text.
 *
 * Binary layout (application/octet-stream):
 *   u32 metaLength | meta JSON (UTF-8) | zero padding to 8 |
 *   time column | value column | u8 status × count
 * A series from a rollup tier (meta.tier '1m' or '1h', issue 18: one point per step, value = the step's
 * average) carries its extremes and counts too:
 *   … | time | value | min | max | readings | u8 status × count
 * Each column starts 8-aligned and is packed as tightly as its numbers allow, losing nothing: the
 * times as u32 milliseconds after the meta's `wire.timeBase` when they all lie within 2^32 ms (49.7
 * days) of it, a number column as i32 of value × 10^k when every value is a decimal of at most
 * MAX_SCALE places within i32 (`wire.scales[c]` = k). Otherwise, and for `wire.scales[c]` = -1, f64.
 * A month of one series at a minute is 0.39 MB instead of 0.73: on loopback the larger answer went
 * out in a dozen round trips whenever the connection had been idle, some 4 ms more.
 */
export const SERIES_FORMATS = ['list', 'columnar', 'binary'] as const;

export interface SeriesMeta {
  pecDeviceId: number;
  dataId: number;
  logicalId: number;
  dataTypeId: number;
  dataIdName: string;
  dataTypeName: string;
  unit: string;
  isDiffValue: boolean;
  /** the terminal's alarm limit for the measure when enabled (limit lines of the trend) */
  upperLimit: number | null;
  lowerLimit: number | null;
  /** points in the answer */
  count: number;
  /** absent or 'raw': the readings; '1m' / '1h': one point per step of a rollup tier */
  tier?: SeriesTier;
  /** the step of a rollup tier (ms) */
  stepMs?: number;
  /** readings the points stand for (rollup tiers) */
  readings?: number;
  /**
   * Rollup tiers (not differences): when the range's minimum and maximum were read, to the tier's own
   * step (the minute or hour they fell in; the first on ties), finer than the answer's steps.
   */
  minAt?: number;
  maxAt?: number;
}

export type SeriesTier = 'raw' | '1m' | '1h';
export const isRollup = (meta: Pick<SeriesMeta, 'tier'>) => meta.tier !== undefined && meta.tier !== 'raw';

export interface SeriesColumns {
  time: Float64Array;
  value: Float64Array;
  status: Uint8Array;
  /** rollup tiers: each step's extremes and reading count */
  min?: Float64Array;
  max?: Float64Array;
  count?: Float64Array;
}

export const BINARY_CONTENT_TYPE = 'application/octet-stream';

const align8 = (n: number) => (n + 7) & ~7;

/** the most decimal places a number column is packed with */
const MAX_SCALE = 6;
const POW10 = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];
const I32_MAX = 0x7fffffff;
const U32_MAX = 0xffffffff;

/** how the columns of a body are packed (in the meta JSON as `wire`; decodeSeries takes it off again) */
interface WirePacking {
  /** the times as u32 ms after it; absent: f64 */
  timeBase?: number;
  /** per number column (value, then min, max, readings): k for i32 of value × 10^k, -1 for f64 */
  scales: number[];
}

/** A column as it goes on the wire: 4 or 8 bytes a number. */
interface PackedColumn {
  bytes: 4 | 8;
  write: (buf: ArrayBuffer, at: number) => void;
}

/** The times as u32 after the first when every one is a whole ms within 2^32 ms after it, else null. */
function packTimes(time: Float64Array): { base: number; packed: Uint32Array } | null {
  const base = time.length > 0 ? time[0]! : 0;
  const packed = new Uint32Array(time.length);
  for (let i = 0; i < time.length; i++) {
    const d = time[i]! - base;
    if (!(d >= 0 && d <= U32_MAX && Number.isInteger(d))) return null;
    packed[i] = d;
  }
  return { base, packed };
}

/**
 * The fewest decimal places k that give back every value exactly from an i32 of value × 10^k, and
 * those integers; null when there are none (a NaN, an average, a value beyond i32). The division the
 * decoder does is the one checked here, so the numbers come back bit for bit.
 */
function packDecimals(col: Float64Array): { k: number; packed: Int32Array } | null {
  let k = 0;
  for (let i = 0; i < col.length; i++) {
    const v = col[i]!;
    while (Math.round(v * POW10[k]!) / POW10[k]! !== v) if (++k > MAX_SCALE) return null;
  }
  const p = POW10[k]!;
  const packed = new Int32Array(col.length);
  for (let i = 0; i < col.length; i++) {
    const x = Math.round(col[i]! * p);
    if (Math.abs(x) > I32_MAX || x / p !== col[i]) return null;
    packed[i] = x;
  }
  return { k, packed };
}

const f64Column = (col: Float64Array): PackedColumn => ({
  bytes: 8,
  write: (buf, at) => new Float64Array(buf, at, col.length).set(col),
});

/** The body's size, and how to lay it at an offset of a buffer (a frame's header before it: seriesStream.ts). */
export function seriesBody(meta: SeriesMeta, cols: SeriesColumns): { length: number; writeAt: (buf: ArrayBuffer, at: number) => void } {
  const n = cols.time.length;
  const numbers = isRollup(meta) ? [cols.value, cols.min, cols.max, cols.count] : [cols.value];
  const wire: WirePacking = { scales: [] };
  const times = packTimes(cols.time);
  if (times) wire.timeBase = times.base;
  const columns: PackedColumn[] = [
    times ? { bytes: 4, write: (buf, at) => new Uint32Array(buf, at, n).set(times.packed) } : f64Column(cols.time),
  ];
  for (const col of numbers) {
    if (!col || col.length !== n) throw new Error('series column missing or of another length');
    const decimals = packDecimals(col);
    wire.scales.push(decimals ? decimals.k : -1);
    columns.push(decimals ? { bytes: 4, write: (buf, at) => new Int32Array(buf, at, n).set(decimals.packed) } : f64Column(col));
  }
  const metaBytes = new TextEncoder().encode(JSON.stringify({ ...meta, wire }));
  const offsets: number[] = [];
  let length = align8(4 + metaBytes.length);
  for (const c of columns) {
    offsets.push(length);
    length = align8(length + c.bytes * n);
  }
  const statusAt = length;
  return {
    length: statusAt + n,
    writeAt(buf, at) {
      new DataView(buf, at).setUint32(0, metaBytes.length, true);
      new Uint8Array(buf, at + 4, metaBytes.length).set(metaBytes);
      columns.forEach((c, k) => c.write(buf, at + offsets[k]!));
      new Uint8Array(buf, at + statusAt, n).set(cols.status);
    },
  };
}

/** One allocation, a block copy per column. */
export function encodeSeries(meta: SeriesMeta, cols: SeriesColumns): ArrayBuffer {
  const body = seriesBody(meta, cols);
  const buf = new ArrayBuffer(body.length);
  body.writeAt(buf, 0);
  return buf;
}

function unpackTimes(packed: Uint32Array, base: number): Float64Array {
  const time = new Float64Array(packed.length);
  for (let i = 0; i < packed.length; i++) time[i] = base + packed[i]!;
  return time;
}

/**
 * Reads the body that starts at `at` (8-aligned, as a fetched ArrayBuffer or a stream frame's body is)
 * and is `length` bytes long: f64 columns and the status as views into `buf`, packed ones unpacked.
 */
export function decodeSeries(buf: ArrayBuffer, at = 0, length = buf.byteLength - at): { meta: SeriesMeta; cols: SeriesColumns } {
  if (length < 4) throw new Error('series body too short');
  const metaLength = new DataView(buf, at).getUint32(0, true);
  if (4 + metaLength > length) throw new Error('series body truncated');
  const { wire, ...meta } = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, at + 4, metaLength))) as SeriesMeta & {
    wire: WirePacking;
  };
  const n = meta.count;
  const numbers = isRollup(meta) ? 4 : 1;
  if (wire.scales.length !== numbers) throw new Error('series body packing does not match its tier');
  let pos = at + align8(4 + metaLength);
  /** the next column's bytes, checked to lie within the body */
  const next = (bytes: number): number => {
    const here = pos;
    pos = align8(pos + bytes * n);
    if (here + bytes * n > at + length) throw new Error('series body truncated');
    return here;
  };
  const time =
    wire.timeBase === undefined ? new Float64Array(buf, next(8), n) : unpackTimes(new Uint32Array(buf, next(4), n), wire.timeBase);
  const columns = wire.scales.map((k) => {
    if (k < 0) return new Float64Array(buf, next(8), n);
    const p = POW10[k];
    if (p === undefined) throw new Error(`bad value scale ${k}`);
    const packed = new Int32Array(buf, next(4), n);
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = packed[i]! / p;
    return out;
  });
  if (pos + n > at + length) throw new Error('series body truncated');
  const status = new Uint8Array(buf, pos, n);
  const [value, min, max, count] = columns as [Float64Array, ...Float64Array[]];
  if (numbers === 1) return { meta, cols: { time, value, status } };
  return { meta, cols: { time, value, min: min!, max: max!, count: count!, status } };
}
