import { describe, expect, it } from 'vitest';
import { zoneClock } from '../../src/app/time/zoneClock';

describe('the wall clock', () => {
  it('reads a moment in the project zone, whatever zone the process runs in', () => {
    const t = Date.UTC(2026, 10, 28, 17, 59, 58);
    expect(zoneClock(t, 'Asia/Shanghai')).toEqual({ date: '2026-11-29', time: '01:59:58' });
    expect(zoneClock(t, 'America/New_York')).toEqual({ date: '2026-11-28', time: '12:59:58' });
    // midnight is 00, not 24
    expect(zoneClock(Date.UTC(2026, 0, 1, 16, 0, 0), 'Asia/Shanghai')).toEqual({ date: '2026-01-02', time: '00:00:00' });
  });
});
