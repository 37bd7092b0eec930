import { useEffect, useMemo } from 'react';
import { guardRoute } from '../../../domain/access';
import { useSession } from '../session/SessionContext';
import { useActorRef, useSelector } from '@xstate/react';
import { filter, map } from 'rxjs';
import { EVENT_LEVEL } from '../../../domain/enums';
import { currentSettings } from '../settings/settingsStore';
import { navigate } from 'wouter/use-hash-location';
import { kioskMachine } from '../../../machines/kioskMachine';
import { POPUP_LEVELS } from '../../../machines/notificationMachine';
import { useOptionalRealtime } from '../realtime/RealtimeContext';
import { toNotice } from '../realtime/notices';
import { isFlooding } from '../../../domain/floodGroups';
import type { KioskConfig } from './kioskConfig';

// replace, not push: a wall turning every few minutes for weeks has no use for a history of its turns
const rotation = kioskMachine.provide({ actions: { show: (_, p) => navigate(p.path, { replace: true }) } });

const isAccident = (n: { level: number | null }) => n.level === EVENT_LEVEL.ACCIDENT;

/**
 * Rotates the kiosk's screens. A new alarm (not one continuing a flood) holds the wall: a 事故 until it is
 * confirmed (no 事故 left in the bell), a 报警 or 预警 for the 系统配置 alarm display time at most
 * (machines/kioskMachine.ts).
 */
export function useKioskRotation(config: KioskConfig) {
  const { profile } = useSession();
  // A default rotation (the 大屏 and the wall) skips a screen the wall's user may not open, rather than
  // turning to 无权限 every other interval; a list that leaves nothing keeps what was asked for.
  const screens = useMemo(() => {
    const allowed = config.screens.filter((path) => guardRoute({ path, hasToken: true, profile: profile ?? undefined }).kind === 'allow');
    return allowed.length ? allowed : config.screens;
  }, [config.screens, profile]);
  const actor = useActorRef(rotation, {
    input: { screens, intervalMs: config.intervalMs, holdMs: currentSettings().alarmAutoDisplaySeconds * 1000 },
  });
  const realtime = useOptionalRealtime();
  useEffect(() => {
    if (!realtime) return;
    const raised = realtime.channels
      .raisedAlarms()
      .pipe(
        map((batch) => {
          const { items, floodPolicy } = realtime.notifications.getSnapshot().context;
          // An alarm continuing a flood (of its device and type, or of its type) does not hold the wall again: it
          // still sounds and counts on the wall, and the grouped strip shows it.
          return batch.map(toNotice).filter((n) => POPUP_LEVELS.includes(n.level ?? -1) && !isFlooding(items, n, floodPolicy));
        }),
        filter((fresh) => fresh.length > 0),
      )
      .subscribe((fresh) => actor.send({ type: 'ALARM', accident: fresh.some(isAccident) }));
    const confirmed = realtime.notifications.subscribe((s) => {
      if (!s.context.items.some(isAccident)) actor.send({ type: 'ACCIDENTS_CONFIRMED' });
    });
    return () => {
      raised.unsubscribe();
      confirmed.unsubscribe();
    };
  }, [realtime, actor]);
  const paused = useSelector(actor, (s) => s.matches('holding') || s.matches('accident'));
  // open, settling (after a hold, until the next turn), holding or accident: on the frame for whoever
  // watches the wall from outside, since a 报警 while settling rightly does not hold it
  const phase = useSelector(actor, (s) =>
    s.matches({ rotating: 'settling' }) ? 'settling' : s.matches('rotating') ? 'open' : String(s.value),
  );
  return { paused, phase, resume: () => actor.send({ type: 'RESUME' }), screens: screens.length };
}
