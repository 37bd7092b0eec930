import { assign, fromCallback, fromPromise, sendTo, setup, type AnyEventObject } from 'xstate';

/**
 * The notification socket (spec §4 WebSocket): connect with the user id, register on open, send an
 * empty keep-alive every 40 s, reconnect 30 s after an unexpected close, never after a manual close.
 * It remembers the last sequence number seen and hands it to the next connection, so the server
 * replays what was missed and no alarm is lost across a reconnect.
 */
export const KEEPALIVE_MS = 40_000;
export const RECONNECT_MS = 30_000;

export interface SequencedMessage {
  seq: number;
}

export interface SocketInput {
  userId: number;
  lastSeq: number | null;
}

export type SocketEvent =
  | { type: 'SOCKET.OPENED' }
  | { type: 'SOCKET.MESSAGE'; message: SequencedMessage }
  | { type: 'SOCKET.RESYNC'; headSeq: number }
  /** the server's head sequence on connect: the baseline to resume from if nothing arrives before a drop */
  | { type: 'SOCKET.READY'; headSeq: number }
  | { type: 'SOCKET.CLOSED'; reason: string }
  | { type: 'SOCKET.UNAUTHORIZED' }
  | { type: 'CLOSE' }
  | { type: 'RECONNECT' };

export interface WebsocketContext {
  userId: number;
  lastSeq: number | null;
  /** consecutive unexpected closes since the last successful open */
  failures: number;
  lastCloseReason: string | null;
  supported: boolean;
}

export const websocketMachine = setup({
  types: {
    context: {} as WebsocketContext,
    events: {} as SocketEvent,
    input: {} as { userId: number; lastSeq?: number | null; supported: boolean },
  },
  actors: {
    // Supplied by the app: opens the socket, reports SOCKET.* events, takes KEEPALIVE, closes on cleanup.
    socket: fromCallback<AnyEventObject, SocketInput>(() => {
      throw new Error('socket actor not provided');
    }),
    register: fromPromise<void, { userId: number }>(async () => {
      throw new Error('register actor not provided');
    }),
  },
  actions: {
    deliver: (_, _params: { message: SequencedMessage }) => {},
    resync: (_, _params: { headSeq: number }) => {},
    reportUnsupported: () => {},
    unauthorized: () => {},
  },
  guards: {
    isSupported: ({ context }) => context.supported,
    isNewer: ({ context, event }) => event.type === 'SOCKET.MESSAGE' && (context.lastSeq === null || event.message.seq > context.lastSeq),
  },
}).createMachine({
  id: 'websocket',
  context: ({ input }) => ({
    userId: input.userId,
    lastSeq: input.lastSeq ?? null,
    failures: 0,
    lastCloseReason: null,
    supported: input.supported,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isSupported', target: 'active' }, { target: 'unsupported' }],
    },
    unsupported: {
      type: 'final',
      entry: 'reportUnsupported',
    },
    active: {
      invoke: {
        id: 'socket',
        src: 'socket',
        input: ({ context }) => ({ userId: context.userId, lastSeq: context.lastSeq }),
      },
      on: {
        'SOCKET.MESSAGE': {
          guard: 'isNewer',
          actions: [
            assign({ lastSeq: ({ event }) => event.message.seq }),
            { type: 'deliver', params: ({ event }) => ({ message: event.message }) },
          ],
        },
        'SOCKET.READY': {
          guard: ({ context }) => context.lastSeq === null,
          actions: assign({ lastSeq: ({ event }) => event.headSeq }),
        },
        'SOCKET.RESYNC': {
          actions: [
            assign({ lastSeq: ({ event }) => event.headSeq }),
            { type: 'resync', params: ({ event }) => ({ headSeq: event.headSeq }) },
          ],
        },
        'SOCKET.CLOSED': {
          target: 'waiting',
          actions: assign({ failures: ({ context }) => context.failures + 1, lastCloseReason: ({ event }) => event.reason }),
        },
        'SOCKET.UNAUTHORIZED': { target: 'closed', actions: 'unauthorized' },
        CLOSE: 'closed',
      },
      initial: 'connecting',
      states: {
        connecting: {
          on: { 'SOCKET.OPENED': { target: 'open', actions: assign({ failures: 0 }) } },
        },
        open: {
          type: 'parallel',
          states: {
            registration: {
              initial: 'registering',
              states: {
                registering: {
                  invoke: {
                    src: 'register',
                    input: ({ context }) => ({ userId: context.userId }),
                    // Registration only tags the client; pushes flow either way, so a failure is not fatal.
                    onDone: 'registered',
                    onError: 'failed',
                  },
                },
                registered: {},
                failed: {},
              },
            },
            heartbeat: {
              initial: 'beating',
              states: {
                beating: {
                  after: {
                    [KEEPALIVE_MS]: { target: 'beating', reenter: true, actions: sendTo('socket', { type: 'KEEPALIVE' }) },
                  },
                },
              },
            },
          },
        },
      },
    },
    waiting: {
      after: { [RECONNECT_MS]: 'active' },
      on: { RECONNECT: 'active', CLOSE: 'closed' },
    },
    closed: {
      type: 'final',
    },
  },
});
