import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { navigate } from 'wouter/use-hash-location';
import { routeGuardMachine } from '../../../machines/routeGuardMachine';
import type { AccessProfile } from '../../../domain/access';
import { normalizePath } from '../../../domain/routes';

const appRouteGuard = routeGuardMachine.provide({
  actions: {
    redirect: (_, { to }) => navigate(to, { replace: true }),
    reload: (_, { to }) => {
      // Guard 3: leaving or entering /admin drops the page's cached state with a full reload.
      sessionStorage.removeItem('vg.pageCache');
      window.location.hash = `#${to}`;
      window.location.reload();
    },
  },
});

/**
 * Feeds route and session changes to the guard machine; the screen renders only once it allows.
 * While the session is still settling (checking a token from the URL, say) nothing is decided, so a
 * kiosk URL is not bounced to /login before its token has been checked.
 */
export function useRouteGuard(
  location: string,
  hasToken: boolean,
  profile: AccessProfile | null,
  settled: boolean,
): 'allowed' | 'notFound' | 'pending' {
  const actor = useActorRef(appRouteGuard, { input: { hasToken, profile: profile ?? undefined } });
  useEffect(() => {
    if (settled) actor.send({ type: 'SESSION.CHANGED', hasToken, profile: profile ?? undefined });
  }, [actor, hasToken, profile, settled]);
  useEffect(() => {
    if (settled) actor.send({ type: 'ROUTE.CHANGED', path: location });
  }, [actor, location, settled]);
  const decided = useSelector(actor, (s) =>
    s.matches('allowed') ? `allowed ${s.context.path}` : s.matches('notFound') ? `notFound ${s.context.path}` : 'pending',
  );
  const path = normalizePath(location);
  if (decided === `allowed ${path}`) return 'allowed';
  if (decided === `notFound ${path}`) return 'notFound';
  return 'pending';
}
