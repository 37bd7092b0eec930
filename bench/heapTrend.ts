/**
 * How a soak bench reads its heap samples (issue 19 item 8): growth from just after warm-up to the end,
 * and whether the heap is still rising at the end. Pure, so its reading is tested (tests/unit/heapTrend.test.ts).
 */
export interface HeapSample {
  /** page hours since the start */
  hour: number;
  /** retained heap after a forced collection, MB */
  mb: number;
}

export interface HeapTrend {
  samples: number;
  /** median of the samples in the first window after warm-up, MB */
  startMb: number;
  /** median of the samples in the last window, MB */
  endMb: number;
  /** (end − start) ÷ start, % */
  growthPct: number;
  /** least-squares slope over every sample after warm-up, MB a day */
  slopeMbPerDay: number;
  /** least-squares slope over the last third of the run, MB a day */
  lastThirdMbPerDay: number;
  /** the last third's slope as a share of the start a day, % */
  lastThirdPctPerDay: number;
  /**
   * still rising at the end: the last third's slope is above zero by more than twice its standard error
   * (not noise) and would add at least RISING_PCT_PER_DAY of the start in a day
   */
  rising: boolean;
}

/** a slope below this share of the heap a day is flat for any wall (a year of it is under 4 ×) */
const RISING_PCT_PER_DAY = 1;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
};

/** Least-squares slope (MB an hour) and its standard error. */
function slopeOf(xs: readonly HeapSample[]): { slope: number; se: number } {
  const n = xs.length;
  if (n < 3) return { slope: 0, se: Infinity };
  const mx = xs.reduce((a, x) => a + x.hour, 0) / n;
  const my = xs.reduce((a, x) => a + x.mb, 0) / n;
  const sxx = xs.reduce((a, x) => a + (x.hour - mx) ** 2, 0);
  if (sxx === 0) return { slope: 0, se: Infinity };
  const slope = xs.reduce((a, x) => a + (x.hour - mx) * (x.mb - my), 0) / sxx;
  const residual = xs.reduce((a, x) => a + (x.mb - my - slope * (x.hour - mx)) ** 2, 0);
  return { slope, se: Math.sqrt(residual / (n - 2) / sxx) };
}

/**
 * The trend of one screen's samples over a run of `hours` page hours: samples before `warmupHours`
 * are left out; start and end are the medians of the first and last `windowHours` of what remains.
 */
export function heapTrend(all: readonly HeapSample[], opts: { hours: number; warmupHours: number; windowHours: number }): HeapTrend {
  const xs = all.filter((x) => x.hour >= opts.warmupHours);
  const startMb = median(xs.filter((x) => x.hour < opts.warmupHours + opts.windowHours).map((x) => x.mb));
  const endMb = median(xs.filter((x) => x.hour > opts.hours - opts.windowHours).map((x) => x.mb));
  const whole = slopeOf(xs);
  const lastThirdFrom = opts.hours - (opts.hours - opts.warmupHours) / 3;
  const last = slopeOf(xs.filter((x) => x.hour >= lastThirdFrom));
  const lastThirdPctPerDay = ((last.slope * 24) / startMb) * 100;
  return {
    samples: xs.length,
    startMb,
    endMb,
    growthPct: ((endMb - startMb) / startMb) * 100,
    slopeMbPerDay: whole.slope * 24,
    lastThirdMbPerDay: last.slope * 24,
    lastThirdPctPerDay,
    rising: last.slope > 2 * last.se && lastThirdPctPerDay >= RISING_PCT_PER_DAY,
  };
}
