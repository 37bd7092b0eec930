import { assign, fromPromise, setup } from 'xstate';
import type { UserDto } from '../domain/schemas/auth';
import type { RevokeReason } from '../domain/socketProtocol';
import { accessProfileOf, type AccessProfile } from '../domain/access';

/**
 * The session (spec §4 Startup): preferences, the token from the URL or session storage, checktoken,
 * the user, landing; logout clears the token and reloads; an unauthorized event reloads after 1.5 s.
 * Actors and side effects are supplied by the app through machine.provide(...).
 *
 * The end of a session (issue 13) is told once: any number of 401s and socket revocations while the
 * session ends make one message; the page the user was on is remembered for after the next login,
 * and the login page says why the user is there (also after the reload).
 */
export type SessionNotice =
  /** a REST call was refused: spec §8 "token过期，请重新登录" */
  | { kind: 'unauthorized' }
  /** the server ended the session under the open console (spec §8 "logged in elsewhere" message) */
  | { kind: 'ended'; reason: RevokeReason }
  /** the token a kiosk link carried was refused */
  | { kind: 'linkInvalid' }
  /** this user changed their own password here: log in with the new one */
  | { kind: 'passwordChanged' };

export interface SessionContext {
  token: string | null;
  user: UserDto | null;
  profile: AccessProfile | null;
  /** the tenant's first project for project users (spec §6) */
  projectId: number | null;
  error: string | null;
  /** the token came from the URL (a kiosk link) */
  fromUrl: boolean;
  /** why the login page is shown, when there is something to say */
  notice: SessionNotice | null;
  /** the user's own password change is in flight: its revocation is expected, not an expiry */
  changingPassword: boolean;
}

export interface SessionInput {
  token: string | null;
  fromUrl?: boolean;
  /** a notice left before the last reload */
  notice?: SessionNotice | null;
}

export interface LoadedUser {
  user: UserDto;
  projectId: number | null;
}

export type SessionEvent =
  | { type: 'LOGIN'; userName: string; password: string }
  | { type: 'LOGOUT' }
  /** a 401 (no reason) or the socket's revocation (its reason) */
  | { type: 'UNAUTHORIZED'; reason?: RevokeReason }
  | { type: 'USER.REFRESH' }
  | { type: 'PASSWORD.CHANGING' }
  | { type: 'PASSWORD.CHANGED' }
  | { type: 'PASSWORD.FAILED' };

export const UNAUTHORIZED_RELOAD_MS = 1500;

// Defaults that fail loudly: the app and the tests supply the real actors with machine.provide(...).
function notProvided<T, I>(name: string) {
  return fromPromise<T, I>(async () => {
    throw new Error(`${name} actor not provided`);
  });
}

const noticeOf = (event: SessionEvent): SessionNotice =>
  event.type === 'UNAUTHORIZED' && event.reason ? { kind: 'ended', reason: event.reason } : { kind: 'unauthorized' };

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
    /** shows the message once (a toast) */
    announce: (_, _params: { notice: SessionNotice }) => {},
    /** keeps the notice for the login page across the reload */
    keepNotice: (_, _params: { notice: SessionNotice }) => {},
    /** remembers the page, to return to it after the next login */
    rememberPage: () => {},
  },
  guards: {
    hasToken: ({ context }) => !!context.token,
    isOwnPasswordChange: ({ context }) => context.changingPassword,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: input.token,
    user: null,
    profile: null,
    projectId: null,
    error: null,
    fromUrl: input.fromUrl ?? false,
    notice: input.notice ?? null,
    changingPassword: false,
  }),
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
        onError: 'refused',
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
              notice: null,
              fromUrl: false,
            })),
            { type: 'storeToken', params: ({ context, event }) => ({ token: context.token!, userId: event.output.user.id }) },
            { type: 'land', params: ({ context }) => ({ profile: context.profile! }) },
          ],
        },
        onError: 'refused',
      },
    },
    // The stored or linked token was not accepted: a kiosk link says so on the login page.
    refused: {
      entry: [
        'clearToken',
        assign(({ context }) => ({
          token: null,
          notice: context.fromUrl ? { kind: 'linkInvalid' as const } : context.notice,
          fromUrl: false,
        })),
      ],
      always: 'anonymous',
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
        // The user's own password change revokes this session too: that is the dialog's success, not an expiry.
        UNAUTHORIZED: [
          { guard: 'isOwnPasswordChange' },
          { target: 'expired', actions: assign({ notice: ({ event }) => noticeOf(event) }) },
        ],
        'USER.REFRESH': '.refreshing',
        'PASSWORD.CHANGING': { actions: assign({ changingPassword: true }) },
        'PASSWORD.FAILED': { actions: assign({ changingPassword: false }) },
        'PASSWORD.CHANGED': 'passwordChanged',
      },
      initial: 'idle',
      states: {
        idle: {},
        // The user's role or projects changed on the server: reload them in the background, the
        // screens stay (a 401 on the way ends the session through UNAUTHORIZED as usual).
        refreshing: {
          invoke: {
            src: 'loadUser',
            input: ({ context }) => ({ token: context.token! }),
            onDone: {
              target: 'idle',
              actions: assign(({ event }) => ({
                user: event.output.user,
                profile: accessProfileOf(event.output.user),
                projectId: event.output.projectId,
              })),
            },
            onError: 'idle',
          },
        },
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
    // Later 401s and revocations land here and are ignored: one message, one redirect.
    expired: {
      entry: [
        'clearToken',
        assign({ token: null }),
        'rememberPage',
        { type: 'announce', params: ({ context }) => ({ notice: context.notice! }) },
        { type: 'keepNotice', params: ({ context }) => ({ notice: context.notice! }) },
      ],
      after: { [UNAUTHORIZED_RELOAD_MS]: { target: 'reloading' } },
    },
    passwordChanged: {
      entry: [
        'clearToken',
        assign({ token: null, changingPassword: false, notice: { kind: 'passwordChanged' } }),
        { type: 'keepNotice', params: ({ context }) => ({ notice: context.notice! }) },
      ],
      after: { [UNAUTHORIZED_RELOAD_MS]: { target: 'reloading' } },
    },
    reloading: {
      type: 'final',
      entry: 'reload',
    },
  },
});
