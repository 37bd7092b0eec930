import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { SessionActor } from './sessionActor';

export const SessionContext = createContext<SessionActor | null>(null);

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('SessionContext missing');
  return actor;
}

export function useSession() {
  const actor = useSessionActor();
  const state = useSelector(actor, (s) => s.value);
  const user = useSelector(actor, (s) => s.context.user);
  const profile = useSelector(actor, (s) => s.context.profile);
  const projectId = useSelector(actor, (s) => s.context.projectId);
  const error = useSelector(actor, (s) => s.context.error);
  const hasToken = useSelector(actor, (s) => !!s.context.token);
  const authenticated = useSelector(actor, (s) => s.matches('authenticated'));
  const notice = useSelector(actor, (s) => s.context.notice);
  return { state, user, profile, projectId, error, hasToken, authenticated, notice, send: actor.send };
}
