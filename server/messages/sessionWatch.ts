import type { FastifyInstance } from 'fastify';
import type { ConsoleSocket } from './socket';
import { loadSession, type Session } from '../auth/access';
import { SESSION_ENDED_MSG, SOCKET_EVENT, type RevokeReason, type RevokedNotice } from '../../domain/socketProtocol';
import type { BusMessage, SessionScope } from '../auth/sessionBus';
import type { PushHub } from './hub';
import { applyWatch } from './watch';

/** Node's timers take at most 2^31-1 ms; a 12 h token is far below, a long TTL is re-armed in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function concerns(scope: SessionScope, socket: ConsoleSocket): boolean {
  const d = socket.data;
  return (
    !!scope.userIds?.includes(d.userId) || !!scope.tenantIds?.includes(d.session.tenantId) || !!scope.tokenHashes?.includes(d.tokenHash)
  );
}

/** What the session looks like to the rooms and the menu: when this changes, the client reloads. */
const fingerprint = (s: Session) => JSON.stringify([s.tenants, s.servedProjectIds, s.pageNodeIds, s.authIds, s.userType]);

/**
 * Keeps open sockets honest about their sessions. A bus message names whom to re-check; each named
 * socket's token and user are read again from the store, so the store stays the one truth:
 * - token revoked or expired, user deleted or disabled: the socket is told why and closed (a
 *   reconnect with the same token is refused by the handshake);
 * - otherwise the socket is re-scoped: its project rooms follow the user's current role and
 *   projects, so pushes for what the user may no longer see stop at once.
 * A socket also re-checks itself when its token's expiry comes, so an idle console learns of it.
 */
export function watchSessions(app: FastifyInstance, hub: PushHub): () => void {
  const timers = new Map<string, NodeJS.Timeout>();

  const end = (socket: ConsoleSocket, reason: RevokeReason) => {
    const notice: RevokedNotice = { reason, msg: SESSION_ENDED_MSG };
    socket.emit(SOCKET_EVENT.REVOKED, notice);
    socket.disconnect(true);
  };

  const armExpiry = (socket: ConsoleSocket) => {
    clearTimeout(timers.get(socket.id));
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, socket.data.expiresAt - Date.now()) + 50);
    const timer = setTimeout(() => void recheck(socket, 'expired'), wait);
    timer.unref();
    timers.set(socket.id, timer);
  };

  async function recheck(socket: ConsoleSocket, reason: BusMessage['reason']): Promise<void> {
    try {
      const d = socket.data;
      const live = await app.tokens.check(d.tokenHash);
      const user = live
        ? await app.db.selectFrom('app_user').select(['id', 'disabled']).where('id', '=', d.userId).executeTakeFirst()
        : undefined;
      const session = live && user && !user.disabled ? await loadSession(app.db, d.userId, app.permissionCheck) : null;
      if (!socket.connected) return;
      if (!live || !session) {
        // The store says why when it can; otherwise the trigger does.
        const why: RevokeReason =
          live && !user
            ? reason === 'tenant_removed'
              ? reason
              : 'user_deleted'
            : live && user?.disabled
              ? 'user_disabled'
              : reason === 'rescope'
                ? 'expired'
                : reason;
        end(socket, why);
        return;
      }
      d.expiresAt = live.expiresAt;
      armExpiry(socket);
      const before = fingerprint(d.session);
      d.session = session;
      const roomsChanged = await hub.rescope(socket, session);
      // What the console watches, within what the user may see now.
      await applyWatch(app, socket, session);
      if (socket.connected && (roomsChanged || fingerprint(session) !== before)) socket.emit(SOCKET_EVENT.RESCOPED, {});
    } catch (err) {
      app.log.error({ err }, 'socket session re-check failed');
    }
  }

  const unsubscribe = app.socketBus.subscribe((message) => {
    if (message.type !== 'session.check') return;
    for (const socket of app.io.of('/').sockets.values()) {
      if (concerns(message.scope, socket)) void recheck(socket, message.reason);
    }
  });
  const onConnection = (socket: ConsoleSocket) => {
    armExpiry(socket);
    socket.on('disconnect', () => {
      clearTimeout(timers.get(socket.id));
      timers.delete(socket.id);
    });
  };
  app.io.on('connection', onConnection);
  return () => {
    unsubscribe();
    app.io.off('connection', onConnection);
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
  };
}
