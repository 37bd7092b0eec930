import { assign, setup } from 'xstate';
import { guardRoute } from '../domain/access';
import type { AccessProfile } from '../domain/access';
import { WHITELIST, normalizePath } from '../domain/routes';

/**
 * Route guards of spec §2: without a token only /login; a route needs its page permission, else
 * /noPermission; crossing between /admin and other paths forces a full reload. /login and
 * /noPermission are always open; a path no route answers is "not found" (the app shows a page with
 * a way home). Nothing is decided before the first route is known: a session that settles first
 * must not be judged against a placeholder path (that bounced /noPermission to /login and made an
 * unknown /admin path reload forever). The app supplies `redirect` and `reload`.
 */
export interface RouteGuardContext {
  path: string;
  previous: string | undefined;
  hasToken: boolean;
  profile: AccessProfile | undefined;
}

export type RouteGuardEvent =
  { type: 'ROUTE.CHANGED'; path: string } | { type: 'SESSION.CHANGED'; hasToken: boolean; profile: AccessProfile | undefined };

const decide = (c: RouteGuardContext) => guardRoute({ path: c.path, fromPath: c.previous, hasToken: c.hasToken, profile: c.profile });

export const routeGuardMachine = setup({
  types: {
    context: {} as RouteGuardContext,
    events: {} as RouteGuardEvent,
    input: {} as { hasToken: boolean; profile?: AccessProfile | undefined },
  },
  actions: {
    redirect: (_, _params: { to: string }) => {},
    reload: (_, _params: { to: string }) => {},
  },
  guards: {
    isWhitelisted: ({ context }) => (WHITELIST as readonly string[]).includes(normalizePath(context.path)),
    hasNoToken: ({ context }) => !context.hasToken,
    isCrossingAdmin: ({ context }) => decide(context).kind === 'reload',
    isUnknown: ({ context }) => decide(context).kind === 'notFound',
    isForbidden: ({ context }) => {
      const d = decide(context);
      return d.kind === 'redirect' && d.to === '/noPermission';
    },
  },
}).createMachine({
  id: 'routeGuard',
  context: ({ input }) => ({ path: '/', previous: undefined, hasToken: input.hasToken, profile: input.profile }),
  initial: 'idle',
  on: {
    'ROUTE.CHANGED': {
      target: '.deciding',
      actions: assign(({ context, event }) => ({ previous: context.path, path: normalizePath(event.path) })),
    },
    'SESSION.CHANGED': {
      target: '.deciding',
      actions: assign(({ event }) => ({ hasToken: event.hasToken, profile: event.profile })),
    },
  },
  states: {
    idle: {
      // The first route seen has no predecessor, so it cannot be an /admin crossing.
      on: {
        'ROUTE.CHANGED': { target: 'deciding', actions: assign(({ event }) => ({ previous: undefined, path: normalizePath(event.path) })) },
        'SESSION.CHANGED': { actions: assign(({ event }) => ({ hasToken: event.hasToken, profile: event.profile })) },
      },
    },
    deciding: {
      always: [
        { guard: 'isWhitelisted', target: 'allowed' },
        { guard: 'hasNoToken', target: 'toLogin' },
        { guard: 'isCrossingAdmin', target: 'reloading' },
        { guard: 'isUnknown', target: 'notFound' },
        { guard: 'isForbidden', target: 'denied' },
        { target: 'allowed' },
      ],
    },
    allowed: {},
    notFound: {},
    toLogin: {
      entry: { type: 'redirect', params: () => ({ to: '/login' }) },
    },
    denied: {
      entry: { type: 'redirect', params: () => ({ to: '/noPermission' }) },
    },
    reloading: {
      entry: { type: 'reload', params: ({ context }) => ({ to: context.path }) },
    },
  },
});
