import { t, type MessageKey } from '../../app/i18n/i18n';

/** A duration in minutes or hours and minutes; a dash when nothing was confirmed. */
export function durationText(ms: number | null): string {
  if (ms === null) return '--';
  const total = Math.round(ms / 60_000);
  if (total < 60) return t('analysisReport.minutes', { count: total });
  return t('analysisReport.hours', { h: Math.floor(total / 60), m: total % 60 });
}

export const typeText = (id: number) => t(`monitor.type.${id}` as MessageKey);
export { levelLabel as levelText } from '../../app/monitor/palette';
export { EVENT_LEVEL_COLOR as LEVEL_COLOR } from '../../app/monitor/palette';

/** A share as a percentage with one decimal; a dash when there is nothing to divide. */
export const shareText = (share: number | null) => (share === null ? '--' : `${Math.round(share * 1000) / 10}%`);
