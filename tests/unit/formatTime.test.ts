import { describe, expect, it } from 'vitest';
import { formatIn } from '../../domain/timeZone';
import { formatTime } from '../../server/text/time';

// Zones with daylight saving on either hemisphere, half- and quarter-hour offsets, a 30-minute DST
// shift (Lord Howe) and none at all; moments around their changes and spread over decades.
const ZONES = [
  'Asia/Shanghai',
  'UTC',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'America/St_Johns',
  'Australia/Adelaide',
];
const CHANGES = [
  Date.UTC(2026, 2, 8, 7),
  Date.UTC(2026, 10, 1, 6),
  Date.UTC(2026, 2, 29, 1),
  Date.UTC(2026, 9, 25, 1),
  Date.UTC(2026, 3, 4, 15),
  Date.UTC(2026, 9, 3, 15, 30),
  Date.UTC(2026, 3, 4, 14),
  Date.UTC(2026, 8, 26, 14),
];

describe('formatTime', () => {
  it('writes what date-fns writes in the zone, to the millisecond, around offset changes and over decades', () => {
    const moments: number[] = [];
    for (const c of CHANGES) for (let d = -3 * 3_600_000; d <= 3 * 3_600_000; d += 60_000 * 11 + 1) moments.push(c + d, c + d - 1, c);
    let seed = 7;
    for (let i = 0; i < 500; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      moments.push(Date.UTC(1971, 0, 1) + Math.floor((seed / 2 ** 31) * 80 * 365 * 86_400_000));
    }
    for (const zone of ZONES)
      for (const ms of moments) {
        expect(formatTime(ms, zone)).toBe(formatIn(ms, 'yyyy-MM-dd HH:mm:ss', zone));
        expect(formatTime(ms, zone, true)).toBe(formatIn(ms, 'yyyy-MM-dd HH:mm:ss.SSS', zone));
      }
  });

  it('answers a second asking of the same hour from what it remembered, the same as the first', () => {
    const ms = Date.UTC(2026, 11, 3, 5, 6, 7, 89);
    expect(formatTime(ms, 'Asia/Shanghai', true)).toBe('2026-12-03 13:06:07.089');
    expect(formatTime(ms + 1000, 'Asia/Shanghai', true)).toBe('2026-12-03 13:06:08.089');
  });

  it('fails on a moment that is no time, as date-fns does', () => {
    expect(() => formatTime(NaN, 'Asia/Shanghai')).toThrow(RangeError);
  });
});
