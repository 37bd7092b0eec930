/**
 * Gorilla (Pelkonen et al., VLDB 2015) for the codec comparison of the storage bench: timestamps as
 * delta-of-delta in the paper's bit buckets, values as the XOR with the previous value's float64 bits
 * (leading/trailing-zero windows). Statuses as the stored blocks keep them (sparse marks). Not used by
 * the server: the measurement chose scaled-integer deltas + deflate (server/series/seriesCodec.ts).
 */
import type { PointColumns } from '../server/series/seriesFormat';

class BitWriter {
  private words: number[] = [];
  private cur = 0;
  private used = 0;

  /** up to 32 bits of `v` (unsigned), most significant first */
  write(v: number, bits: number): void {
    while (bits > 0) {
      const take = Math.min(bits, 32 - this.used);
      const shift = bits - take;
      const part = take === 32 ? v >>> 0 : (v >>> shift) & ((1 << take) - 1);
      this.cur = take === 32 ? part : ((this.cur << take) | part) >>> 0;
      this.used += take;
      bits -= take;
      if (this.used === 32) {
        this.words.push(this.cur);
        this.cur = 0;
        this.used = 0;
      }
    }
  }

  bytes(): Uint8Array {
    const words = this.used ? [...this.words, (this.cur << (32 - this.used)) >>> 0] : this.words;
    const out = new Uint8Array(Math.ceil((this.words.length * 32 + this.used) / 8));
    const dv = new DataView(new ArrayBuffer(words.length * 4));
    words.forEach((w, i) => dv.setUint32(i * 4, w));
    out.set(new Uint8Array(dv.buffer, 0, out.length));
    return out;
  }
}

class BitReader {
  private pos = 0;
  constructor(private readonly buf: Uint8Array) {}

  read(bits: number): number {
    let v = 0;
    for (let i = 0; i < bits; i++) {
      const byte = this.buf[this.pos >>> 3] ?? 0;
      v = v * 2 + ((byte >>> (7 - (this.pos & 7))) & 1);
      this.pos++;
    }
    return v;
  }
}

const clz64 = (hi: number, lo: number) => (hi ? Math.clz32(hi) : 32 + Math.clz32(lo));
const ctz32 = (x: number) => (x ? 31 - Math.clz32(x & -x) : 32);
const ctz64 = (hi: number, lo: number) => (lo ? ctz32(lo) : 32 + ctz32(hi));

/** bits [from, from+len) of the 64-bit (hi, lo), counted from the most significant, written in order */
function writeBits64(w: BitWriter, hi: number, lo: number, lead: number, len: number): void {
  for (let b = lead; b < lead + len;) {
    const inHi = b < 32;
    const word = inHi ? hi : lo;
    const start = inHi ? b : b - 32;
    const take = Math.min(lead + len - b, 32 - start);
    w.write((word >>> (32 - start - take)) & (take === 32 ? 0xffffffff : (1 << take) - 1), take);
    b += take;
  }
}

export function gorillaEncode(cols: PointColumns): Uint8Array {
  const { time, value, status } = cols;
  const n = time.length;
  const w = new BitWriter();
  const dv = new DataView(new ArrayBuffer(8));
  w.write(n, 32);
  let prevT = 0;
  let prevD = 0;
  let prevHi = 0;
  let prevLo = 0;
  let lead = -1;
  let trail = 0;
  for (let i = 0; i < n; i++) {
    const t = time[i]!;
    if (i === 0) {
      w.write(Math.floor(t / 2 ** 32), 32);
      w.write(t >>> 0, 32);
    } else {
      const d = t - prevT;
      const dod = i === 1 ? d : d - prevD;
      if (dod === 0) w.write(0, 1);
      else if (dod >= -63 && dod <= 64) {
        w.write(0b10, 2);
        w.write(dod + 63, 7);
      } else if (dod >= -255 && dod <= 256) {
        w.write(0b110, 3);
        w.write(dod + 255, 9);
      } else if (dod >= -2047 && dod <= 2048) {
        w.write(0b1110, 4);
        w.write(dod + 2047, 12);
      } else {
        w.write(0b1111, 4);
        w.write(Math.floor((dod + 2 ** 40) / 2 ** 32), 32);
        w.write((dod + 2 ** 40) >>> 0, 32);
      }
      prevD = d;
    }
    prevT = t;
    dv.setFloat64(0, value[i]!);
    const hi = dv.getUint32(0);
    const lo = dv.getUint32(4);
    if (i === 0) {
      w.write(hi, 32);
      w.write(lo, 32);
    } else {
      const xh = (hi ^ prevHi) >>> 0;
      const xl = (lo ^ prevLo) >>> 0;
      if (xh === 0 && xl === 0) w.write(0, 1);
      else {
        const l = Math.min(31, clz64(xh, xl));
        const tr = ctz64(xh, xl);
        if (lead >= 0 && l >= lead && tr >= trail) {
          w.write(0b10, 2);
          writeBits64(w, xh, xl, lead, 64 - lead - trail);
        } else {
          lead = l;
          trail = tr;
          const len = 64 - l - tr;
          w.write(0b11, 2);
          w.write(l, 5);
          w.write(len - 1, 6);
          writeBits64(w, xh, xl, l, len);
        }
      }
    }
    prevHi = hi;
    prevLo = lo;
  }
  const marks: number[] = [];
  for (let i = 0; i < n; i++) if (status[i] !== 0) marks.push(i, status[i]!);
  w.write(marks.length / 2, 32);
  for (const m of marks) w.write(m, 32);
  return w.bytes();
}

export function gorillaDecode(buf: Uint8Array): PointColumns {
  const r = new BitReader(buf);
  const n = r.read(32);
  const out = { time: new Float64Array(n), value: new Float64Array(n), status: new Uint8Array(n) };
  const dv = new DataView(new ArrayBuffer(8));
  let t = 0;
  let d = 0;
  let hi = 0;
  let lo = 0;
  let lead = 0;
  let len = 0;
  for (let i = 0; i < n; i++) {
    if (i === 0) t = r.read(32) * 2 ** 32 + r.read(32);
    else {
      // the bucket is the number of leading 1 bits (0–4)
      let ones = 0;
      while (ones < 4 && r.read(1) === 1) ones++;
      const dod =
        ones === 0
          ? 0
          : ones === 1
            ? r.read(7) - 63
            : ones === 2
              ? r.read(9) - 255
              : ones === 3
                ? r.read(12) - 2047
                : r.read(32) * 2 ** 32 + r.read(32) - 2 ** 40;
      d = i === 1 ? dod : d + dod;
      t += d;
    }
    out.time[i] = t;
    if (i === 0) {
      hi = r.read(32);
      lo = r.read(32);
    } else if (r.read(1) === 1) {
      if (r.read(1) === 1) {
        lead = r.read(5);
        len = r.read(6) + 1;
      }
      // the meaningful bits, placed back at [lead, lead+len)
      let xh = 0;
      let xl = 0;
      for (let b = lead; b < lead + len; b++) {
        const bit = r.read(1);
        if (b < 32) xh = (xh | (bit << (31 - b))) >>> 0;
        else xl = (xl | (bit << (63 - b))) >>> 0;
      }
      hi = (hi ^ xh) >>> 0;
      lo = (lo ^ xl) >>> 0;
    }
    dv.setUint32(0, hi);
    dv.setUint32(4, lo);
    out.value[i] = dv.getFloat64(0);
  }
  const marks = r.read(32);
  for (let m = 0; m < marks; m++) {
    const i = r.read(32);
    out.status[i] = r.read(32);
  }
  return out;
}
