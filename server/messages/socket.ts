import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';
import type { Session } from '../auth/access';
import { tokenHash } from '../auth/tokens';
import { UNAUTHORIZED_MSG } from '../../domain/envelope';
import {
  SOCKET_EVENT,
  SOCKET_PATH,
  type ClientToServerEvents,
  type GoingAwayNotice,
  type ServerToClientEvents,
  type WatchRequest,
} from '../../domain/socketProtocol';

declare module 'fastify' {
  interface FastifyInstance {
    io: ConsoleServer;
    /** what the going-away notice tells consoles about coming back (GoingAwayNotice.backInMs); set by the process that listens */
    goingAway: { backInMs?: number };
  }
}

/**
 * The sockets whose console takes several notices as one `messages` event (handshake `auth.batches:
 * true`); every other socket gets each as its own `message`, as the protocol always had it.
 */
export const BATCHING_ROOM = 'messages:batched';

/** The longest shutdown waits for the websocket connections to hand their last bytes to the kernel. */
const GOING_AWAY_GRACE_MS = 300;

/**
 * Resolves when every connection in `open` has handed all it was given to the kernel ('finish' after
 * end(): the going-away notice, the close frame and the FIN are on their way) or has closed; or after
 * `ms`. Not until each has closed: that waits for the client's own close, which 1,000 busy consoles
 * give late, while what they are sent is already theirs once flushed (bench/reconnectStorm.ts: consoles
 * read their notice up to 2 s after the server had exited).
 */
function allFlushedOr(open: Set<Duplex>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const pending = new Set([...open].filter((socket) => !socket.writableFinished && !socket.destroyed));
    const listeners = new Map<Duplex, () => void>();
    const timer = setTimeout(done, ms);
    for (const socket of pending) {
      const gone = () => {
        pending.delete(socket);
        if (pending.size === 0) done();
      };
      listeners.set(socket, gone);
      socket.once('finish', gone);
      socket.once('close', gone);
    }
    if (pending.size === 0) done();
    function done() {
      clearTimeout(timer);
      for (const [socket, gone] of listeners) {
        socket.off('finish', gone);
        socket.off('close', gone);
      }
      listeners.clear();
      resolve();
    }
  });
}

/**
 * The heartbeat. A client drops its connection when no ping came for interval + timeout of its own
 * clock: a browser whose clock runs many times faster than the server's (the kiosk soak bench's
 * page.clock) needs a longer timeout, or it would take every quiet moment for a dead server.
 */
export interface SocketPingOptions {
  intervalMs?: number | undefined;
  timeoutMs?: number | undefined;
}

/** What a socket carries from its handshake: whose session it is and which token it rode in on. */
interface SocketData {
  session: Session;
  userId: number;
  /** sha256 of the token: revocation finds the sockets of a token without keeping the token */
  tokenHash: string;
  expiresAt: number;
  /** the console's last watch request: re-applied when its user's scope changes */
  watch?: WatchRequest;
}

/** The socket server and its sockets, typed by domain/socketProtocol.ts's event maps. */
export type ConsoleServer = Server<ClientToServerEvents, ServerToClientEvents, DefaultEventsMap, SocketData>;
export type ConsoleSocket = Socket<ClientToServerEvents, ServerToClientEvents, DefaultEventsMap, SocketData>;

/**
 * socket.io at the message server path. A client authenticates with its token and names its user
 * id; both must agree, so nobody listens in on another user's room.
 */
export function attachSocket(app: FastifyInstance, ping: SocketPingOptions = {}): ConsoleServer {
  const io: ConsoleServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    pingInterval: ping.intervalMs ?? 25_000,
    pingTimeout: ping.timeoutMs ?? 20_000,
  });
  // socket.io middleware ignores a returned promise, so the async check reports through `next` itself.
  io.use((socket, next) => void authenticateSocket(socket, next));
  async function authenticateSocket(socket: ConsoleSocket, next: (err?: Error) => void): Promise<void> {
    try {
      const auth = socket.handshake.auth as { token?: unknown; userId?: unknown; batches?: unknown };
      const token = typeof auth.token === 'string' ? auth.token : '';
      const live = await app.tokens.verifyFull(token);
      if (!live || (auth.userId !== undefined && Number(auth.userId) !== live.userId)) {
        next(new Error(UNAUTHORIZED_MSG));
        return;
      }
      const session = await app.sessions.get(live.userId);
      if (!session) {
        next(new Error(UNAUTHORIZED_MSG));
        return;
      }
      const data: SocketData = { session, userId: live.userId, tokenHash: tokenHash(token), expiresAt: live.expiresAt };
      Object.assign(socket.data, data);
      await socket.join(auth.batches === true ? [`user:${live.userId}`, BATCHING_ROOM] : `user:${live.userId}`);
      next();
    } catch (err) {
      app.log.error({ err }, 'socket authentication failed');
      next(new Error('服务器内部错误'));
    }
  }

  app.decorate('goingAway', {});

  // The upgraded (websocket) connections, so shutdown can cut the ones slow to close.
  const upgraded = new Set<Duplex>();
  app.server.on('upgrade', (_req, socket: Duplex) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });

  // Graceful shutdown: stop accepting first (so nobody reconnects to the dying process), then tell
  // every socket the server is going away and end its connection. Fastify's own close then finds no
  // upgraded connection holding the port, and the store closes after (onClose).
  app.addHook('preClose', async () => {
    if (app.server.listening) app.server.close();
    const notice: GoingAwayNotice = { reason: 'shutdown', ...app.goingAway };
    io.local.emit(SOCKET_EVENT.GOING_AWAY, notice);
    // A socket whose previous message was still being written holds the notice until that write's
    // callback, a tick later.
    await new Promise((r) => setImmediate(r));
    // A websocket close waits for the client's answer (up to 30 s in ws), and with 1,000 busy clients
    // some answer late (bench/reconnectStorm.ts). So each connection is ended right after its notice,
    // its FIN behind it, and cut once that has gone to the kernel: the rest of the close is the
    // client's. No socket.io disconnect packet and close frame first: written a write callback later,
    // they met ended sockets, and the errors of 1,000 writes after end (a stack trace each) took
    // longer than the writes themselves.
    for (const socket of upgraded) socket.end();
    await allFlushedOr(upgraded, GOING_AWAY_GRACE_MS);
    for (const socket of upgraded) socket.destroy();
    // The cut connections' close reaches ws, engine.io and socket.io a tick later; then the sockets
    // that were not upgraded (still polling, or in their handshake) are disconnected too.
    await new Promise((r) => setImmediate(r));
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    // Connections still in their handshake, then the adapters (Redis in cluster mode). Not
    // io.close(): it would close the HTTP server a second time.
    io.engine.close();
    await Promise.allSettled([...io._nsps.values()].map(async (nsp) => nsp.adapter.close()));
    io.removeAllListeners();
  });
  return io;
}
