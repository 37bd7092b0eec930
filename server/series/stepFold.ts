import { emptyRollups, MINUTE_MS, type Rollups } from './rollups';
import { FLOAT, MAX_SCALE, pow10 } from './seriesFormat';
import { ByteReader } from './varint';
import { decimalScale } from './seriesEncode';
import { decodeBlocksEach, payloadsOf } from './seriesCodec';

/** A chart's steps, and when the range's extremes fell (to the finer tier's step). */
export interface FoldedSteps {
  steps: Rollups;
  /** the start of the finer step holding the range's minimum / maximum (the first on ties) */
  minAt?: number;
  maxAt?: number;
}

/** rollup block columns: min, max, sum, last, count; the sums are read as their scaled integers */
const SUM = 2;
const SUM_AS_INTEGERS = [false, false, true, false, false];

/**
 * Folds time-ordered, disjoint rollups (1-minute steps) into a chart's coarser steps of `stepMs`
 * aligned to `origin`, keeping only those in [from, to): the same answer as slicing them and calling
 * rollUpRollups(…, stepMs, origin), without the month of minutes in between (decoded a block at a
 * time into scratch columns and folded at once). Sums are added as integers (each input's sum ×
 * 10^k, k its decimal scale, raised to the finest scale the step has met), so a step's sum is the
 * same integer ratio rollUpRollups divides at the scale of the whole range: the same double.
 */
export class StepFold {
  private readonly out: Rollups;
  /** the open step: its index, its end, its sum as an integer ÷ 10^scale */
  private m = -1;
  private next = -Infinity;
  private acc = 0;
  private scale = 0;
  private lo = Infinity;
  private hi = -Infinity;
  private minAt = NaN;
  private maxAt = NaN;
  /** the time of the last finer step folded in [from, to) */
  last = -Infinity;

  constructor(
    private readonly stepMs: number,
    private readonly origin: number,
    private readonly from: number,
    private readonly to: number,
  ) {
    this.out = emptyRollups(Math.max(0, Math.ceil((to - origin) / stepMs) - Math.floor((from - origin) / stepMs)) + 1);
  }

  /**
   * Folds n finer steps from columns; `sumInt[i]` is step i's sum × 10^k, an integer (k ≥ 0). One
   * loop over local state: this runs for every minute of a month, eight series a query.
   */
  private fold(
    n: number,
    time: Float64Array,
    min: Float64Array,
    max: Float64Array,
    sumInt: Float64Array,
    k: number,
    last: Float64Array,
    count: Float64Array,
    status: Uint8Array,
  ): void {
    const { out, stepMs, origin, from, to } = this;
    let { m, next, acc, scale, lo, hi, minAt, maxAt } = this;
    let lastTime = this.last;
    for (let i = 0; i < n; i++) {
      const t = time[i]!;
      if (t < from || t >= to) continue;
      lastTime = t;
      const lo_ = min[i]!;
      const hi_ = max[i]!;
      let s = sumInt[i]!;
      if (t >= next) {
        if (m >= 0) out.sum[m] = acc / pow10(scale);
        const b = Math.floor((t - origin) / stepMs) * stepMs + origin;
        next = b + stepMs;
        m++;
        out.time[m] = b;
        out.min[m] = lo_;
        out.max[m] = hi_;
        out.count[m] = 0;
        out.status[m] = 0;
        acc = 0;
        scale = k;
      } else {
        if (lo_ < out.min[m]!) out.min[m] = lo_;
        if (hi_ > out.max[m]!) out.max[m] = hi_;
      }
      if (k > scale) {
        acc *= pow10(k - scale);
        scale = k;
      } else if (k < scale) s *= pow10(scale - k);
      acc += s;
      out.last[m] = last[i]!;
      out.count[m]! += count[i]!;
      if (status[i] !== 0) out.status[m] = status[i]!;
      if (lo_ < lo) {
        lo = lo_;
        minAt = t;
      }
      if (hi_ > hi) {
        hi = hi_;
        maxAt = t;
      }
    }
    this.m = m;
    this.next = next;
    this.acc = acc;
    this.scale = scale;
    this.lo = lo;
    this.hi = hi;
    this.minAt = minAt;
    this.maxAt = maxAt;
    this.last = lastTime;
  }

  /**
   * Folds 1-minute rollup blocks (min, max, sum, last, count columns). False when a block keeps its
   * sums as float64s (values past 9 decimals): rollUpRollups then adds every sum of the range as a
   * float, so this fold is no longer its answer and the caller takes the general path.
   */
  addBlocks(blobs: readonly Uint8Array[]): boolean {
    let exact = true;
    decodeBlocksEach(
      blobs,
      5,
      (b, n) => {
        const k = b.scales[SUM]!;
        if (k < 0) exact = false;
        if (!exact) return;
        const [min, max, sum, last, count] = b.values as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
        this.fold(n, b.time, min, max, sum, k, last, count, b.status);
      },
      SUM_AS_INTEGERS,
    );
    return exact;
  }

  /**
   * Folds raw blocks (the readings of windows whose minutes are not stored: issue 32) as if they were
   * their 1-minute rollups: each reading is a minute of one reading at its minute's start, so steps,
   * extremes (and the minute they fell in), sums, counts and statuses come out exactly as from the
   * rollup blocks the compactor used to store. False when a block keeps its times or values as float64s.
   */
  addRawBlocks(blobs: readonly Uint8Array[]): boolean {
    for (const payload of payloadsOf(blobs)) if (!this.addRawPayloads(payload)) return false;
    return true;
  }

  /**
   * Folds raw blocks from their payloads back to back in `buf` (seriesCodec.ts payloadsOf, headedBlocks.ts
   * inflateHeaded), each block's two varint columns read side by side and folded as read: a month of 8
   * series is 345,600 readings a query, and decoding them into columns first, then folding those, took a
   * fifth longer. False at a block whose times or values are float64s: the fold is then part done, and
   * the caller takes the general path.
   */
  addRawPayloads(buf: Uint8Array): boolean {
    const r = new ByteReader(buf);
    while (r.pos < buf.length) if (!this.foldRawPayload(r)) return false;
    return true;
  }

  /** marks of the block being folded: their reading indexes and statuses (grown as needed) */
  private markAt = new Int32Array(16);
  private markStatus = new Uint8Array(16);

  /**
   * One raw block's payload at the reader's position (seriesFormat.ts), leaving the reader past it.
   * The value column starts where the time column's n varints end and the marks where the values' do:
   * both found by counting the varints' last bytes, which costs far less than decoding them twice.
   */
  private foldRawPayload(r: ByteReader): boolean {
    const buf = r.buf;
    const n = r.uvarint();
    if (r.uvarint() !== 1) throw new Error('series block is not a raw block');
    if (r.byte() !== 0) return false;
    const pt = r.pos;
    r.pos = skipVarints(buf, pt, n);
    const k = r.byte();
    if (k === FLOAT) return false;
    if (k > MAX_SCALE) throw new Error(`bad value scale ${k}`);
    const pv = r.pos;
    r.pos = skipVarints(buf, pv, n);
    const marks = r.uvarint();
    if (marks > this.markAt.length) {
      this.markAt = new Int32Array(marks);
      this.markStatus = new Uint8Array(marks);
    }
    for (let j = 0, at = 0; j < marks; j++) {
      at += r.uvarint();
      this.markAt[j] = at;
      this.markStatus[j] = r.byte();
    }
    this.foldVarints(buf, pt, pv, n, k, marks);
    return true;
  }

  /**
   * The fold of one raw block's readings: its time column (deltas of deltas) at `pt` and value column (deltas of the
   * scaled integers, scale k) at `pv`, decoded in step; statuses from the block's marks. Written for the
   * readings of a month (345,600 for 8 series), with no division a reading: a reading's minute (the floor
   * of its time) is in [from, to) exactly when the reading itself is in [⌈from⌉, ⌈to⌉), and reaches the
   * open step's end `next` exactly when it is at or past ⌈next⌉ (⌈ ⌉ up to the minute); the minute itself
   * is taken only for a step's start, a new extreme and the last reading. The open step is kept in locals
   * and written out when the next one starts and at the end.
   */
  private foldVarints(buf: Uint8Array, pt: number, pv: number, n: number, k: number, marks: number): void {
    const { out, stepMs, origin, markAt, markStatus } = this;
    const { time: oTime, min: oMin, max: oMax, sum: oSum, last: oLast, count: oCount, status: oStatus } = out;
    let { m, next, acc, scale, lo, hi, minAt, maxAt } = this;
    const fromAt = ceilMinute(this.from);
    const toAt = ceilMinute(this.to);
    let nextAt = ceilMinute(next);
    let cMin = 0;
    let cMax = 0;
    let cLast = 0;
    let cCount = 0;
    let cStatus = 0;
    // the open step's scaled sum takes this block's integers at its own scale (the finer of the two)
    let mul = 1;
    if (m >= 0) {
      cMin = oMin[m]!;
      cMax = oMax[m]!;
      cLast = oLast[m]!;
      cCount = oCount[m]!;
      cStatus = oStatus[m]!;
      if (k > scale) {
        acc *= pow10(k - scale);
        scale = k;
      } else if (k < scale) mul = pow10(scale - k);
    }
    const p = pow10(k);
    let time = 0;
    let delta = 0;
    let ints = 0;
    let lastIn = NaN;
    let mark = 0;
    let markIdx = marks > 0 ? markAt[0]! : -1;
    // the first time is whole (some 1.7e12: past the small integers the loop's arithmetic is made for)
    if (n > 0) {
      const r = new ByteReader(buf);
      r.pos = pt;
      time = r.svarint();
      pt = r.pos;
    }
    for (let i = 0; i < n; i++) {
      let b: number;
      let z: number;
      if (i > 0) {
        b = buf[pt++]!;
        z = b & 0x7f;
        if (b >= 0x80) {
          let f = 0x80;
          do {
            b = buf[pt++]!;
            z += (b & 0x7f) * f;
            f *= 0x80;
          } while (b >= 0x80);
        }
        const dt = z < 0x80000000 ? (z >>> 1) ^ -(z & 1) : z % 2 === 0 ? z / 2 : -(z + 1) / 2;
        delta = i === 1 ? dt : delta + dt;
        time += delta;
      }
      b = buf[pv++]!;
      z = b & 0x7f;
      if (b >= 0x80) {
        let f = 0x80;
        do {
          b = buf[pv++]!;
          z += (b & 0x7f) * f;
          f *= 0x80;
        } while (b >= 0x80);
      }
      ints += z < 0x80000000 ? (z >>> 1) ^ -(z & 1) : z % 2 === 0 ? z / 2 : -(z + 1) / 2;
      let st = 0;
      if (i === markIdx) {
        st = markStatus[mark++]!;
        markIdx = mark < marks ? markAt[mark]! : -1;
      }
      if (time < fromAt || time >= toAt) continue;
      lastIn = time;
      const v = ints / p;
      if (time >= nextAt) {
        if (m >= 0) {
          oSum[m] = acc / pow10(scale);
          oMin[m] = cMin;
          oMax[m] = cMax;
          oLast[m] = cLast;
          oCount[m] = cCount;
          oStatus[m] = cStatus;
        }
        const start = Math.floor((floorMinute(time) - origin) / stepMs) * stepMs + origin;
        next = start + stepMs;
        nextAt = ceilMinute(next);
        m++;
        oTime[m] = start;
        cMin = v;
        cMax = v;
        cCount = 0;
        cStatus = 0;
        acc = 0;
        scale = k;
        mul = 1;
      } else {
        if (v < cMin) cMin = v;
        if (v > cMax) cMax = v;
      }
      acc += ints * mul;
      cLast = v;
      cCount++;
      if (st !== 0) cStatus = st;
      if (v < lo) {
        lo = v;
        minAt = floorMinute(time);
      }
      if (v > hi) {
        hi = v;
        maxAt = floorMinute(time);
      }
    }
    if (m >= 0) {
      oMin[m] = cMin;
      oMax[m] = cMax;
      oLast[m] = cLast;
      oCount[m] = cCount;
      oStatus[m] = cStatus;
    }
    this.m = m;
    this.next = next;
    this.acc = acc;
    this.scale = scale;
    this.lo = lo;
    this.hi = hi;
    this.minAt = minAt;
    this.maxAt = maxAt;
    if (!Number.isNaN(lastIn)) this.last = floorMinute(lastIn);
  }

  /** Rollups computed elsewhere (the recent rows' minutes), all after what was folded so far. */
  addRollups(r: Rollups): boolean {
    const n = r.time.length;
    if (n && r.time[0]! <= this.last) throw new Error('rollups folded out of order');
    const k = decimalScale(r.sum);
    if (k < 0) return false;
    const p = pow10(k);
    this.fold(
      n,
      r.time,
      r.min,
      r.max,
      r.sum.map((v) => Math.round(v * p)),
      k,
      r.last,
      r.count,
      r.status,
    );
    return true;
  }

  result(): FoldedSteps {
    const out = this.out;
    const n = this.m + 1;
    if (n > 0) out.sum[n - 1] = this.acc / pow10(this.scale);
    const steps: Rollups = {
      time: out.time.subarray(0, n),
      min: out.min.subarray(0, n),
      max: out.max.subarray(0, n),
      sum: out.sum.subarray(0, n),
      last: out.last.subarray(0, n),
      count: out.count.subarray(0, n),
      status: out.status.subarray(0, n),
    };
    return n === 0 ? { steps } : { steps, minAt: this.minAt, maxAt: this.maxAt };
  }
}

/** The position just past `n` varints from `pos` (a varint ends at its first byte under 0x80). */
function skipVarints(buf: Uint8Array, pos: number, n: number): number {
  const end = buf.length;
  for (let left = n; left > 0; pos++) {
    if (pos >= end) throw new Error('series block truncated');
    if (buf[pos]! < 0x80) left--;
  }
  return pos;
}

const floorMinute = (t: number) => Math.floor(t / MINUTE_MS) * MINUTE_MS;
const ceilMinute = (t: number) => Math.ceil(t / MINUTE_MS) * MINUTE_MS;
