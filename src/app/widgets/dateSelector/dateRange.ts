import {
  addDays,
  addMonths,
  addQuarters,
  addWeeks,
  addYears,
  endOfDay,
  format,
  isAfter,
  startOfDay,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
  startOfYear,
} from 'date-fns';

/** Date selector rules (spec §2): 日 周 月 季 年 自定义; weeks start on Monday; no future; default today. */
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
}

const WEEK = { weekStartsOn: 1 } as const;

const startOf: Record<Exclude<RangeType, 'custom'>, (d: Date) => Date> = {
  day: startOfDay,
  week: (d) => startOfWeek(d, WEEK),
  month: startOfMonth,
  season: startOfQuarter,
  year: startOfYear,
};
const step: Record<Exclude<RangeType, 'custom'>, (d: Date, n: number) => Date> = {
  day: addDays,
  week: addWeeks,
  month: addMonths,
  season: addQuarters,
  year: addYears,
};

/** The period of `type` containing `anchor`; a future anchor is pulled back to now. */
export function rangeOf(type: Exclude<RangeType, 'custom'>, anchor: Date, now: Date = new Date()): DateRange {
  const a = isAfter(anchor, now) ? now : anchor;
  const start = startOf[type](a);
  return { type, start, end: step[type](start, 1) };
}

/** Today, the default selection. */
export function defaultRange(now: Date = new Date()): DateRange {
  return rangeOf('day', now, now);
}

/** A custom range of whole days from `from` to `to` inclusive; reversed input is put in order, the future cut off. */
export function customRange(from: Date, to: Date, now: Date = new Date()): DateRange {
  let [a, b] = isAfter(from, to) ? [to, from] : [from, to];
  if (isAfter(b, now)) b = now;
  if (isAfter(a, now)) a = now;
  return { type: 'custom', start: startOfDay(a), end: addDays(startOfDay(b), 1) };
}

/** The previous or next period; undefined when the next one would start in the future. */
export function shift(range: DateRange, by: 1 | -1, now: Date = new Date()): DateRange | undefined {
  if (range.type === 'custom') {
    const days = Math.round((range.end.getTime() - range.start.getTime()) / 86_400_000);
    const start = addDays(range.start, by * days);
    if (isAfter(start, now)) return undefined;
    return { type: 'custom', start, end: addDays(start, days) };
  }
  const start = step[range.type](range.start, by);
  if (isAfter(start, now)) return undefined;
  return { type: range.type, start, end: step[range.type](start, 1) };
}

/** Switching the type keeps the period that contains the current start. */
export function changeType(range: DateRange, type: RangeType, now: Date = new Date()): DateRange {
  if (type === 'custom') return { ...range, type: 'custom' };
  return rangeOf(type, range.start, now);
}

export function isFutureDay(day: Date, now: Date = new Date()): boolean {
  return isAfter(startOfDay(day), endOfDay(now));
}

/** The wire format of the trend, history and event queries: YYYY-MM-DD HH:mm:ss. */
export const toWire = (d: Date) => format(d, 'yyyy-MM-dd HH:mm:ss');

export function labelOf(range: DateRange): string {
  const s = range.start;
  const lastDay = addDays(range.end, -1);
  switch (range.type) {
    case 'day':
      return format(s, 'yyyy-MM-dd');
    case 'week':
    case 'custom':
      return `${format(s, 'yyyy-MM-dd')} ~ ${format(lastDay, 'yyyy-MM-dd')}`;
    case 'month':
      return format(s, 'yyyy-MM');
    case 'season':
      return `${format(s, 'yyyy')} Q${Math.floor(s.getMonth() / 3) + 1}`;
    case 'year':
      return format(s, 'yyyy');
  }
}
