import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../errors';
import { TokenStore } from './tokens';
import { loadSession, type Session } from './access';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    token: string | null;
  }
  interface FastifyInstance {
    tokens: TokenStore;
    permissionCheck: boolean;
  }
  interface FastifyContextConfig {
    /** true: reachable without a bearer token (login, checktoken, device ingest with its own key) */
    public?: boolean;
  }
}

export const SERVICE_PREFIXES = [
  '/auth/v1',
  '/model/v1',
  '/messageServer/v1',
  '/filemanager/v1',
  '/wisdompower/v1',
  '/devicedata/api/comm/v1',
] as const;

export function bearerToken(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (typeof h === 'string' && h.startsWith('Bearer ')) return h.slice(7).trim() || null;
  return null;
}

/**
 * Every service route needs a live bearer token unless it is marked public; the session (user, role
 * ids, tenant scope) is loaded once per request for the routes to check permissions against.
 */
export const authentication = fp(
  async function authentication(app: FastifyInstance, opts: { tokenTtlMs: number; permissionCheck: boolean }) {
    app.decorate('tokens', new TokenStore(app.db, opts.tokenTtlMs, app.socketBus));
    app.decorate('permissionCheck', opts.permissionCheck);
    app.decorateRequest('session', null);
    app.decorateRequest('token', null);
    app.addHook('onRequest', async (request) => {
      const url = request.url;
      if (!SERVICE_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`))) return;
      if (!request.routeOptions.url) return; // unknown route: the not-found handler answers
      if (request.routeOptions.config?.public) return;
      const token = bearerToken(request);
      const userId = token ? await app.tokens.verify(token) : undefined;
      if (!token || userId === undefined) throw errors.UNAUTHORIZED();
      const session = await loadSession(app.db, userId, app.permissionCheck);
      if (!session) throw errors.UNAUTHORIZED();
      request.session = session;
      request.token = token;
    });
  },
  { name: 'authentication', dependencies: ['store'] },
);

export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw errors.UNAUTHORIZED();
  return request.session;
}
