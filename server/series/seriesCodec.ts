import zlib from 'node:zlib';
import { ByteReader } from './varint';
import { DEFLATED, FINAL, FLOAT, PLAIN, POW10, SYNC_TAIL, SYNCED, type BlockColumns, type PointColumns } from './seriesFormat';

/** Reading blocks of the series codec (the format: seriesFormat.ts). */

/** blocks per inflate call (bounds the inflated run: some hundreds of bytes to a few kB a block) */
export const INFLATE_RUN = 4096;

function payloadOf(blob: Uint8Array): Uint8Array {
  const format = blob[0];
  if (format === SYNCED) return zlib.inflateRawSync(Buffer.concat([blob.subarray(1), SYNC_TAIL, FINAL]));
  if (format === DEFLATED) return zlib.inflateRawSync(blob.subarray(1));
  if (format === PLAIN) return blob.subarray(1);
  throw new Error(`unknown series block format ${String(format)}`);
}

/** The payloads of blocks in order: each run of synced blocks inflated in one call, into one buffer. */
export function payloadsOf(blobs: readonly Uint8Array[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let i = 0;
  while (i < blobs.length) {
    if (blobs[i]![0] !== SYNCED) {
      out.push(payloadOf(blobs[i++]!));
      continue;
    }
    const parts: Uint8Array[] = [];
    while (i < blobs.length && blobs[i]![0] === SYNCED && parts.length < 2 * INFLATE_RUN) parts.push(blobs[i++]!.subarray(1), SYNC_TAIL);
    parts.push(FINAL);
    out.push(zlib.inflateRawSync(Buffer.concat(parts)));
  }
  return out;
}

/**
 * Reads `n` zigzag varints from `buf` at `pos`, integrating them `order` times (1: deltas, 2: deltas of
 * deltas) and dividing by `scale`, into `out` from `offset`. Inlined by hand: this loop is the whole
 * cost of a month read once the blocks are inflated. Answers the new position.
 */
function readIntegrated(buf: Uint8Array, pos: number, n: number, order: 1 | 2, scale: number, out: Float64Array, offset: number): number {
  // One loop per case (deltas or deltas of deltas, scaled or not): the tests stay out of the loop.
  let acc = 0;
  let d = 0;
  const end = offset + n;
  if (order === 2 && n > 0) {
    // the first value as is, the second as a delta, every later one as a delta of deltas
    for (let i = offset; i < end; i++) {
      let b = buf[pos++]!;
      let z = b & 0x7f;
      if (b >= 0x80) {
        let m = 0x80;
        do {
          b = buf[pos++]!;
          z += (b & 0x7f) * m;
          m *= 0x80;
        } while (b >= 0x80);
      }
      const v = z < 0x80000000 ? (z >>> 1) ^ -(z & 1) : z % 2 === 0 ? z / 2 : -(z + 1) / 2;
      if (i === offset) acc = v;
      else {
        d = i === offset + 1 ? v : d + v;
        acc += d;
      }
      out[i] = scale === 1 ? acc : acc / scale;
    }
  } else if (scale === 1) {
    for (let i = offset; i < end; i++) {
      let b = buf[pos++]!;
      let z = b & 0x7f;
      if (b >= 0x80) {
        let m = 0x80;
        do {
          b = buf[pos++]!;
          z += (b & 0x7f) * m;
          m *= 0x80;
        } while (b >= 0x80);
      }
      acc += z < 0x80000000 ? (z >>> 1) ^ -(z & 1) : z % 2 === 0 ? z / 2 : -(z + 1) / 2;
      out[i] = acc;
    }
  } else {
    for (let i = offset; i < end; i++) {
      let b = buf[pos++]!;
      let z = b & 0x7f;
      if (b >= 0x80) {
        let m = 0x80;
        do {
          b = buf[pos++]!;
          z += (b & 0x7f) * m;
          m *= 0x80;
        } while (b >= 0x80);
      }
      acc += z < 0x80000000 ? (z >>> 1) ^ -(z & 1) : z % 2 === 0 ? z / 2 : -(z + 1) / 2;
      out[i] = acc / scale;
    }
  }
  if (pos > buf.length) throw new Error('series block truncated');
  return pos;
}

/**
 * Reads one value column; answers its decimal scale k (values are integers ÷ 10^k), -1 for float64s.
 * `integers` leaves a scaled column as its integers (the values × 10^k).
 */
function readValues(r: ByteReader, n: number, out: Float64Array | null, offset: number, integers = false): number {
  const k = r.byte();
  if (k === FLOAT) {
    if (out) for (let i = 0; i < n; i++) out[offset + i] = r.float64();
    else r.pos += 8 * n;
    return -1;
  }
  const p = POW10[k];
  if (p === undefined) throw new Error(`bad value scale ${k}`);
  r.pos = readIntegrated(r.buf, r.pos, n, 1, integers ? 1 : p, out ?? new Float64Array(n), out ? offset : 0);
  return k;
}

/**
 * Decodes a block into columns sized by the caller at `offset` (a month of blocks lands in one set of
 * typed arrays with no intermediate copies). `values[c]` null skips column c. Answers the count.
 */
export function decodeBlockInto(
  blob: Uint8Array,
  time: Float64Array,
  values: (Float64Array | null)[],
  status: Uint8Array,
  offset: number,
): number {
  const r = new ByteReader(payloadOf(blob));
  const n = readPayloadInto(r, time, values, status, offset);
  if (r.pos !== r.buf.length) throw new Error('series block has trailing bytes');
  return n;
}

/**
 * Decodes blocks back to back into columns sized by the caller (the blocks' counts), from `offset`:
 * each run of synced blocks is inflated in one call and its payloads read one after another.
 * Answers the points decoded.
 */
export function decodeBlocksInto(
  blobs: readonly Uint8Array[],
  time: Float64Array,
  values: (Float64Array | null)[],
  status: Uint8Array,
  offset = 0,
): number {
  let o = offset;
  for (const payload of payloadsOf(blobs)) {
    const r = new ByteReader(payload);
    while (r.pos < payload.length) o += readPayloadInto(r, time, values, status, o);
  }
  return o - offset;
}

/** One decoded block at a time, in columns reused from block to block (see decodeBlocksEach). */
export interface BlockScratch {
  time: Float64Array;
  values: Float64Array[];
  status: Uint8Array;
  /** each value column's decimal scale in this block (its values are integers ÷ 10^k), -1: float64s */
  scales: Int8Array;
}

/**
 * Decodes blocks back to back, handing each to `each` in scratch columns that the next block
 * overwrites: a caller folding the blocks into something smaller (a chart's steps) allocates
 * nothing per reading. Each run of synced blocks is inflated in one call, as decodeBlocksInto does.
 * The value columns marked in `integers` come as their scaled integers (× 10^scales[c]).
 */
export function decodeBlocksEach(
  blobs: readonly Uint8Array[],
  columns: number,
  each: (block: BlockScratch, n: number) => void,
  integers?: readonly boolean[],
): void {
  let size = 64;
  const scratch: BlockScratch = {
    time: new Float64Array(size),
    values: Array.from({ length: columns }, () => new Float64Array(size)),
    status: new Uint8Array(size),
    scales: new Int8Array(columns),
  };
  for (const payload of payloadsOf(blobs)) {
    const r = new ByteReader(payload);
    while (r.pos < payload.length) {
      const start = r.pos;
      const n = r.uvarint();
      if (n > size) {
        while (size < n) size *= 2;
        scratch.time = new Float64Array(size);
        scratch.values = scratch.values.map(() => new Float64Array(size));
        scratch.status = new Uint8Array(size);
      }
      r.pos = start;
      readPayloadInto(r, scratch.time, scratch.values, scratch.status, 0, scratch.scales, integers);
      each(scratch, n);
    }
  }
}

/** The blocks' columns concatenated (each block's count from its payload: `total` sizes the output). */
export function decodeBlocks(blobs: readonly Uint8Array[], total: number, columns: number): BlockColumns {
  const out: BlockColumns = {
    time: new Float64Array(total),
    values: Array.from({ length: columns }, () => new Float64Array(total)),
    status: new Uint8Array(total),
  };
  const n = decodeBlocksInto(blobs, out.time, out.values, out.status);
  if (n !== total) throw new Error('series block count mismatch');
  return out;
}

function decodePayloadInto(
  payload: Uint8Array,
  time: Float64Array,
  values: (Float64Array | null)[],
  status: Uint8Array,
  offset: number,
): number {
  return readPayloadInto(new ByteReader(payload), time, values, status, offset);
}

/**
 * Reads one payload from the reader's position (leaving it just past the payload); answers its count.
 * `scales[c]`, when given, receives value column c's decimal scale (-1: float64s); the columns marked in
 * `integers` are left as their scaled integers.
 */
function readPayloadInto(
  r: ByteReader,
  time: Float64Array,
  values: (Float64Array | null)[],
  status: Uint8Array,
  offset: number,
  scales?: Int8Array,
  integers?: readonly boolean[],
): number {
  const n = r.uvarint();
  if (offset + n > time.length) throw new Error('series block count mismatch');
  const cols = r.uvarint();
  if (r.byte() === 0) r.pos = readIntegrated(r.buf, r.pos, n, 2, 1, time, offset);
  else for (let i = 0; i < n; i++) time[offset + i] = r.float64();
  for (let c = 0; c < cols; c++) {
    const k = readValues(r, n, values[c] ?? null, offset, integers?.[c]);
    if (scales && c < scales.length) scales[c] = k;
  }
  status.fill(0, offset, offset + n);
  const marks = r.uvarint();
  let at = 0;
  for (let m = 0; m < marks; m++) {
    at += r.uvarint();
    status[offset + at] = r.byte();
  }
  return n;
}

export function decodeBlock(blob: Uint8Array): BlockColumns {
  const payload = payloadOf(blob);
  const head = new ByteReader(payload);
  const n = head.uvarint();
  const cols = head.uvarint();
  const out: BlockColumns = {
    time: new Float64Array(n),
    values: Array.from({ length: cols }, () => new Float64Array(n)),
    status: new Uint8Array(n),
  };
  decodePayloadInto(payload, out.time, out.values, out.status, 0);
  return out;
}

export function decodePoints(blob: Uint8Array): PointColumns {
  const b = decodeBlock(blob);
  return { time: b.time, value: b.values[0] ?? new Float64Array(b.time.length), status: b.status };
}
