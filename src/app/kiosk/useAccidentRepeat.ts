import { useEffect } from 'react';
import { EVENT_LEVEL } from '../../../domain/enums';
import type { Realtime } from '../realtime/RealtimeContext';
import { playAlarm } from '../realtime/alarmSound';

const ACCIDENT_REPEAT_MS = 30_000;

/**
 * On a wall, a 事故 nobody has dealt with keeps sounding: every 30 s while an accident message is still
 * in the bell — not read, viewed or confirmed (here or on any console) — and the sound is on and not muted.
 */
export function useAccidentRepeat(realtime: Realtime | null): void {
  useEffect(() => {
    if (!realtime) return;
    const timer = window.setInterval(() => {
      const { soundOn, muted, items } = realtime.notifications.getSnapshot().context;
      if (soundOn && !muted && items.some((n) => n.level === EVENT_LEVEL.ACCIDENT)) playAlarm('repeat');
    }, ACCIDENT_REPEAT_MS);
    return () => window.clearInterval(timer);
  }, [realtime]);
}
