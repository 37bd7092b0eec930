import type { NoticeMessage } from '../../../domain/telemetry';
import { BIG_SCREEN_RECENT, type BigScreenAlarm } from '../../../domain/schemas/bigScreen';

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** A pushed alarm.raised as the ticker shows it (the fields monitor/bigScreen's `recent` carries); null without an event id. */
export function alarmOfPush(m: NoticeMessage): BigScreenAlarm | null {
  const p = (m.payload ?? {}) as Record<string, unknown>;
  const eventId = num(p.eventId);
  if (m.kind !== 'alarm.raised' || eventId === null) return null;
  return {
    eventId,
    time: m.time,
    level: num(p.peceventlevel) ?? 2,
    customtype: num(p.customtype) ?? 0,
    dataId: num(p.dataId),
    value: num(p.value),
    limit: num(p.limit),
    projectName: m.description.projectName ?? '',
    deviceName: m.description.deviceName ?? '',
    deviceCode: m.description.deviceCode ?? '',
  };
}

/** Pushed alarms and the last read's newest, one entry per event, newest first, at most BIG_SCREEN_RECENT. */
export function tickerItems(pushed: readonly BigScreenAlarm[], recent: readonly BigScreenAlarm[]): BigScreenAlarm[] {
  const seen = new Set<number>();
  return [...pushed, ...recent]
    .filter((a) => !seen.has(a.eventId) && (seen.add(a.eventId), true))
    .sort((a, b) => b.time - a.time || b.eventId - a.eventId)
    .slice(0, BIG_SCREEN_RECENT);
}
