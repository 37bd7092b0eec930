import { describe, expect, it } from 'vitest';
import { SeriesWindows, WINDOW_HOURS } from '../../server/earlyWarning/seriesWindows';
import { HOUR_MS } from '../../server/earlyWarning/hourly';
import { emptyRollups, type Rollups } from '../../server/series/rollups';
import type { SeriesReader } from '../../server/series/seriesReader';

/** The early-warning job's hourly windows: read once, then moved on by what compaction commits. */
const MINUTE = 60_000;
const T0 = Date.UTC(2026, 5, 1);
const value = (t: number) => 100 + ((t / MINUTE) % 1440) / 10 + Math.floor(t / HOUR_MS) / 50;

/** Every minute of [from, to), as the 1-minute tier holds them. */
function minutes(from: number, to: number): Rollups {
  const n = (to - from) / MINUTE;
  const r = emptyRollups(n);
  for (let i = 0; i < n; i++) {
    const t = from + i * MINUTE;
    const v = value(t);
    r.time[i] = t;
    r.min[i] = r.max[i] = r.last[i] = r.sum[i] = v;
    r.count[i] = 1;
  }
  return r;
}

function reader() {
  const reads: [number, number][] = [];
  const series = {
    rollups: async (_d: number, _k: number, from: number, to: number) => {
      reads.push([from, to]);
      return minutes(from, to);
    },
  } as unknown as SeriesReader;
  return { series, reads };
}

describe('SeriesWindows', () => {
  const end = T0 + 20 * 24 * HOUR_MS;

  it('reads the whole window once, then follows committed hours without reading them back', async () => {
    const { series, reads } = reader();
    const windows = new SeriesWindows(series);
    const first = await windows.upTo(7, 1001, end);
    expect(reads).toEqual([[end - WINDOW_HOURS * HOUR_MS, end]]);
    windows.noteCompacted([{ deviceid: 7, dataid: 1001, start: end, minutes: minutes(end, end + HOUR_MS) }]);
    const next = await windows.upTo(7, 1001, end + HOUR_MS);
    expect(reads).toHaveLength(1);
    // the same values a fresh read of the moved window gives
    const fresh = await new SeriesWindows(reader().series).upTo(7, 1001, end + HOUR_MS);
    expect([...next]).toEqual([...fresh]);
    // and the window a run may still be judging is left as it was
    expect(first[WINDOW_HOURS - 1]).toBe(fresh[WINDOW_HOURS - 2]);
  });

  it('ignores a compacted hour that is not the next one (a gap, a re-compacted late hour, a series not watched)', async () => {
    const { series, reads } = reader();
    const windows = new SeriesWindows(series);
    await windows.upTo(7, 1001, end);
    windows.noteCompacted([
      { deviceid: 7, dataid: 1001, start: end + HOUR_MS, minutes: minutes(end + HOUR_MS, end + 2 * HOUR_MS) },
      { deviceid: 7, dataid: 1001, start: end - HOUR_MS, minutes: minutes(end - HOUR_MS, end) },
      { deviceid: 8, dataid: 1001, start: end, minutes: minutes(end, end + HOUR_MS) },
    ]);
    await windows.upTo(7, 1001, end + 2 * HOUR_MS);
    expect(reads).toEqual([
      [end - WINDOW_HOURS * HOUR_MS, end],
      [end, end + 2 * HOUR_MS],
    ]);
  });

  it('a reading before the newest kept hour ends is late: the device is judged again and read anew', async () => {
    const { series, reads } = reader();
    const windows = new SeriesWindows(series);
    await windows.upTo(7, 1001, end);
    windows.noteCompacted([{ deviceid: 7, dataid: 1001, start: end, minutes: minutes(end, end + HOUR_MS) }]);
    const reading = (time: number) => [{ deviceid: 7, readings: [{ time }] }] as never;
    windows.noteWritten(reading(end + HOUR_MS + MINUTE));
    expect(windows.takeLate()).toEqual(new Set());
    // in the hour compaction moved the window on by: after the first read's end, still late
    windows.noteWritten(reading(end + 30 * MINUTE));
    expect(windows.takeLate()).toEqual(new Set([7]));
    await windows.upTo(7, 1001, end + HOUR_MS);
    expect(reads).toEqual([
      [end - WINDOW_HOURS * HOUR_MS, end],
      [end + HOUR_MS - WINDOW_HOURS * HOUR_MS, end + HOUR_MS],
    ]);
  });
});
