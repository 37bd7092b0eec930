import type { SeriesReader } from '../series/seriesReader';
import type { HistoryGroup } from '../series/historyTypes';
import { HOUR_MS, hourlyMedians } from './hourly';

/** Hours each series keeps: 15 days, the departure's 14 days of normal and the day it is judged on. */
const WINDOW_HOURS = 15 * 24;

interface Window {
  /** the end of its newest hour */
  end: number;
  values: Float64Array;
}

/**
 * The hourly medians of every watched series over its last WINDOW_HOURS, kept between runs: a run
 * reads only the minutes of the hours that closed since the last (a restart reads the whole window
 * once). Read from the 1-minute rollup tier, never from raw readings.
 */
export class SeriesWindows {
  private readonly windows = new Map<string, Window>();
  /** per device, the earliest end of its kept windows: a reading before it changes a kept hour */
  private readonly endOf = new Map<number, number>();
  /** devices whose kept hours changed since takeLate() was last asked */
  private readonly late = new Set<number>();

  constructor(private readonly series: SeriesReader) {}

  /** The WINDOW_HOURS hourly values ending at `end` (an hour boundary), newest last; NaN where an hour lacks data. */
  async upTo(deviceId: number, dataId: number, end: number): Promise<Float64Array> {
    const key = `${deviceId}:${dataId}`;
    const w = this.windows.get(key);
    const start = end - WINDOW_HOURS * HOUR_MS;
    if (w && w.end === end) return w.values;
    const values = new Float64Array(WINDOW_HOURS).fill(NaN);
    let from = start;
    if (w && w.end > start && w.end < end) {
      // keep the hours still inside the window, read the new ones
      const keep = (w.end - start) / HOUR_MS;
      values.set(w.values.subarray(WINDOW_HOURS - keep), 0);
      from = w.end;
    }
    const hours = (end - from) / HOUR_MS;
    const minutes = await this.series.rollups(deviceId, dataId, from, end, '1m');
    values.set(hourlyMedians(minutes, from, hours), WINDOW_HOURS - hours);
    this.windows.set(key, { end, values });
    this.endOf.set(deviceId, Math.min(this.endOf.get(deviceId) ?? end, end));
    return values;
  }

  /**
   * Committed readings (the ingest writer's hook): a late one — a gateway uploading what it buffered
   * while offline — lands in hours already kept, so that device's windows are read again next time,
   * and the job judges the device again without waiting for the next hour (takeLate).
   * One comparison per reading on the ingest path.
   */
  noteWritten(groups: readonly HistoryGroup[]): void {
    for (const g of groups) {
      const end = this.endOf.get(g.deviceid);
      if (end === undefined) continue;
      for (const r of g.readings)
        if (r.time < end) {
          this.forget(g.deviceid);
          this.late.add(g.deviceid);
          break;
        }
    }
  }

  /** The devices whose kept hours late readings changed since the last call. */
  takeLate(): Set<number> {
    const taken = new Set(this.late);
    this.late.clear();
    return taken;
  }

  private forget(deviceId: number): void {
    this.endOf.delete(deviceId);
    for (const key of this.windows.keys()) if (key.startsWith(`${deviceId}:`)) this.windows.delete(key);
  }
}
