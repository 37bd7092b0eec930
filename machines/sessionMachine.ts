import { assign, fromPromise, setup } from 'xstate';
import type { UserDto } from '../domain/schemas/auth';
import { accessProfileOf, type AccessProfile } from '../domain/access';

/**
 * The session (spec §4 Startup): preferences, the token from the URL or session storage, checktoken,
 * the user, landing; logout clears the token and reloads; an unauthorized event reloads after 1.5 s.
 * Actors and side effects are supplied by the app through machine.provide(...).
 */
export interface SessionContext {
  token: string | null;
  user: UserDto | null;
  profile: AccessProfile | null;
  /** the tenant's first project for project users (spec §6) */
  projectId: number | null;
  error: string | null;
}

export interface SessionInput {
  token: string | null;
}

export interface LoadedUser {
  user: UserDto;
  projectId: number | null;
}

export type SessionEvent =
  { type: 'LOGIN'; userName: string; password: string } | { type: 'LOGOUT' } | { type: 'UNAUTHORIZED' } | { type: 'USER.REFRESH' };

export const UNAUTHORIZED_RELOAD_MS = 1500;

// Defaults that fail loudly: the app and the tests supply the real actors with machine.provide(...).
function notProvided<T, I>(name: string) {
  return fromPromise<T, I>(async () => {
    throw new Error(`${name} actor not provided`);
  });
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    input: {} as SessionInput,
    events: {} as SessionEvent,
  },
  actors: {
    checkToken: notProvided<number, { token: string }>('checkToken'),
    loadUser: notProvided<LoadedUser, { token: string }>('loadUser'),
    login: notProvided<{ token: string; user: UserDto }, { userName: string; password: string }>('login'),
    logout: notProvided<void, { token: string | null }>('logout'),
  },
  actions: {
    applyPreferences: () => {},
    storeToken: (_, _params: { token: string; userId: number }) => {},
    clearToken: () => {},
    reload: () => {},
    land: (_, _params: { profile: AccessProfile }) => {},
  },
  guards: {
    hasToken: ({ context }) => !!context.token,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ token: input.token, user: null, profile: null, projectId: null, error: null }),
  initial: 'booting',
  states: {
    booting: {
      entry: 'applyPreferences',
      always: [{ guard: 'hasToken', target: 'checking' }, { target: 'anonymous' }],
    },
    checking: {
      invoke: {
        src: 'checkToken',
        input: ({ context }) => ({ token: context.token! }),
        onDone: 'loadingUser',
        onError: { target: 'anonymous', actions: ['clearToken', assign({ token: null })] },
      },
    },
    loadingUser: {
      invoke: {
        src: 'loadUser',
        input: ({ context }) => ({ token: context.token! }),
        onDone: {
          target: 'authenticated',
          actions: [
            assign(({ event }) => ({
              user: event.output.user,
              profile: accessProfileOf(event.output.user),
              projectId: event.output.projectId,
            })),
            { type: 'storeToken', params: ({ context, event }) => ({ token: context.token!, userId: event.output.user.id }) },
            { type: 'land', params: ({ context }) => ({ profile: context.profile! }) },
          ],
        },
        onError: { target: 'anonymous', actions: ['clearToken', assign({ token: null })] },
      },
    },
    anonymous: {
      on: { LOGIN: 'loggingIn' },
    },
    loggingIn: {
      entry: assign({ error: null }),
      invoke: {
        src: 'login',
        input: ({ event }) => {
          const e = event as Extract<SessionEvent, { type: 'LOGIN' }>;
          return { userName: e.userName, password: e.password };
        },
        onDone: {
          target: 'loadingUser',
          actions: [
            assign(({ event }) => ({ token: event.output.token })),
            { type: 'storeToken', params: ({ event }) => ({ token: event.output.token, userId: event.output.user.id }) },
          ],
        },
        onError: {
          target: 'anonymous',
          actions: assign(({ event }) => ({ error: event.error instanceof Error ? event.error.message : String(event.error) })),
        },
      },
    },
    authenticated: {
      on: {
        LOGOUT: 'loggingOut',
        UNAUTHORIZED: 'expired',
        'USER.REFRESH': 'loadingUser',
      },
    },
    loggingOut: {
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ token: context.token }),
        onDone: 'loggedOut',
        onError: 'loggedOut',
      },
    },
    loggedOut: {
      type: 'final',
      entry: ['clearToken', 'reload'],
    },
    expired: {
      entry: ['clearToken', assign({ token: null })],
      after: { [UNAUTHORIZED_RELOAD_MS]: { target: 'reloading' } },
    },
    reloading: {
      type: 'final',
      entry: 'reload',
    },
  },
});
