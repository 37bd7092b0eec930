import { Observable, animationFrameScheduler, filter, share, type SchedulerLike } from 'rxjs';
import { coalescePerFrame } from './coalesce';
import { keyedState } from './keyedState';

/** The part of a pushed message (spec §3 notification message) these streams read. */
export interface PushedMessage {
  seq: number;
  kind: string;
  time: number;
  description: { deviceId: number | null };
  payload?: unknown;
}

export const ALARM_KINDS = new Set(['alarm.raised', 'alarm.ended', 'alarm.confirmed', 'alarm.remarked']);

/** New and changed alarms, in arrival order, batched per frame. */
export function alarmStream<M extends PushedMessage>(
  messages: Observable<M>,
  scheduler: SchedulerLike = animationFrameScheduler,
): Observable<M[]> {
  return messages.pipe(
    filter((m) => ALARM_KINDS.has(m.kind)),
    coalescePerFrame<M>(scheduler),
    share({ resetOnRefCountZero: true }),
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
 * messages, emitted at most once a frame. `initial` seeds the map from a REST snapshot.
 */
export function deviceStatusStream<M extends PushedMessage>(
  messages: Observable<M>,
  scheduler: SchedulerLike = animationFrameScheduler,
): Observable<ReadonlyMap<number, DeviceStatus>> {
  return keyedState<M, number, DeviceStatus>(
    messages.pipe(filter((m) => m.kind === 'device.status_changed' || m.kind === 'alarm.raised' || m.kind === 'alarm.ended')),
    {
      scheduler,
      key: (m) => m.description.deviceId,
      reduce: (prev, m) => {
        const payload = (m.payload ?? {}) as Record<string, unknown>;
        const base: DeviceStatus = prev ?? { deviceId: m.description.deviceId!, status: null, activeAlarms: 0, seq: 0, time: 0 };
        if (m.seq <= base.seq) return base;
        const next = { ...base, seq: m.seq, time: m.time };
        if (m.kind === 'device.status_changed') next.status = num(payload.to) ?? base.status;
        else if (m.kind === 'alarm.raised') next.activeAlarms = base.activeAlarms + 1;
        else next.activeAlarms = Math.max(0, base.activeAlarms - 1);
        return next;
      },
    },
  );
}
