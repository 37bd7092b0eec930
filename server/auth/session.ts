import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../errors';
import { TokenStore, tokenLookup } from './tokens';
import { SessionCache } from './sessionCache';
import type { Session } from './access';
import { logUnwritten } from '../store/refusesWrites';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    token: string | null;
  }
  interface FastifyInstance {
    tokens: TokenStore;
    /** sessions by user, emptied by every revocation and session-changing event */
    sessions: SessionCache;
    permissionCheck: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (typeof h === 'string' && h.startsWith('Bearer ')) return h.slice(7).trim() || null;
  return null;
}

/**
 * Tokens and the request's session. The route guard (server/access/guard.ts) checks each matched
 * route's declaration, verifies the token (one prepared read) and takes the session (user, role
 * ids, tenant scope) from the session cache.
 */
export const authentication = fp(
  async function authentication(app: FastifyInstance, opts: { tokenTtlMs: number; permissionCheck: boolean; singleInstance: boolean }) {
    // A token kept in one instance's memory would be refused by the others: several instances refuse the login.
    const unwritten = opts.singleInstance ? logUnwritten(app.log) : null;
    app.decorate('tokens', new TokenStore(app.db, opts.tokenTtlMs, app.socketBus, Date.now, tokenLookup(app.store), unwritten));
    app.decorate('permissionCheck', opts.permissionCheck);
    const sessions = new SessionCache(app.db, opts.permissionCheck, app.socketBus, app.eventLog);
    app.decorate('sessions', sessions);
    app.addHook('onClose', async () => sessions.close());
    app.decorateRequest('session', null);
    app.decorateRequest('token', null);
  },
  { name: 'authentication', dependencies: ['store'] },
);

export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw errors.UNAUTHORIZED();
  return request.session;
}
