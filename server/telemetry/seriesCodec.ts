import zlib from 'node:zlib';
import { ByteReader, ByteWriter } from './varint';

/**
 * The codec of compacted history: a time column, one or more value columns and a sparse status
 * column, packed into one blob. A raw block (one series, one closed hour) has one value column; a
 * 1-minute rollup block has five (min, max, sum, last, count).
 *
 * Chosen by measurement (bench/storage.ts prints the comparison, docs/capacity.md has the figures):
 * meters report decimals at a fixed precision (220.3 V, 12.45 A) whose float64 bit patterns share few
 * bits between neighbours, so Gorilla's XOR encoding keeps about 6 bytes of such a reading. Scaled to
 * integers (×10^k, k found per column and checked exactly) their deltas are small, and a standard
 * compressor (raw deflate from Node's zlib) packs those varints to about one byte.
 *
 * Payload before deflate:
 *   uvarint count, uvarint columns
 *   time:  u8 0 = whole ms: svarint t0, svarint delta, then svarint delta-of-delta; u8 1 = float64 each
 *   each value column: u8 k (0–9) = svarint round(v·10^k), then svarint deltas; u8 255 = float64 each
 *   status: uvarint marks, then per mark uvarint index delta, u8 status (the rare non-zero ones, exact)
 * Stored: u8 format, then the bytes:
 *   2 = the payload raw-deflated and ended with a sync flush instead of a final block, less the flush's
 *       constant last four bytes (00 00 ff ff). Blocks of this format read back to back are ONE deflate
 *       stream once each gets its four bytes back and the run an empty final block (03 00): a month of
 *       720 hourly blocks is one inflate call instead of 720 (zlib's per-call set-up, a stream object
 *       and a 32 KiB window each, was most of the cost of a month read). Each block is deflated on its
 *       own, so none refers back into the one before it; the payloads are self-delimiting.
 *   1 = deflate-raw of the payload (blocks written before format 2; still read)
 *   0 = the payload as is (when deflate would not shrink it)
 */
export interface PointColumns {
  time: Float64Array;
  value: Float64Array;
  status: Uint8Array;
}

export interface BlockColumns {
  time: Float64Array;
  values: Float64Array[];
  status: Uint8Array;
}

const FLOAT = 255;
const MAX_SCALE = 9;
/** scaled integers and their deltas stay well inside exact double arithmetic */
const SAFE = 2 ** 50;
const POW10 = Array.from({ length: MAX_SCALE + 1 }, (_, k) => 10 ** k);

const exactAt = (v: number, p: number) => {
  const s = Math.round(v * p);
  return Math.abs(s) < SAFE && s / p === v;
};

/** The smallest k with every value exactly round(v·10^k)/10^k (and in range), or -1. */
export function decimalScale(value: ArrayLike<number>, n = value.length): number {
  let k = 0;
  let raised = false;
  for (let i = 0; i < n; i++) {
    while (!exactAt(value[i]!, POW10[k]!)) {
      if (++k > MAX_SCALE) return -1;
      raised = true;
    }
  }
  // The values before a raise were checked at a smaller k: check them at the final one too.
  if (raised) for (let i = 0; i < n; i++) if (!exactAt(value[i]!, POW10[k]!)) return -1;
  return k;
}

export const pow10 = (k: number) => POW10[k]!;

function integralTimes(time: ArrayLike<number>, n: number): boolean {
  for (let i = 0; i < n; i++) {
    const t = time[i]!;
    if (!Number.isSafeInteger(t) || Math.abs(t) >= SAFE) return false;
  }
  return true;
}

function writeValues(w: ByteWriter, col: ArrayLike<number>, n: number): void {
  const k = decimalScale(col, n);
  if (k < 0) {
    w.byte(FLOAT);
    for (let i = 0; i < n; i++) w.float64(col[i]!);
    return;
  }
  w.byte(k);
  const p = POW10[k]!;
  let prev = 0;
  for (let i = 0; i < n; i++) {
    const s = Math.round(col[i]! * p);
    w.svarint(s - prev);
    prev = s;
  }
}

/** The uncompressed payload (exported for the codec comparison in the storage bench). */
export function blockPayload(
  time: ArrayLike<number>,
  values: readonly ArrayLike<number>[],
  status: ArrayLike<number>,
  n = time.length,
): Uint8Array {
  const w = new ByteWriter(16 + n * 2 * (values.length + 1));
  w.uvarint(n);
  w.uvarint(values.length);
  if (integralTimes(time, n)) {
    w.byte(0);
    let prev = 0;
    let prevDelta = 0;
    for (let i = 0; i < n; i++) {
      const t = time[i]!;
      if (i === 0) w.svarint(t);
      else {
        const d = t - prev;
        w.svarint(i === 1 ? d : d - prevDelta);
        prevDelta = d;
      }
      prev = t;
    }
  } else {
    w.byte(1);
    for (let i = 0; i < n; i++) w.float64(time[i]!);
  }
  for (const col of values) writeValues(w, col, n);
  let marks = 0;
  for (let i = 0; i < n; i++) if (status[i] !== 0) marks++;
  w.uvarint(marks);
  let last = 0;
  for (let i = 0; i < n; i++) {
    if (status[i] === 0) continue;
    w.uvarint(i - last);
    w.byte(status[i]!);
    last = i;
  }
  return w.bytes();
}

/** Packs `n` points (time-ordered) of the columns into one blob. */
export function encodeBlock(
  time: ArrayLike<number>,
  values: readonly ArrayLike<number>[],
  status: ArrayLike<number>,
  n = time.length,
): Buffer {
  const payload = blockPayload(time, values, status, n);
  const packed = zlib.deflateRawSync(payload, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const body = packed.length - SYNC_TAIL.length;
  if (body + 1 < payload.length && packed.subarray(body).equals(SYNC_TAIL)) {
    const out = Buffer.allocUnsafe(1 + body);
    out[0] = SYNCED;
    packed.copy(out, 1, 0, body);
    return out;
  }
  return Buffer.concat([Buffer.of(PLAIN), payload]);
}

export const encodePoints = (p: PointColumns, n = p.time.length) => encodeBlock(p.time, [p.value], p.status, n);

const PLAIN = 0;
const DEFLATED = 1;
const SYNCED = 2;
/** what a sync flush ends with (an empty stored block's LEN and NLEN), left out of a stored block */
const SYNC_TAIL = Buffer.from([0x00, 0x00, 0xff, 0xff]);
/** an empty final block (fixed Huffman, end of block): ends a run of synced blocks */
const FINAL = Buffer.from([0x03, 0x00]);
/** blocks per inflate call (bounds the inflated run: about 600 bytes a block) */
const RUN = 4096;

function payloadOf(blob: Uint8Array): Uint8Array {
  const format = blob[0];
  if (format === SYNCED) return zlib.inflateRawSync(Buffer.concat([blob.subarray(1), SYNC_TAIL, FINAL]));
  if (format === DEFLATED) return zlib.inflateRawSync(blob.subarray(1));
  if (format === PLAIN) return blob.subarray(1);
  throw new Error(`unknown series block format ${String(format)}`);
}

/** The payloads of blocks in order: each run of synced blocks inflated in one call, into one buffer. */
function payloadsOf(blobs: readonly Uint8Array[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let i = 0;
  while (i < blobs.length) {
    if (blobs[i]![0] !== SYNCED) {
      out.push(payloadOf(blobs[i++]!));
      continue;
    }
    const parts: Uint8Array[] = [];
    while (i < blobs.length && blobs[i]![0] === SYNCED && parts.length < 2 * RUN) parts.push(blobs[i++]!.subarray(1), SYNC_TAIL);
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

/** The point count of a block (it leads the payload). */
export function blockCount(blob: Uint8Array): number {
  return new ByteReader(payloadOf(blob)).uvarint();
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
