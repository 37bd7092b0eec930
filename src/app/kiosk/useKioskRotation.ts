import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { filter } from 'rxjs';
import { navigate } from 'wouter/use-hash-location';
import { kioskMachine } from '../../../machines/kioskMachine';
import { POPUP_LEVELS } from '../../../machines/notificationMachine';
import { useOptionalRealtime } from '../realtime/RealtimeContext';
import { toNotice } from '../realtime/notices';
import type { KioskConfig } from './kioskConfig';

const rotation = kioskMachine.provide({ actions: { show: (_, p) => navigate(p.path) } });

/** Rotates the kiosk's screens; an alarm or accident pauses it for the popup's 60 s. */
export function useKioskRotation(config: KioskConfig) {
  const actor = useActorRef(rotation, { input: { screens: config.screens, intervalMs: config.intervalMs, pauseMs: 60_000 } });
  const realtime = useOptionalRealtime();
  useEffect(() => {
    if (!realtime) return;
    const sub = realtime.channels
      .raisedAlarms()
      .pipe(filter((batch) => batch.some((m) => POPUP_LEVELS.includes(toNotice(m).level ?? -1))))
      .subscribe(() => actor.send({ type: 'ALARM' }));
    return () => sub.unsubscribe();
  }, [realtime, actor]);
  const paused = useSelector(actor, (s) => s.matches('paused'));
  return { paused, resume: () => actor.send({ type: 'RESUME' }) };
}
