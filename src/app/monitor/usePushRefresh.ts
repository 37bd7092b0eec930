import { useEffect, useEffectEvent } from 'react';
import { debounceTime, filter } from 'rxjs';
import { useOptionalRealtime } from '../realtime/RealtimeContext';

/** Spec §9: the realtime refresh period (the queries' refetchInterval). */
export const REFRESH_MS = 15_000;
/** Pushed messages that change a count; a burst of them reloads once. */
const COUNTING_KINDS = /^(alarm\.|device\.status_changed)/;
const PUSH_SETTLE_MS = 400;

/**
 * Figures over the projects are read again on pushed alarm and status messages (a burst counts
 * once) and after a socket resync, besides every REFRESH_MS: the monitoring dashboards and the 大屏
 * call `refresh` (their query's refetch) here.
 */
export function usePushRefresh(refresh: () => unknown): void {
  const realtime = useOptionalRealtime();
  const onPush = useEffectEvent(() => void refresh());
  useEffect(() => {
    if (!realtime) return;
    const pushed = realtime.messages
      .pipe(
        filter((m) => COUNTING_KINDS.test(m.kind)),
        debounceTime(PUSH_SETTLE_MS),
      )
      .subscribe(() => onPush());
    const resynced = realtime.resyncs.subscribe(() => onPush());
    return () => (pushed.unsubscribe(), resynced.unsubscribe());
  }, [realtime]);
}
