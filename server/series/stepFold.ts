import { emptyRollups, MINUTE_MS, type Rollups } from './rollups';
import { pow10 } from './seriesFormat';
import { decimalScale } from './seriesEncode';
import { decodeBlocksEach } from './seriesCodec';

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
   * rollup blocks the compactor used to store. False when a block keeps its values as float64s.
   */
  addRawBlocks(blobs: readonly Uint8Array[]): boolean {
    let exact = true;
    decodeBlocksEach(
      blobs,
      1,
      (b, n) => {
        const k = b.scales[0]!;
        if (k < 0) exact = false;
        if (exact) this.foldReadings(n, b.time, b.values[0]!, k, b.status);
      },
      [true],
    );
    return exact;
  }

  /**
   * fold() for readings as one-reading minutes, in one pass over the block's own columns: a reading's
   * minute, its value (its integer ÷ 10^k, exact: seriesEncode's decimalScale), a count of one.
   * Written out rather than fold() over minute and value columns made first: a month of 8 series is
   * 345,600 readings a query, and making those columns was a third of the fold.
   */
  private foldReadings(n: number, time: Float64Array, ints: Float64Array, k: number, status: Uint8Array): void {
    const { out, stepMs, origin, from, to } = this;
    let { m, next, acc, scale, lo, hi, minAt, maxAt } = this;
    let lastTime = this.last;
    const p = pow10(k);
    for (let i = 0; i < n; i++) {
      const t = Math.floor(time[i]! / MINUTE_MS) * MINUTE_MS;
      if (t < from || t >= to) continue;
      lastTime = t;
      let s = ints[i]!;
      const v = s / p;
      if (t >= next) {
        if (m >= 0) out.sum[m] = acc / pow10(scale);
        const b = Math.floor((t - origin) / stepMs) * stepMs + origin;
        next = b + stepMs;
        m++;
        out.time[m] = b;
        out.min[m] = v;
        out.max[m] = v;
        out.count[m] = 0;
        out.status[m] = 0;
        acc = 0;
        scale = k;
      } else {
        if (v < out.min[m]!) out.min[m] = v;
        if (v > out.max[m]!) out.max[m] = v;
      }
      if (k > scale) {
        acc *= pow10(k - scale);
        scale = k;
      } else if (k < scale) s *= pow10(scale - k);
      acc += s;
      out.last[m] = v;
      out.count[m]!++;
      if (status[i] !== 0) out.status[m] = status[i]!;
      if (v < lo) {
        lo = v;
        minAt = t;
      }
      if (v > hi) {
        hi = v;
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
