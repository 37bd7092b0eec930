import { describe, expect, it } from 'vitest';
import { formatIn } from '../../domain/timeZone';

const t = Date.UTC(2026, 10, 28, 19, 5, 7); // 2026-11-28 19:05:07 UTC

describe('formatIn (kept by zone, pattern and time)', () => {
  it('answers each zone and pattern for itself, however often asked', () => {
    for (let round = 0; round < 3; round++) {
      expect(formatIn(t, 'yyyy-MM-dd HH:mm:ss', 'Asia/Shanghai')).toBe('2026-11-29 03:05:07');
      expect(formatIn(t, 'yyyy-MM-dd HH:mm:ss', 'America/New_York')).toBe('2026-11-28 14:05:07');
      expect(formatIn(t, 'HH:mm', 'Asia/Shanghai')).toBe('03:05');
      expect(formatIn(new Date(t), 'HH:mm', 'UTC')).toBe('19:05');
    }
  });

  it('stays right past its size, when it starts over', () => {
    for (let i = 0; i < 5000; i++) {
      const ms = t + i * 1000;
      expect(formatIn(ms, 'HH:mm:ss', 'UTC')).toBe(new Date(ms).toISOString().slice(11, 19));
    }
    expect(formatIn(t, 'yyyy-MM-dd HH:mm:ss', 'Asia/Shanghai')).toBe('2026-11-29 03:05:07');
  });

  it('still refuses an invalid time', () => {
    expect(() => formatIn(Number.NaN, 'HH:mm', 'UTC')).toThrow(RangeError);
  });
});
