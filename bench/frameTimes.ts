/**
 * How the wall benches read their frame times (bench/realtimeWall.ts, bench/realtimeWall4k.ts): pure, so
 * the reading is tested (tests/unit/frameTimes.test.ts). Not a test.
 */

/** One refresh of the 60 Hz frame clock (ms). */
export const REFRESH_MS = 1000 / 60;

/** Frames that took longer than one refresh interval and a quarter: a skipped refresh, not timer jitter (%). */
export const droppedShare = (frames: number[]) =>
  +((100 * frames.filter((f) => f > 1.25 * REFRESH_MS).length) / Math.max(1, frames.length)).toFixed(1);

/**
 * Each frame's time as the whole refreshes it spanned (at least one), in ms: the screen shows a frame for
 * one refresh, or two when one was skipped, never 16.8 ms. The measured time between two animation frames
 * is that plus the clamp of the page's clock: Chromium rounds performance.now() to 100 µs, with a random
 * threshold, in a page that is not cross-origin isolated, so a frame of exactly one refresh reads
 * 16.6–16.8 ms (an idle wall's p95 reads 16.8). The benches record both readings.
 */
export const inRefreshes = (frames: number[]) => frames.map((f) => Math.max(1, Math.round(f / REFRESH_MS)) * REFRESH_MS);
