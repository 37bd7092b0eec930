import { z } from 'zod';

/** GET /wisdompower/v1/earlyWarning/evidence: what the detectors see of one series now (issue 31). */
export const earlyWarningEvidenceQuery = z.object({
  deviceId: z.coerce.number().int().positive(),
  dataId: z.coerce.number().int().positive(),
});

/** Hourly columns of the last three days: time (ms, the hour's start), NaN-free (null where the hour lacks data). */
export interface EvidenceColumns {
  time: number[];
  value: (number | null)[];
  /** the normal band of each hour: median and median ± 3 robust σ over the 14 days before (null: too little history) */
  median: (number | null)[];
  lower: (number | null)[];
  upper: (number | null)[];
}

export interface EarlyWarningEvidenceDto {
  deviceId: number;
  dataId: number;
  /** the alarm limit in force (null: the measure has none, or its thresholds are off) */
  limit: number | null;
  hourly: EvidenceColumns;
  /** the series' open early warnings (趋势预警 7, 异常偏离 8), oldest first: the history chart draws the evidence of a warned series */
  open: { eventId: number; type: number; since: number }[];
  /** the fitted drift, when there is one: the daily peak's line from the window's start to its projected crossing */
  trend: {
    slopePerDay: number;
    windowHours: number;
    confidence: number;
    /** when the projected daily peak reaches the limit (ms); null when it never does within a year */
    crossingAt: number | null;
    line: { from: { time: number; value: number }; to: { time: number; value: number } };
  } | null;
}
