import { fromCallback, type AnyEventObject } from 'xstate';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { SocketEvent, SocketInput } from '../../../machines/websocketMachine';
import { UNAUTHORIZED_MSG } from '../../../domain/envelope';
import type { MeasureMessage, NoticeMessage } from '../../../domain/telemetry';
import {
  SOCKET_EVENT,
  SOCKET_PATH,
  backInOf,
  isRevokeReason,
  isStoreNotice,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type StoreNotice,
  type WatchRequest,
} from '../../../domain/socketProtocol';

export interface SocketActorOptions {
  /** the server's origin; the page's own when omitted (the browser) */
  url?: string;
  /** read at every (re)connect, so a renewed token is used */
  token: () => string | null;
  /**
   * each notice newer than the console's sequence cursor, once, in order. Notices bypass the machine
   * like live values: they are traffic, not lifecycle (machines/sequenceCursor.ts says what that saves)
   */
  onNotice?: (message: NoticeMessage) => void;
  /** live values bypass the machine: they are state, not lifecycle */
  onMeasures?: (list: MeasureMessage[]) => void;
  /** anything arrived: the console's "time of the last data" */
  onData?: () => void;
  /** a connection attempt starts (the reconnect bench and tests time them) */
  onAttempt?: () => void;
  /** the settings in force or a group logo changed: read them again (issue 15) */
  onSettings?: () => void;
  /** what the screens show: sent after every (re)connect and on every change, so live values follow it */
  watches?: { current(): WatchRequest; subscribe(listener: (request: WatchRequest) => void): () => void };
  /** the server has replayed what was missed and joined the socket to its rooms: subscribed again */
  onReady?: () => void;
  /** whether the server's store takes writes (the store banner, issue 34) */
  onStore?: (notice: StoreNotice) => void;
}

/** how long a going-away notice waits for the server to end the connection before the machine hears it anyway */
export const GOING_AWAY_END_WAIT_MS = 500;

/**
 * The socket.io connection as the websocket machine's actor. socket.io's own reconnection is off:
 * the machine decides when to reconnect and hands over the sequence cursor to resume from, which
 * this actor moves as notices arrive.
 * The same actor runs in the browser and in the server tests' and bench's Node clients.
 */
export function createSocketActor(opts: SocketActorOptions) {
  return fromCallback<AnyEventObject, SocketInput>(({ sendBack, receive, input }) => {
    const send = (e: SocketEvent) => sendBack(e);
    const { cursor } = input;
    const take = (message: NoticeMessage) => {
      if (cursor.take(message.seq)) opts.onNotice?.(message);
    };
    opts.onAttempt?.();
    const options: Partial<ManagerOptions & SocketOptions> = {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      // batches: notices that queued up on the server come as one `messages` event
      auth: { token: opts.token(), userId: input.userId, batches: true, ...(cursor.lastSeq !== null ? { lastSeq: cursor.lastSeq } : {}) },
    };
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = opts.url ? io(opts.url, options) : io(options);
    socket.on('connect', () => send({ type: 'SOCKET.OPENED' }));
    socket.on(SOCKET_EVENT.MESSAGE, (message) => {
      opts.onData?.();
      take(message);
    });
    socket.on(SOCKET_EVENT.MESSAGES, (messages) => {
      opts.onData?.();
      messages.forEach(take);
    });
    socket.on(SOCKET_EVENT.MEASURES, (list) => {
      opts.onData?.();
      opts.onMeasures?.(list);
    });
    socket.on(SOCKET_EVENT.SETTINGS, () => opts.onSettings?.());
    socket.on(SOCKET_EVENT.READY, (r) => {
      if (opts.watches) socket.emit(SOCKET_EVENT.WATCH, opts.watches.current());
      cursor.ready(r.headSeq);
      opts.onReady?.();
    });
    const stopWatching = opts.watches?.subscribe((request) => {
      if (socket.connected) socket.emit(SOCKET_EVENT.WATCH, request);
    });
    socket.on(SOCKET_EVENT.RESYNC, (r) => {
      cursor.resync(r.headSeq);
      send({ type: 'SOCKET.RESYNC', headSeq: r.headSeq });
    });
    // The server ends the connection right after its going-away notice: the machine hears the notice
    // when that end arrives (or GOING_AWAY_END_WAIT_MS later at the latest), so it does not close the
    // connection itself first. Closing it wrote a disconnect packet and a close frame into a connection
    // the server had already ended: failed writes, an error each; 250 consoles in one process of the
    // reconnect bench took up to 1.5 s to read their notices.
    let goingAway: { backInMs: number } | null = null;
    let goingAwayTimer: ReturnType<typeof setTimeout> | undefined;
    const wentAway = () => {
      clearTimeout(goingAwayTimer);
      send({ type: 'SOCKET.GOING_AWAY', backInMs: goingAway!.backInMs });
    };
    socket.on(SOCKET_EVENT.GOING_AWAY, (n) => {
      if (goingAway) return;
      goingAway = { backInMs: backInOf(n) };
      goingAwayTimer = setTimeout(wentAway, GOING_AWAY_END_WAIT_MS);
    });
    socket.on(SOCKET_EVENT.REVOKED, (n) => send({ type: 'SOCKET.REVOKED', reason: isRevokeReason(n?.reason) ? n.reason : 'expired' }));
    socket.on(SOCKET_EVENT.RESCOPED, () => send({ type: 'SOCKET.RESCOPED' }));
    socket.on(SOCKET_EVENT.STORE, (n: unknown) => isStoreNotice(n) && opts.onStore?.(n));
    socket.on('disconnect', (reason) => (goingAway ? wentAway() : send({ type: 'SOCKET.CLOSED', reason })));
    socket.on('connect_error', (err) => {
      send(err.message === UNAUTHORIZED_MSG ? { type: 'SOCKET.UNAUTHORIZED' } : { type: 'SOCKET.CLOSED', reason: err.message });
    });
    receive((event) => {
      // The spec's empty keep-alive frame.
      if (event.type === 'KEEPALIVE' && socket.connected) socket.emit(SOCKET_EVENT.KEEPALIVE, '');
    });
    return () => {
      clearTimeout(goingAwayTimer);
      stopWatching?.();
      socket.removeAllListeners();
      socket.disconnect();
    };
  });
}
