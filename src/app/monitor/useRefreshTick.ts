import { useEffect, useState } from 'react';
import { debounceTime, filter } from 'rxjs';
import { useOptionalRealtime } from '../realtime/RealtimeContext';

/** Spec §9: the realtime refresh period. */
const REFRESH_MS = 15_000;
/** Pushed messages that change a count; a burst of them reloads once. */
const COUNTING_KINDS = /^(alarm\.|device\.status_changed)/;
const PUSH_SETTLE_MS = 400;

/**
 * A number that moves when figures over the projects should be read again: every 15 s, on pushed
 * alarm and status messages (a burst counts once) and after a socket resync. The monitoring
 * dashboards and the 大屏 reload on it; `bump` moves it by hand (a retry).
 */
export function useRefreshTick(): { tick: number; bump: () => void } {
  const realtime = useOptionalRealtime();
  const [tick, setTick] = useState(0);
  const bump = () => setTick((n) => n + 1);

  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!realtime) return;
    const up = () => setTick((n) => n + 1);
    const pushed = realtime.messages
      .pipe(
        filter((m) => COUNTING_KINDS.test(m.kind)),
        debounceTime(PUSH_SETTLE_MS),
      )
      .subscribe(up);
    const resynced = realtime.resyncs.subscribe(up);
    return () => (pushed.unsubscribe(), resynced.unsubscribe());
  }, [realtime]);

  return { tick, bump };
}
