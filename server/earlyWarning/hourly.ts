import type { Rollups } from '../series/rollups';
import { median } from './robust';

export const HOUR_MS = 3_600_000;

/**
 * Hourly values of a series for the detectors: per hour, the median of its minutes' averages. A
 * glitch (one absurd reading, even a burst of a few minutes) moves a median of 60 minutes not at all,
 * where it would move an hourly average. An hour with fewer than `minMinutes` minutes of data (a
 * dropout, a device offline) is missing (NaN), never a zero; three is enough for a gateway that
 * reports every five minutes.
 */
export function hourlyMedians(minutes: Rollups, start: number, hours: number, minMinutes = 3): Float64Array {
  const out = new Float64Array(hours).fill(NaN);
  let i = 0;
  const n = minutes.time.length;
  for (let h = 0; h < hours; h++) {
    const from = start + h * HOUR_MS;
    const to = from + HOUR_MS;
    while (i < n && minutes.time[i]! < from) i++;
    const avgs: number[] = [];
    while (i < n && minutes.time[i]! < to) {
      if (minutes.count[i]! > 0) avgs.push(minutes.sum[i]! / minutes.count[i]!);
      i++;
    }
    if (avgs.length >= minMinutes) out[h] = median(avgs);
  }
  return out;
}
