/** The early-warning evidence in words (no chart code: the analysis report uses it without uPlot). */

import type { EarlyWarningEvidenceDto } from '../../../domain/earlyWarning';
import { t } from '../i18n/i18n';
import { formatTime } from '../time/projectTime';

/** A rise or value with three significant figures at most (12.3, 1.23, 123). */
export const evidenceNumber = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2));

/** The evidence in one sentence: the rise per day, the projected crossing and the confidence, or that there is no rise. */
export function evidenceSummary(e: EarlyWarningEvidenceDto, unit: string): string {
  const trend = e.trend;
  return trend
    ? t('evidence.trendSummary', {
        slope: evidenceNumber(trend.slopePerDay),
        unit,
        crossing: trend.crossingAt === null ? '--' : formatTime(trend.crossingAt, 'yyyy-MM-dd HH:mm'),
        limit: e.limit ?? '--',
        confidence: Math.round(trend.confidence * 100),
      })
    : t('evidence.noTrend');
}
