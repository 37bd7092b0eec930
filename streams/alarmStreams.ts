import { Observable, filter } from 'rxjs';
import { coalescePerFrame } from './coalesce';
import { keyedState } from './keyedState';
import type { FrameOptions } from './frameFlush';

/** The part of a pushed message (spec §3 notification message) these streams read. */
export interface PushedMessage {
  seq: number;
  kind: string;
  time: number;
  description: { deviceId: number | null };
  payload?: unknown;
}

const ALARM_KINDS = new Set(['alarm.raised', 'alarm.ended', 'alarm.confirmed', 'alarm.remarked', 'alarm.escalated']);

/** The event a pushed alarm message is about (payload.eventId), if any. */
export function eventIdOf(payload: unknown): number | undefined {
  const id = (payload as { eventId?: unknown } | null)?.eventId;
  return typeof id === 'number' ? id : undefined;
}

/**
 * New and changed alarms, in arrival order, batched per frame. While the page is hidden the
 * messages about one event collapse into the latest (a list that shows the event re-reads it
 * anyway) and nothing is emitted until it shows again.
 */
export function alarmStream<M extends PushedMessage>(messages: Observable<M>, frames: FrameOptions = {}): Observable<M[]> {
  return messages.pipe(
    filter((m) => ALARM_KINDS.has(m.kind)),
    coalescePerFrame<M>({ ...frames, key: (m) => eventIdOf(m.payload) ?? `seq:${m.seq}` }),
  );
}

/** The bell holds this many messages (NOTICE_CAP of the notification machine): no batch needs more. */
export const BELL_LIMIT = 99;
/** A hidden console still rings: its raised alarms are handed over once a second. */
const BELL_HIDDEN_EVERY_MS = 1000;

/**
 * Raised alarms for the bell, the popup and the kiosk's pause, batched per frame. A hidden tab gets
 * no frames but must still sound the alarm, so there the batch goes every BELL_HIDDEN_EVERY_MS; a
 * batch holds at most the newest BELL_LIMIT, all the bell can show.
 */
export function raisedAlarmStream<M extends PushedMessage>(messages: Observable<M>, frames: FrameOptions = {}): Observable<M[]> {
  return messages.pipe(
    filter((m) => m.kind === 'alarm.raised'),
    coalescePerFrame<M>({ hiddenEveryMs: BELL_HIDDEN_EVERY_MS, ...frames, limit: BELL_LIMIT }),
  );
}

export interface DeviceStatus {
  deviceId: number;
  status: number | null;
  activeAlarms: number;
  seq: number;
  time: number;
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/**
 * Each device's communication status and count of active alarms, from status-change and alarm
 * messages, emitted at most once a frame.
 */
export function deviceStatusStream<M extends PushedMessage>(
  messages: Observable<M>,
  frames: FrameOptions = {},
): Observable<ReadonlyMap<number, DeviceStatus>> {
  return keyedState<M, number, DeviceStatus>(
    messages.pipe(filter((m) => m.kind === 'device.status_changed' || m.kind === 'alarm.raised' || m.kind === 'alarm.ended')),
    {
      ...frames,
      key: (m) => m.description.deviceId,
      reduce: (prev, m) => {
        const payload = (m.payload ?? {}) as Record<string, unknown>;
        const base: DeviceStatus = prev ?? { deviceId: m.description.deviceId!, status: null, activeAlarms: 0, seq: 0, time: 0 };
        // A replayed message changes nothing: the same entry comes back and nothing is emitted.
        if (m.seq <= base.seq) return prev;
        const next = { ...base, seq: m.seq, time: m.time };
        if (m.kind === 'device.status_changed') next.status = num(payload.to) ?? base.status;
        else if (m.kind === 'alarm.raised') next.activeAlarms = base.activeAlarms + 1;
        else next.activeAlarms = Math.max(0, base.activeAlarms - 1);
        return next;
      },
    },
  );
}
