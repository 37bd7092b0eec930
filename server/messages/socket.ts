import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { Session } from '../auth/access';
import { tokenHash } from '../auth/tokens';
import { UNAUTHORIZED_MSG } from '../../domain/envelope';
import { SOCKET_EVENT, type GoingAwayNotice } from '../../domain/socketProtocol';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

export const SOCKET_PATH = '/messageServer/websocket';

/** What a socket carries from its handshake: whose session it is and which token it rode in on. */
export interface SocketData {
  session: Session;
  userId: number;
  /** sha256 of the token: revocation finds the sockets of a token without keeping the token */
  tokenHash: string;
  expiresAt: number;
}

export const socketData = (socket: Socket) => socket.data as SocketData;

/**
 * socket.io at the message server path. A client authenticates with its token and names its user
 * id; both must agree, so nobody listens in on another user's room.
 */
export function attachSocket(app: FastifyInstance): Server {
  const io = new Server(app.server, { path: SOCKET_PATH, serveClient: false, pingInterval: 25_000, pingTimeout: 20_000 });
  // socket.io middleware ignores a returned promise, so the async check reports through `next` itself.
  io.use((socket, next) => void authenticateSocket(socket, next));
  async function authenticateSocket(socket: Socket, next: (err?: Error) => void): Promise<void> {
    try {
      const auth = socket.handshake.auth as { token?: unknown; userId?: unknown };
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
      Object.assign(socket.data as object, data);
      await socket.join(`user:${live.userId}`);
      next();
    } catch (err) {
      app.log.error({ err }, 'socket authentication failed');
      next(new Error('服务器内部错误'));
    }
  }

  // Graceful shutdown: stop accepting first (so nobody reconnects to the dying process), then tell
  // every socket the server is going away and close it. Fastify's own close then finds no upgraded
  // connection holding the port, and the store closes after (onClose).
  app.addHook('preClose', async () => {
    if (app.server.listening) app.server.close();
    const notice: GoingAwayNotice = { reason: 'shutdown' };
    io.local.emit(SOCKET_EVENT.GOING_AWAY, notice);
    // Each connection closes once its buffer (the notice above) has drained.
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
