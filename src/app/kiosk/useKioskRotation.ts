import { useEffect, useMemo } from 'react';
import { guardRoute } from '../../../domain/access';
import { useSession } from '../session/SessionContext';
import { useActorRef, useSelector } from '@xstate/react';
import { filter } from 'rxjs';
import { navigate } from 'wouter/use-hash-location';
import { kioskMachine } from '../../../machines/kioskMachine';
import { POPUP_LEVELS } from '../../../machines/notificationMachine';
import { useOptionalRealtime } from '../realtime/RealtimeContext';
import { toNotice } from '../realtime/notices';
import { isFlooding } from '../../../domain/floodGroups';
import type { KioskConfig } from './kioskConfig';

// replace, not push: a wall turning every few minutes for weeks has no use for a history of its turns
const rotation = kioskMachine.provide({ actions: { show: (_, p) => navigate(p.path, { replace: true }) } });

/** Rotates the kiosk's screens; an alarm or accident pauses it for the popup's 60 s (not again within a flood). */
export function useKioskRotation(config: KioskConfig) {
  const { profile } = useSession();
  // A default rotation (the 大屏 and the wall) skips a screen the wall's user may not open, rather than
  // turning to 无权限 every other interval; a list that leaves nothing keeps what was asked for.
  const screens = useMemo(() => {
    const allowed = config.screens.filter((path) => guardRoute({ path, hasToken: true, profile: profile ?? undefined }).kind === 'allow');
    return allowed.length ? allowed : config.screens;
  }, [config.screens, profile]);
  const actor = useActorRef(rotation, { input: { screens, intervalMs: config.intervalMs, pauseMs: 60_000 } });
  const realtime = useOptionalRealtime();
  useEffect(() => {
    if (!realtime) return;
    const sub = realtime.channels
      .raisedAlarms()
      .pipe(
        // An alarm continuing a flood (of its device and type, or of its type) does not stop the rotation again: it still
        // sounds and counts on the wall, and the grouped popup shows it.
        filter((batch) =>
          batch.some(
            (m) =>
              POPUP_LEVELS.includes(toNotice(m).level ?? -1) &&
              !isFlooding(
                realtime.notifications.getSnapshot().context.items,
                toNotice(m),
                realtime.notifications.getSnapshot().context.floodPolicy,
              ),
          ),
        ),
      )
      .subscribe(() => actor.send({ type: 'ALARM' }));
    return () => sub.unsubscribe();
  }, [realtime, actor]);
  const paused = useSelector(actor, (s) => s.matches('paused'));
  return { paused, resume: () => actor.send({ type: 'RESUME' }), screens: screens.length };
}
