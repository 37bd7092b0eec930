import { z } from 'zod';
import { datalogBody } from './telemetry';

/**
 * Columnar answers of the history datalog (issue 5). The spec's `{time, value, status}` list stays
 * the default; `columnar` answers three parallel JSON arrays (no per-point object to build or
 * parse), `binary` answers the same columns as raw little-endian typed arrays, so the browser's
 * series worker reads them with no parsing at all.
 *
 * Binary layout (application/octet-stream):
 *   u32 metaLength | meta JSON (UTF-8) | zero padding to a multiple of 8 |
 *   f64 time × count | f64 value × count | u8 status × count
 */
export const SERIES_FORMATS = ['list', 'columnar', 'binary'] as const;
export type SeriesFormat = (typeof SERIES_FORMATS)[number];

export const datalogQueryBody = datalogBody.extend({ format: z.enum(SERIES_FORMATS).default('list') });

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
  count: number;
}

export interface SeriesColumns {
  time: Float64Array;
  value: Float64Array;
  status: Uint8Array;
}

export const BINARY_CONTENT_TYPE = 'application/octet-stream';

const align8 = (n: number) => (n + 7) & ~7;

/** One allocation, three block copies: the columns are laid out exactly as they sit in memory. */
export function encodeSeries(meta: SeriesMeta, cols: SeriesColumns): ArrayBuffer {
  const metaBytes = new TextEncoder().encode(JSON.stringify(meta));
  const n = cols.time.length;
  const head = align8(4 + metaBytes.length);
  const buf = new ArrayBuffer(head + n * 17);
  new DataView(buf).setUint32(0, metaBytes.length, true);
  new Uint8Array(buf, 4, metaBytes.length).set(metaBytes);
  new Float64Array(buf, head, n).set(cols.time);
  new Float64Array(buf, head + n * 8, n).set(cols.value);
  new Uint8Array(buf, head + n * 16, n).set(cols.status);
  return buf;
}

/** Views into `buf` (no copy) when it starts 8-aligned, as a fetched ArrayBuffer does. */
export function decodeSeries(buf: ArrayBuffer): { meta: SeriesMeta; cols: SeriesColumns } {
  if (buf.byteLength < 4) throw new Error('series body too short');
  const metaLength = new DataView(buf).getUint32(0, true);
  if (4 + metaLength > buf.byteLength) throw new Error('series body truncated');
  const meta = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 4, metaLength))) as SeriesMeta;
  const head = align8(4 + metaLength);
  const n = meta.count;
  if (head + n * 17 > buf.byteLength) throw new Error('series body truncated');
  return {
    meta,
    cols: {
      time: new Float64Array(buf, head, n),
      value: new Float64Array(buf, head + n * 8, n),
      status: new Uint8Array(buf, head + n * 16, n),
    },
  };
}
