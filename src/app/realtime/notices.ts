import type { NoticeMessage } from '../../../domain/telemetry';
import type { Notice } from '../../../machines/notificationMachine';

/** A raised alarm (communication loss included: streams/alarmStreams.ts raisedAlarmStream) as the bell shows it. */
export function toNotice(m: NoticeMessage): Notice {
  const p = (m.payload ?? {}) as Record<string, unknown>;
  const level = typeof p.peceventlevel === 'number' ? p.peceventlevel : null;
  return { id: m.id, seq: m.seq, time: m.time, kind: m.kind, logTypeName: m.logTypeName, level, description: m.description };
}
