import { describe, expect, it } from 'vitest';
import {
  changeType,
  customRange,
  defaultRange,
  isFutureDay,
  labelOf,
  rangeOf,
  shift,
  toWire,
} from '../../src/app/widgets/dateSelector/dateRange';
import { parseWallTime } from '../../domain/timeZone';

// Wall times of the project zone (the default Asia/Shanghai), whatever zone this process runs in:
// the selector's days are the project's (issue 15).
const d = (s: string) => new Date(parseWallTime(s.replace('T', ' '), 'Asia/Shanghai')!);
const now = d('2026-11-21T10:30:00'); // a Saturday

describe('date selector rules', () => {
  it('defaults to today', () => {
    const r = defaultRange(now);
    expect(toWire(r.start)).toBe('2026-11-21 00:00:00');
    expect(toWire(r.end)).toBe('2026-11-22 00:00:00');
  });

  it.each([
    ['2026-11-21T10:00:00', '2026-11-16 00:00:00', '2026-11-23 00:00:00'], // Saturday → Monday 16th
    ['2026-11-16T00:00:00', '2026-11-16 00:00:00', '2026-11-23 00:00:00'], // Monday itself
    ['2026-11-15T23:59:59', '2026-11-09 00:00:00', '2026-11-16 00:00:00'], // Sunday belongs to the week before
    ['2026-01-01T12:00:00', '2025-12-29 00:00:00', '2026-01-05 00:00:00'], // across the year boundary
  ])('weeks start on Monday: %s', (anchor, start, end) => {
    const r = rangeOf('week', d(anchor), now);
    expect([toWire(r.start), toWire(r.end)]).toEqual([start, end]);
  });

  it.each([
    ['2026-01-01T00:00:00', '2026-01-01 00:00:00', '2026-04-01 00:00:00', '2026 Q1'],
    ['2026-03-31T23:59:59', '2026-01-01 00:00:00', '2026-04-01 00:00:00', '2026 Q1'],
    ['2026-04-01T00:00:00', '2026-04-01 00:00:00', '2026-07-01 00:00:00', '2026 Q2'],
    ['2025-09-30T12:00:00', '2025-07-01 00:00:00', '2025-10-01 00:00:00', '2025 Q3'],
    ['2025-10-01T00:00:00', '2025-10-01 00:00:00', '2026-01-01 00:00:00', '2025 Q4'],
  ])('seasons are calendar quarters: %s', (anchor, start, end, label) => {
    const r = rangeOf('season', d(anchor), now);
    expect([toWire(r.start), toWire(r.end), labelOf(r)]).toEqual([start, end, label]);
  });

  it('never moves into the future', () => {
    expect(shift(rangeOf('day', now, now), 1, now)).toBeUndefined();
    expect(shift(rangeOf('month', now, now), 1, now)).toBeUndefined();
    const lastMonth = shift(rangeOf('month', now, now), -1, now)!;
    expect(labelOf(lastMonth)).toBe('2026-10');
    expect(labelOf(shift(lastMonth, 1, now)!)).toBe('2026-11');
    // a future anchor is pulled back to today
    expect(labelOf(rangeOf('day', d('2027-02-01T00:00:00'), now))).toBe('2026-11-21');
    expect(isFutureDay(d('2026-11-22T00:00:00'), now)).toBe(true);
    expect(isFutureDay(d('2026-11-21T23:00:00'), now)).toBe(false);
  });

  it('custom ranges are whole days, ordered and cut at today', () => {
    const r = customRange(d('2026-11-10T15:00:00'), d('2026-11-01T08:00:00'), now);
    expect([toWire(r.start), toWire(r.end)]).toEqual(['2026-11-01 00:00:00', '2026-11-11 00:00:00']);
    expect(labelOf(r)).toBe('2026-11-01 ~ 2026-11-10');
    const cut = customRange(d('2026-11-20T00:00:00'), d('2026-12-31T00:00:00'), now);
    expect(toWire(cut.end)).toBe('2026-11-22 00:00:00');
    const prev = shift(r, -1, now)!;
    expect(labelOf(prev)).toBe('2026-10-22 ~ 2026-10-31');
  });

  it('changing the type keeps the period containing the start', () => {
    const day = rangeOf('day', d('2026-08-14T09:00:00'), now);
    expect(labelOf(changeType(day, 'month', now))).toBe('2026-08');
    expect(labelOf(changeType(day, 'season', now))).toBe('2026 Q3');
    expect(labelOf(changeType(day, 'year', now))).toBe('2026');
    expect(labelOf(changeType(day, 'week', now))).toBe('2026-08-10 ~ 2026-08-16');
  });
});

describe('switching the type (issue 15)', () => {
  const nov24 = d('2026-11-24T09:00:00'); // in Q4, which runs into January

  it('季 → 自定义 keeps the quarter up to today, never an end in the future', () => {
    const quarter = rangeOf('season', nov24, nov24);
    expect(toWire(quarter.end)).toBe('2027-01-01 00:00:00');
    const custom = changeType(quarter, 'custom', nov24);
    expect([toWire(custom.start), toWire(custom.end)]).toEqual(['2026-10-01 00:00:00', '2026-11-25 00:00:00']);
    expect(labelOf(custom)).toBe('2026-10-01 ~ 2026-11-24');
    // a past quarter keeps all of its days
    const q3 = changeType(shift(quarter, -1, nov24)!, 'custom', nov24);
    expect(labelOf(q3)).toBe('2026-07-01 ~ 2026-09-30');
  });

  it('季 → 日 lands on the day the user is on: today in the current quarter, the picked day otherwise', () => {
    const today = defaultRange(nov24);
    expect(labelOf(changeType(changeType(today, 'season', nov24), 'day', nov24))).toBe('2026-11-24');
    const picked = rangeOf('day', d('2026-08-14T00:00:00'), nov24);
    expect(labelOf(changeType(changeType(picked, 'season', nov24), 'day', nov24))).toBe('2026-08-14');
    // a quarter reached with 上一个 keeps the same place in its own quarter
    const prevQuarter = shift(rangeOf('season', nov24, nov24), -1, nov24)!;
    expect(labelOf(changeType(prevQuarter, 'day', nov24))).toBe('2026-08-24');
    // a range made elsewhere without an anchor: today when it holds today, else its first day
    const bare = { type: 'season' as const, start: d('2026-04-01T00:00:00'), end: d('2026-07-01T00:00:00') };
    expect(labelOf(changeType(bare, 'day', nov24))).toBe('2026-04-01');
  });

  it('the days are the project zone’s, not the process zone’s', () => {
    const lateEvening = new Date(Date.UTC(2026, 10, 23, 17, 0)); // 01:00 on the 24th in Shanghai, the 23rd in UTC and New York
    expect(labelOf(defaultRange(lateEvening, 'Asia/Shanghai'), 'Asia/Shanghai')).toBe('2026-11-24');
    expect(labelOf(defaultRange(lateEvening, 'America/New_York'), 'America/New_York')).toBe('2026-11-23');
    expect(toWire(defaultRange(lateEvening, 'Asia/Shanghai').start, 'UTC')).toBe('2026-11-23 16:00:00');
  });
});
