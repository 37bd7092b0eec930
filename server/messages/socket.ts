import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { loadSession, type Session } from '../auth/access';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

export const SOCKET_PATH = '/messageServer/websocket';

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
      const userId = await app.tokens.verify(token);
      if (userId === undefined || (auth.userId !== undefined && Number(auth.userId) !== userId)) {
        next(new Error('token过期，请重新登录'));
        return;
      }
      const session = await loadSession(app.db, userId, app.permissionCheck);
      if (!session) {
        next(new Error('token过期，请重新登录'));
        return;
      }
      (socket.data as { session: Session }).session = session;
      await socket.join(`user:${userId}`);
      next();
    } catch (err) {
      app.log.error({ err }, 'socket authentication failed');
      next(new Error('服务器内部错误'));
    }
  }
  app.addHook('onClose', async () => {
    io.disconnectSockets(true);
    await new Promise<void>((resolve) => {
      void io.close(() => resolve());
    });
  });
  return io;
}
