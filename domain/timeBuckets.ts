import type { ReportTimeDistribute, TimeBucket, TimeUnit } from './schemas/report';
import { wallTime, zoned } from './timeZone';

const HOUR = 3600_000;
const DAY = 86_400_000;
const p2 = (n: number) => String(n).padStart(2, '0');

/** Hours for a day or two, days up to a quarter, months beyond: a chart of a few dozen bars at most. */
function unitOf(start: number, end: number): TimeUnit {
  if (end - start <= 2 * DAY) return 'hour';
  if (end - start <= 93 * DAY) return 'day';
  return 'month';
}

/**
 * The next bucket start in the project time zone (never the server's), so days and months follow
 * the project's calendar (DST included).
 */
function next(t: number, unit: TimeUnit, zone: string): number {
  const d = zoned(t, zone);
  if (unit === 'hour') return t + HOUR;
  if (unit === 'day') return wallTime(zone, d.getFullYear(), d.getMonth(), d.getDate() + 1);
  return wallTime(zone, d.getFullYear(), d.getMonth() + 1, 1);
}

function floor(t: number, unit: TimeUnit, zone: string): number {
  const d = zoned(t, zone);
  if (unit === 'hour') return wallTime(zone, d.getFullYear(), d.getMonth(), d.getDate(), d.getHours());
  if (unit === 'day') return wallTime(zone, d.getFullYear(), d.getMonth(), d.getDate());
  return wallTime(zone, d.getFullYear(), d.getMonth(), 1);
}

function label(t: number, unit: TimeUnit, multiDay: boolean, zone: string): string {
  const d = zoned(t, zone);
  if (unit === 'hour') return `${multiDay ? `${p2(d.getMonth() + 1)}-${p2(d.getDate())} ` : ''}${p2(d.getHours())}:00`;
  if (unit === 'day') return `${p2(d.getMonth() + 1)}-${p2(d.getDate())}`;
  return `${d.getFullYear()}-${p2(d.getMonth() + 1)}`;
}

/** The buckets of a period [start, end) in the project zone, and which bucket a time falls in. */
export function periodBuckets(start: number, end: number, zone: string) {
  const unit = unitOf(start, end);
  const multiDay = end - start > DAY;
  const buckets: { start: number; label: string }[] = [];
  for (let t = floor(start, unit, zone); t < end; t = next(t, unit, zone))
    buckets.push({ start: t, label: label(t, unit, multiDay, zone) });
  // The buckets are contiguous and ascending: a time's bucket is the last one starting at or before it,
  // found by bisection — no time-zone arithmetic per alarm (a month of a large fleet is 100,000s of them).
  const indexOf = (t: number): number | undefined => {
    if (!buckets.length || t < buckets[0]!.start || t >= end) return undefined;
    let lo = 0;
    let hi = buckets.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (buckets[mid]!.start <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  return { unit, buckets, indexOf };
}

/** Alarms per bucket over [start, end), zero-filled, and per hour of day (project time) over the whole period. */
export function timeDistribute(start: number, end: number, times: readonly number[], zone: string): ReportTimeDistribute {
  const { unit, buckets: starts, indexOf } = periodBuckets(start, end, zone);
  const buckets: TimeBucket[] = starts.map((b) => ({ ...b, total: 0 }));
  const hourOfDay = Array.from({ length: 24 }, () => 0);
  for (const t of times) {
    const i = indexOf(t);
    if (i !== undefined) buckets[i]!.total++;
    hourOfDay[zoned(t, zone).getHours()]!++;
  }
  return { unit, buckets, hourOfDay };
}
