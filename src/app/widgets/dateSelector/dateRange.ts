import {
  addDays,
  addMonths,
  addQuarters,
  addWeeks,
  addYears,
  endOfDay,
  isAfter,
  isBefore,
  startOfDay,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
  startOfYear,
} from 'date-fns';
import { formatIn, inZone } from '../../../../domain/timeZone';
import { projectZone } from '../../time/projectTime';

/**
 * Date selector rules (spec §2): 日 周 月 季 年 自定义; weeks start on Monday; no future; default today.
 * Every day, week, month, quarter and year is the project time zone's (issue 15), whatever the zone
 * of the browser: `zone` defaults to the project's.
 */
export type RangeType = 'day' | 'week' | 'month' | 'season' | 'year' | 'custom';
export const RANGE_TYPES: readonly RangeType[] = ['day', 'week', 'month', 'season', 'year', 'custom'];
export const RANGE_LABEL_KEYS: Record<RangeType, string> = {
  day: 'date.day',
  week: 'date.week',
  month: 'date.month',
  season: 'date.season',
  year: 'date.year',
  custom: 'date.custom',
};

/** A half-open range [start, end). */
export interface DateRange {
  type: RangeType;
  start: Date;
  end: Date;
  /**
   * The day the user is on inside the range (the picked day, today in the current period): switching
   * the type keeps it, so 季 → 日 comes back to that day rather than to the quarter's first.
   */
  anchor?: Date;
}

type Period = Exclude<RangeType, 'custom'>;
type Ctx = ReturnType<typeof inZone>;

const startOf: Record<Period, (d: Date, c: Ctx) => Date> = {
  day: (d, c) => startOfDay(d, c),
  week: (d, c) => startOfWeek(d, { ...c, weekStartsOn: 1 }),
  month: (d, c) => startOfMonth(d, c),
  season: (d, c) => startOfQuarter(d, c),
  year: (d, c) => startOfYear(d, c),
};
const step: Record<Period, (d: Date, n: number, c: Ctx) => Date> = {
  day: (d, n, c) => addDays(d, n, c),
  week: (d, n, c) => addWeeks(d, n, c),
  month: (d, n, c) => addMonths(d, n, c),
  season: (d, n, c) => addQuarters(d, n, c),
  year: (d, n, c) => addYears(d, n, c),
};

/** A plain Date of the same moment (TZDate objects stay inside this module). */
const plain = (d: Date) => new Date(d.getTime());
const earlier = (a: Date, b: Date) => (isAfter(a, b) ? b : a);

/** The period of `type` containing `anchor`; a future anchor is pulled back to now. */
export function rangeOf(type: Period, anchor: Date, now: Date = new Date(), zone = projectZone()): DateRange {
  const c = inZone(zone);
  const a = earlier(anchor, now);
  const start = startOf[type](a, c);
  return { type, start: plain(start), end: plain(step[type](start, 1, c)), anchor: plain(a) };
}

/** Today, the default selection. */
export function defaultRange(now: Date = new Date(), zone = projectZone()): DateRange {
  return rangeOf('day', now, now, zone);
}

/** A custom range of whole days from `from` to `to` inclusive; reversed input is put in order, the future cut off. */
export function customRange(from: Date, to: Date, now: Date = new Date(), zone = projectZone()): DateRange {
  const c = inZone(zone);
  let [a, b] = isAfter(from, to) ? [to, from] : [from, to];
  b = earlier(b, now);
  a = earlier(a, now);
  const start = startOfDay(a, c);
  return { type: 'custom', start: plain(start), end: plain(addDays(startOfDay(b, c), 1, c)), anchor: plain(b) };
}

/** The previous or next period; undefined when the next one would start in the future. */
export function shift(range: DateRange, by: 1 | -1, now: Date = new Date(), zone = projectZone()): DateRange | undefined {
  const c = inZone(zone);
  if (range.type === 'custom') {
    const days = Math.round((range.end.getTime() - range.start.getTime()) / 86_400_000);
    const start = addDays(range.start, by * days, c);
    if (isAfter(start, now)) return undefined;
    const end = addDays(start, days, c);
    return { type: 'custom', start: plain(start), end: plain(end), anchor: plain(earlier(addDays(end, -1, c), now)) };
  }
  const start = step[range.type](range.start, by, c);
  if (isAfter(start, now)) return undefined;
  const end = step[range.type](start, 1, c);
  const moved = step[range.type](anchorOf(range, now), by, c);
  return { type: range.type, start: plain(start), end: plain(end), anchor: plain(clamp(moved, start, end, now)) };
}

/** A moment inside [start, end) and not after now. */
function clamp(d: Date, start: Date, end: Date, now: Date): Date {
  const last = new Date(end.getTime() - 1);
  const inside = isBefore(d, start) ? start : isAfter(d, last) ? last : d;
  return earlier(inside, now);
}

/** The day the user is on: the range's anchor, else today when the range holds it, else its first day. */
function anchorOf(range: DateRange, now: Date): Date {
  const fallback = !isBefore(now, range.start) && isBefore(now, range.end) ? now : range.start;
  return clamp(range.anchor ?? fallback, range.start, range.end, now);
}

/**
 * Switching the type keeps the day the user is on. To 自定义 the range keeps its days up to today
 * (a quarter still running ends today, never in the future); to a period it is the period holding
 * that day (季 → 日 is the anchored day, not the quarter's first).
 */
export function changeType(range: DateRange, type: RangeType, now: Date = new Date(), zone = projectZone()): DateRange {
  if (type === 'custom') return customRange(range.start, new Date(range.end.getTime() - 1), now, zone);
  return rangeOf(type, anchorOf(range, now), now, zone);
}

export function isFutureDay(day: Date, now: Date = new Date(), zone = projectZone()): boolean {
  const c = inZone(zone);
  return isAfter(startOfDay(day, c), endOfDay(now, c));
}

/** The wire format of the trend, history and event queries: YYYY-MM-DD HH:mm:ss in the project zone. */
export const toWire = (d: Date, zone = projectZone()) => formatIn(d, 'yyyy-MM-dd HH:mm:ss', zone);

export function labelOf(range: DateRange, zone = projectZone()): string {
  const f = (d: Date, p: string) => formatIn(d, p, zone);
  const s = range.start;
  const lastDay = new Date(range.end.getTime() - 1);
  switch (range.type) {
    case 'day':
      return f(s, 'yyyy-MM-dd');
    case 'week':
    case 'custom':
      return `${f(s, 'yyyy-MM-dd')} ~ ${f(lastDay, 'yyyy-MM-dd')}`;
    case 'month':
      return f(s, 'yyyy-MM');
    case 'season':
      return f(s, "yyyy 'Q'Q");
    case 'year':
      return f(s, 'yyyy');
  }
}
