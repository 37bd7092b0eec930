import zlib from 'node:zlib';
import { ByteWriter } from './varint';
import { FLOAT, MAX_SCALE, PLAIN, POW10, SAFE, SYNC_TAIL, SYNCED, type PointColumns } from './seriesFormat';

/** Writing blocks of the series codec (the format: seriesFormat.ts). */

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

/**
 * zlib's options for a payload of `length` bytes. Its set-up was most of deflating a block of an hour:
 * by default it allocates a 32 KiB window, a 64 KiB hash table and a 16 KiB output chunk per call, for a
 * payload of tens or hundreds of bytes. A window just past the payload (a match can reach no further
 * back than its start anyway), a hash table to match and an output chunk of the payload's size: blocks
 * of 24 and of 240 readings deflated in 5.4 and 6.1 µs instead of 7.7 and 8.2, to the same sizes.
 */
function deflateOptions(length: number): zlib.ZlibOptions {
  // a match reaches at most the window less zlib's look-ahead (262 bytes) back; raw deflate takes 9–15
  const windowBits = Math.min(15, Math.max(9, Math.ceil(Math.log2(length + 262))));
  return {
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
    windowBits,
    memLevel: Math.max(1, windowBits - 7),
    chunkSize: Math.max(64, length + 64),
  };
}

/** Packs `n` points (time-ordered) of the columns into one blob. */
export function encodeBlock(
  time: ArrayLike<number>,
  values: readonly ArrayLike<number>[],
  status: ArrayLike<number>,
  n = time.length,
): Buffer {
  const payload = blockPayload(time, values, status, n);
  const packed = zlib.deflateRawSync(payload, deflateOptions(payload.length));
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
