/**
 * The labelled data of the early-warning bench (issue 31): a seeded fleet of residual-current series
 * as field devices report them every 15 s — a daily load cycle whose size varies from day to day,
 * noise, single-reading glitches, dropouts and devices offline for days, load switched on or off
 * (steps that stay under the threshold) — and, in a known subset, a slow drift that takes the daily
 * peak over the threshold in 2 to 30 days. Everything follows from the seed, so a tuning seed and an
 * evaluation seed give two fleets of the same kind that share no values.
 */

export const H = 3_600_000;
export const DAY = 24 * H;
export const READING_MS = 15_000;

/** Days from a drift's start until its daily peak reaches the limit. */
export const DRIFT_DAYS = [2, 3, 5, 7, 10, 14, 20, 30] as const;
/** Share of the devices given a drift. */
const DRIFT_SHARE = 0.1;

interface Drift {
  /** when it starts (ms) */
  start: number;
  /** the days to cross as generated */
  days: number;
  /** rise per ms */
  rate: number;
  /** the first time the noise-free series reaches the limit (ms): the label the warnings are judged against */
  crossing: number;
}

export interface DeviceSeries {
  index: number;
  /** the fleet's first midnight (ms): day 0 of `dayLoad` */
  origin: number;
  /** level at night (mA) */
  base: number;
  /** size of the daily load cycle (mA) and its afternoon peak hour */
  amplitude: number;
  peakHour: number;
  /** per-reading noise, σ (mA) */
  noise: number;
  /** each day's load: the cycle × this (1 ± a few %) */
  dayLoad: Float64Array;
  /** load switched on (+) or off (−): from `at` on, the series is `size` higher */
  steps: { at: number; size: number }[];
  /** no readings in [from, to) */
  dropouts: { from: number; to: number }[];
  /** single glitch readings: reading slot time → value */
  glitches: Map<number, number>;
  drift: Drift | null;
}

/** mulberry32: small, fast and good enough for a generator. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function gauss(r: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
}

const between = (r: () => number, lo: number, hi: number) => lo + (hi - lo) * r();

/** The daily load shape: 0 at night, 1 at the peak hour, a smooth working-day bump. */
function loadShape(hourOfDay: number, peakHour: number): number {
  const x = (((hourOfDay - peakHour + 36) % 24) - 12) / 5; // 0 at the peak, ±1 five hours away
  return Math.exp(-x * x);
}

export interface FleetOptions {
  devices: number;
  days: number;
  /** the first day's start (ms, a midnight) */
  start: number;
  limit: number;
  seed: number;
  /** reading slots a device reports in each hour (the bench's sampling), for placing glitches where readings are */
  slotsPerHour: number;
}

/** The fleet of `opts.devices` series. */
export function makeFleet(opts: FleetOptions): DeviceSeries[] {
  const r = rng(opts.seed);
  const end = opts.start + opts.days * DAY;
  const drifting = Math.round(opts.devices * DRIFT_SHARE);
  const fleet: DeviceSeries[] = [];
  for (let i = 0; i < opts.devices; i++) {
    const base = between(r, 15, 110);
    const amplitude = base * between(r, 0.2, 0.7);
    const dayLoad = new Float64Array(opts.days + 1);
    for (let d = 0; d < dayLoad.length; d++) dayLoad[d] = 1 + 0.05 * gauss(r);
    const peak = base + amplitude * 1.1;
    // Load switching: up to two steps that keep the daily peak well under the limit and the night level above 5 mA.
    const steps: DeviceSeries['steps'] = [];
    let shift = 0;
    const nSteps = r() < 0.4 ? 1 + Math.floor(r() * 2) : 0;
    for (let k = 0; k < nSteps; k++) {
      let size = between(r, 0.05, 0.25) * opts.limit * (r() < 0.65 ? 1 : -1);
      size = Math.min(size, 0.72 * opts.limit - peak - shift);
      size = Math.max(size, 5 - base - shift);
      shift += size;
      steps.push({ at: opts.start + Math.floor(between(r, 1, opts.days - 0.5) * 4 * 24) * (H / 4), size });
    }
    steps.sort((a, b) => a.at - b.at);
    // Dropouts: about one every four days, 15 minutes to 12 hours; one device in twenty is offline 1 to 3 days once.
    const dropouts: DeviceSeries['dropouts'] = [];
    for (let t = opts.start + between(r, 0, 4) * DAY; t < end; t += between(r, 1, 7) * DAY) {
      const len = Math.min(12 * H, Math.max(H / 4, -Math.log(1 - r()) * 2 * H));
      dropouts.push({ from: t, to: t + len });
    }
    if (r() < 0.05) {
      const from = opts.start + between(r, 3, opts.days - 3) * DAY;
      dropouts.push({ from, to: from + between(r, 1, 3) * DAY });
    }
    // Glitches: one a device-day on average, a single reading far off (up to three times the limit, or zero).
    const glitches = new Map<number, number>();
    const nGlitches = Math.round(opts.days * between(r, 0.5, 1.5));
    for (let k = 0; k < nGlitches; k++) {
      const hour = Math.floor(r() * opts.days * 24);
      const slot = Math.floor(r() * opts.slotsPerHour);
      glitches.set(opts.start + hour * H + slot * READING_MS, r() < 0.15 ? 0 : between(r, 0.5, 3) * opts.limit);
    }
    fleet.push({
      index: i,
      origin: opts.start,
      base,
      amplitude,
      peakHour: between(r, 10, 17),
      noise: between(r, 0.8, 4),
      dayLoad,
      steps,
      dropouts,
      glitches,
      drift: null,
    });
  }
  // The drifting subset: every tenth device, the rates in turn; each starts after 16 days of normal and crosses before the end.
  const stride = Math.max(1, Math.floor(opts.devices / Math.max(1, drifting)));
  for (let k = 0; k < drifting; k++) {
    const s = fleet[k * stride]!;
    const days = DRIFT_DAYS[k % DRIFT_DAYS.length]!;
    const latest = opts.days - 1 - days;
    if (latest < 16) continue;
    const start = opts.start + Math.floor(between(r, 16, latest) * 24) * H + Math.floor(r() * 60) * 60_000;
    const peakAtStart = maxOfDay(s, start, opts.limit);
    const rate = (opts.limit - peakAtStart) / (days * DAY);
    s.drift = { start, days, rate, crossing: NaN };
    s.drift.crossing = firstReach(s, start, end, opts.limit);
  }
  return fleet;
}

/** The noise-free value at `t`: night level, the day's load cycle, the steps so far and the drift. */
export function cleanValue(s: DeviceSeries, t: number): number {
  const day = Math.floor((t - s.origin) / DAY);
  const hourOfDay = ((t - s.origin) % DAY) / H;
  let v = s.base + s.amplitude * s.dayLoad[Math.min(day, s.dayLoad.length - 1)]! * loadShape(hourOfDay, s.peakHour);
  for (const st of s.steps) if (t >= st.at) v += st.size;
  if (s.drift && t > s.drift.start) v += (t - s.drift.start) * s.drift.rate;
  return v;
}

/** The highest noise-free value over the day after `t` (minute steps), without the drift. */
function maxOfDay(s: DeviceSeries, t: number, limit: number): number {
  let m = 0;
  for (let u = t; u < t + DAY; u += 60_000) m = Math.max(m, cleanValue(s, u));
  return Math.min(m, 0.95 * limit);
}

function firstReach(s: DeviceSeries, from: number, to: number, limit: number): number {
  for (let t = from; t < to; t += 60_000) if (cleanValue(s, t) >= limit) return t;
  return NaN;
}

const inDropout = (s: DeviceSeries, t: number) => s.dropouts.some((d) => t >= d.from && t < d.to);

/**
 * The readings a device sends for the first `slots` 15-s slots of the hour starting at `hourStart`:
 * value = clean value + noise, a glitch where one is placed, nothing during a dropout. `r` is the
 * device's own noise stream.
 */
export function hourReadings(
  s: DeviceSeries,
  hourStart: number,
  slots: number,
  r: () => number,
  dataId: number,
): { dataId: number; value: number; time: number }[] {
  const out: { dataId: number; value: number; time: number }[] = [];
  for (let k = 0; k < slots; k++) {
    const t = hourStart + k * READING_MS;
    if (inDropout(s, t)) continue;
    const glitch = s.glitches.get(t);
    const v = glitch ?? Math.max(0, cleanValue(s, t) + s.noise * gauss(r));
    out.push({ dataId, value: Math.round(v * 10) / 10, time: t });
  }
  return out;
}
