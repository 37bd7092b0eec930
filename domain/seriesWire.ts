/**
 * Columnar answers of history (issue 5), free of zod so the series worker carries none (the request
 * schemas are in seriesQuery.ts). The spec's `{time, value, status}` list stays
 * the default; `columnar` answers three parallel JSON arrays (no per-point object to build or
 * parse), `binary` answers the same columns as raw little-endian typed arrays, so the browser's
 * series worker reads them with no parsing at all.
 *
 * Binary layout (application/octet-stream):
 *   u32 metaLength | meta JSON (UTF-8) | zero padding to a multiple of 8 |
 *   f64 time × count | f64 value × count | u8 status × count
 * A series from a rollup tier (meta.tier '1m' or '1h', issue 18: one point per step, value = the step's
 * average) carries its extremes and counts too:
 *   … | f64 time × count | f64 value × count | f64 min × count | f64 max × count | f64 readings × count |
 *   u8 status × count
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

/** The body's size, and how to lay it at an offset of a buffer (a frame's header before it: seriesStream.ts). */
export function seriesBody(meta: SeriesMeta, cols: SeriesColumns): { length: number; writeAt: (buf: ArrayBuffer, at: number) => void } {
  const metaBytes = new TextEncoder().encode(JSON.stringify(meta));
  const n = cols.time.length;
  const head = align8(4 + metaBytes.length);
  const f64 = isRollup(meta) ? [cols.time, cols.value, cols.min, cols.max, cols.count] : [cols.time, cols.value];
  return {
    length: head + n * (8 * f64.length + 1),
    writeAt(buf, at) {
      new DataView(buf, at).setUint32(0, metaBytes.length, true);
      new Uint8Array(buf, at + 4, metaBytes.length).set(metaBytes);
      f64.forEach((col, k) => {
        if (!col || col.length !== n) throw new Error('series column missing or of another length');
        new Float64Array(buf, at + head + k * n * 8, n).set(col);
      });
      new Uint8Array(buf, at + head + f64.length * n * 8, n).set(cols.status);
    },
  };
}

/** One allocation, a block copy per column: the columns are laid out exactly as they sit in memory. */
export function encodeSeries(meta: SeriesMeta, cols: SeriesColumns): ArrayBuffer {
  const body = seriesBody(meta, cols);
  const buf = new ArrayBuffer(body.length);
  body.writeAt(buf, 0);
  return buf;
}

/**
 * Views into `buf` (no copy) of the body that starts at `at` (8-aligned, as a fetched ArrayBuffer or
 * a stream frame's body is) and is `length` bytes long.
 */
export function decodeSeries(buf: ArrayBuffer, at = 0, length = buf.byteLength - at): { meta: SeriesMeta; cols: SeriesColumns } {
  if (length < 4) throw new Error('series body too short');
  const metaLength = new DataView(buf, at).getUint32(0, true);
  if (4 + metaLength > length) throw new Error('series body truncated');
  const meta = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, at + 4, metaLength))) as SeriesMeta;
  const head = at + align8(4 + metaLength);
  const n = meta.count;
  const columns = isRollup(meta) ? 5 : 2;
  if (head - at + n * (8 * columns + 1) > length) throw new Error('series body truncated');
  const f64 = (k: number) => new Float64Array(buf, head + k * n * 8, n);
  const status = new Uint8Array(buf, head + columns * n * 8, n);
  if (columns === 2) return { meta, cols: { time: f64(0), value: f64(1), status } };
  return { meta, cols: { time: f64(0), value: f64(1), min: f64(2), max: f64(3), count: f64(4), status } };
}
