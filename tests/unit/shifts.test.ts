import { describe, expect, it } from 'vitest';
import { parseShiftsText, shiftToHandOver, shiftsText } from '../../domain/shifts';
import { wallTime } from '../../domain/timeZone';

/** The shift a handover covers (交接班, issue 29), in the project zone whatever the process's zone. */
const ZONE = 'Asia/Shanghai';
const SHIFTS = [
  { name: '白班', start: '08:00', end: '20:00' },
  { name: '夜班', start: '20:00', end: '08:00' },
];
const at = (d: number, h: number, m = 0) => wallTime(ZONE, 2026, 0, d, h, m);

describe('shiftToHandOver', () => {
  it('is the shift whose end is nearest among those begun: a little before or after the change', () => {
    // 07:55 and 08:10 on the 31st: the night shift from 20:00 on the 30th
    expect(shiftToHandOver(SHIFTS, at(31, 7, 55), ZONE)).toEqual({ name: '夜班', start: at(30, 20), end: at(31, 8) });
    expect(shiftToHandOver(SHIFTS, at(31, 8, 10), ZONE)).toEqual({ name: '夜班', start: at(30, 20), end: at(31, 8) });
    // 19:30: the day shift ending at 20:00
    expect(shiftToHandOver(SHIFTS, at(31, 19, 30), ZONE)).toEqual({ name: '白班', start: at(31, 8), end: at(31, 20) });
    // past midnight into the next month: the night shift from 20:00 on the 31st to 08:00 on 1 February
    expect(shiftToHandOver(SHIFTS, at(32, 7, 0), ZONE)).toEqual({ name: '夜班', start: at(31, 20), end: wallTime(ZONE, 2026, 1, 1, 8) });
  });

  it('takes three shifts as well', () => {
    const three = [
      { name: 'A', start: '00:00', end: '08:00' },
      { name: 'B', start: '08:00', end: '16:00' },
      { name: 'C', start: '16:00', end: '00:00' },
    ];
    expect(shiftToHandOver(three, at(10, 15, 50), ZONE)).toEqual({ name: 'B', start: at(10, 8), end: at(10, 16) });
    expect(shiftToHandOver(three, at(11, 0, 5), ZONE)).toEqual({ name: 'C', start: at(10, 16), end: at(11, 0) });
  });
});

describe('the settings form text', () => {
  it('writes and reads 白班 08:00-20:00、夜班 20:00-08:00; a part of another shape is kept for validation', () => {
    expect(shiftsText(SHIFTS)).toBe('白班 08:00-20:00、夜班 20:00-08:00');
    expect(parseShiftsText('白班 8:00-20:00，夜班 20:00 - 08:00')).toEqual(SHIFTS);
    expect(parseShiftsText('白班')).toEqual([{ name: '白班', start: '', end: '' }]);
  });
});
