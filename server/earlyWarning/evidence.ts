import type { EarlyWarningEvidenceDto, EvidenceColumns } from '../../domain/earlyWarning';
import { DEFAULT_DEPARTURE_OPTIONS, normalBand } from './departure';
import { HOUR_MS } from './hourly';
import { assessTrend, DAY_HOURS } from './trend';

/** Hours drawn: the trend's window. */
const SHOWN_HOURS = 3 * DAY_HOURS;
/** The band drawn is the median ± this many robust σ. */
const BAND_SIGMAS = 3;
/** A projected crossing further than this is no crossing (the line stops at the window's end). */
const MAX_PROJECTION_H = 365 * DAY_HOURS;

const orNull = (x: number) => (Number.isFinite(x) ? x : null);

/**
 * The evidence of one series as the chart draws it: the last three days' hourly medians, the normal
 * band of each of those hours, and the fitted drift up to its projected crossing of the limit.
 * `hourly` is the job's window (WINDOW_HOURS, newest last) ending at `end`.
 */
export function evidenceOf(
  deviceId: number,
  dataId: number,
  limit: number | null,
  hourly: Float64Array,
  end: number,
  open: EarlyWarningEvidenceDto['open'] = [],
): EarlyWarningEvidenceDto {
  const cols: EvidenceColumns = { time: [], value: [], median: [], lower: [], upper: [] };
  for (let t = hourly.length - SHOWN_HOURS; t < hourly.length; t++) {
    cols.time.push(end - (hourly.length - t) * HOUR_MS);
    cols.value.push(orNull(hourly[t]!));
    const history: number[] = [];
    for (let day = 1; day <= DEFAULT_DEPARTURE_OPTIONS.days; day++) if (t - day * 24 >= 0) history.push(hourly[t - day * 24]!);
    const band = limit === null ? null : normalBand(history, limit);
    cols.median.push(band ? band.median : null);
    cols.lower.push(band ? band.median - BAND_SIGMAS * band.spread : null);
    cols.upper.push(band ? band.median + BAND_SIGMAS * band.spread : null);
  }
  const ev = limit === null ? null : assessTrend(hourly.subarray(hourly.length - SHOWN_HOURS), limit);
  let trend: EarlyWarningEvidenceDto['trend'] = null;
  if (ev && limit !== null) {
    const slopeH = ev.slopePerDay / DAY_HOURS;
    const newest = end - HOUR_MS;
    const crosses = ev.hoursToCross <= MAX_PROJECTION_H;
    const toTime = crosses ? newest + ev.hoursToCross * HOUR_MS : newest;
    trend = {
      slopePerDay: ev.slopePerDay,
      windowHours: ev.windowHours,
      confidence: ev.confidence,
      crossingAt: crosses ? Math.round(toTime) : null,
      line: {
        from: { time: newest - (SHOWN_HOURS - 1) * HOUR_MS, value: ev.peak - slopeH * (SHOWN_HOURS - 1) },
        to: { time: Math.round(toTime), value: crosses ? Math.max(limit, ev.peak) : ev.peak },
      },
    };
  }
  return { deviceId, dataId, limit, hourly: cols, trend, open };
}
