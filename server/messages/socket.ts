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
  }
}

/**
 * The sockets whose console takes several notices as one `messages` event (handshake `auth.batches:
 * true`); every other socket gets each as its own `message`, as the protocol always had it.
 */
export const BATCHING_ROOM = 'messages:batched';

/** How long shutdown lets the websocket connections close themselves before it cuts them. */
const GOING_AWAY_GRACE_MS = 300;

/** Resolves when every connection in `open` has closed, or after `ms`. */
function allClosedOr(open: Set<Duplex>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (open.size === 0) return resolve();
    const timer = setTimeout(done, ms);
    const poll = setInterval(() => open.size === 0 && done(), 20);
    function done() {
      clearTimeout(timer);
      clearInterval(poll);
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

  // The upgraded (websocket) connections, so shutdown can cut the ones slow to close.
  const upgraded = new Set<Duplex>();
  app.server.on('upgrade', (_req, socket: Duplex) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });

  // Graceful shutdown: stop accepting first (so nobody reconnects to the dying process), then tell
  // every socket the server is going away and close it. Fastify's own close then finds no upgraded
  // connection holding the port, and the store closes after (onClose).
  app.addHook('preClose', async () => {
    if (app.server.listening) app.server.close();
    const notice: GoingAwayNotice = { reason: 'shutdown' };
    io.local.emit(SOCKET_EVENT.GOING_AWAY, notice);
    // Each connection closes once its buffer (the notice above) has drained.
    io.local.disconnectSockets(true);
    // A websocket close waits for the client's answer (up to 30 s in ws): with 1,000 busy clients
    // some answer late and held the process past its 2 s (bench/reconnectStorm.ts). So each
    // connection is ended at once (its notice and close frame go out before the FIN) and what is
    // still open after a short grace is cut.
    for (const socket of upgraded) socket.end();
    await allClosedOr(upgraded, GOING_AWAY_GRACE_MS);
    for (const socket of upgraded) socket.destroy();
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
