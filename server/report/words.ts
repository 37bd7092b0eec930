import { EVENT_TYPE_TEXT } from '../../domain/telemetry';

/** ms as 小时/分钟 text; a dash when there is nothing to measure. */
export function durationText(ms: number | null): string {
  if (ms === null) return '--';
  const min = Math.round(ms / 60_000);
  if (min < 60) return `${min} 分钟`;
  const h = Math.floor(min / 60);
  return min % 60 ? `${h} 小时 ${min % 60} 分钟` : `${h} 小时`;
}

export const typeText = (id: number) => EVENT_TYPE_TEXT[id] ?? String(id);
