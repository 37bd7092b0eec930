import { describe, expect, it } from 'vitest';
import uPlot from 'uplot';
import { zoneClock, zoneWallDate } from '../../src/app/time/zoneClock';

describe('the wall clock', () => {
  it('reads a moment in the project zone, whatever zone the process runs in', () => {
    const t = Date.UTC(2026, 10, 28, 17, 59, 58);
    expect(zoneClock(t, 'Asia/Shanghai')).toEqual({ date: '2026-11-29', time: '01:59:58' });
    expect(zoneClock(t, 'America/New_York')).toEqual({ date: '2026-11-28', time: '12:59:58' });
    // midnight is 00, not 24
    expect(zoneClock(Date.UTC(2026, 0, 1, 16, 0, 0), 'Asia/Shanghai')).toEqual({ date: '2026-01-02', time: '00:00:00' });
  });
});

describe("a chart's zoned dates", () => {
  /** every 151 minutes over a year, DST changes and half-hour zones among them */
  const moments = Array.from({ length: (366 * 24 * 60) / 151 }, (_, i) => Date.UTC(2026, 0, 1) + i * 151 * 60_000 + (i % 1000));
  const ZONES = ['Asia/Shanghai', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'];
  const pad = (n: number) => String(n).padStart(2, '0');
  const fields = (d: Date) => ({
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
  });

  it.each(['UTC', 'America/New_York'])('read the zone’s wall clock in their own fields, with the browser in %s', (browserZone) => {
    const was = process.env.TZ;
    process.env.TZ = browserZone;
    try {
      // the very Dates uPlot.tzDate makes (through toLocaleString and a parse)
      for (const zone of ZONES) {
        const ours = moments.map((t) => zoneWallDate(t, zone).getTime());
        expect(ours, zone).toEqual(moments.map((t) => uPlot.tzDate(new Date(t), zone).getTime()));
      }
      // and for UTC too, where uPlot's shortcut (the instant moved by the browser's offset) is an hour off
      // around the browser's own DST changes; not a wall time the browser's zone skips (2026-03-08 02:xx in New York)
      for (const zone of [...ZONES, 'UTC'])
        for (const t of moments) {
          const wall = zoneClock(t, zone);
          if (browserZone === 'America/New_York' && wall.date === '2026-03-08' && wall.time.startsWith('02:')) continue;
          expect(fields(zoneWallDate(t, zone)), `${zone} ${t}`).toEqual(wall);
        }
      expect(zoneWallDate(Date.UTC(2026, 10, 28, 17, 59, 58, 123), 'Asia/Shanghai').getMilliseconds()).toBe(123);
    } finally {
      process.env.TZ = was;
    }
  });
});
