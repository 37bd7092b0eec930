import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../errors';
import { TokenStore } from './tokens';
import type { Session } from './access';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    token: string | null;
  }
  interface FastifyInstance {
    tokens: TokenStore;
    permissionCheck: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (typeof h === 'string' && h.startsWith('Bearer ')) return h.slice(7).trim() || null;
  return null;
}

/**
 * Tokens and the request's session. The route guard (server/http/guard.ts) checks each matched
 * route's declaration and loads the session (user, role ids, tenant scope) once per request.
 */
export const authentication = fp(
  async function authentication(app: FastifyInstance, opts: { tokenTtlMs: number; permissionCheck: boolean }) {
    app.decorate('tokens', new TokenStore(app.db, opts.tokenTtlMs, app.socketBus));
    app.decorate('permissionCheck', opts.permissionCheck);
    app.decorateRequest('session', null);
    app.decorateRequest('token', null);
  },
  { name: 'authentication', dependencies: ['store'] },
);

export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw errors.UNAUTHORIZED();
  return request.session;
}
