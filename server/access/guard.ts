import fp from 'fastify-plugin';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { USER_TYPE } from '../../domain/enums';
import { permissionId } from '../../domain/permissions';
import { errors } from '../errors';
import { bearerToken } from '../auth/session';
import { can, type Session } from '../auth/access';
import { AREA_PAGES, isPublic, type Area, type RouteAccess } from '../http/routeAccess';

/** A project user's reach is limited to what its role's pages show (unless the permission switch is off). */
export function pageLimited(session: Session): boolean {
  return session.permissionCheck && !session.isRoot && session.userType === USER_TYPE.PROJECT;
}

export function holdsAnyPage(session: Session, pages: readonly string[]): boolean {
  return pages.some((p) => {
    const id = permissionId(p);
    return id !== undefined && session.pageNodeIds.includes(id);
  });
}

/** May this session use a route of this area? */
export function mayEnterArea(session: Session, area: Area): boolean {
  if (area === 'platform') return session.isRoot || session.userType !== USER_TYPE.PROJECT;
  if (area === 'self' || !pageLimited(session)) return true;
  return holdsAnyPage(session, AREA_PAGES[area]);
}

/** The route's declared rule, applied to a signed-in session: 无操作权限! when it fails. */
function enforceAccess(session: Session, access: Exclude<RouteAccess, { public: string }>): void {
  if (access.permission && !can(session, access.permission)) throw errors.DENIED();
  if (!mayEnterArea(session, access.area)) throw errors.DENIED();
}

/**
 * One hook enforces every route's declaration on the matched route (the router's decision, after it
 * decoded the path), never on the raw URL, so no spelling of a path skips it. A route registered
 * without a declaration stops the server from starting.
 */
export const routeGuard = fp(
  async function routeGuard(app: FastifyInstance) {
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (r) => {
      routes.push(r);
    });
    app.decorate('declaredRoutes', (): DeclaredRoute[] =>
      routes.flatMap((r) =>
        [r.method].flat().map((method) => ({
          method: String(method),
          url: r.url,
          access: r.config!.access!,
          schema: (r.schema ?? {}) as DeclaredRoute['schema'],
        })),
      ),
    );
    app.addHook('onReady', async () => {
      const missing = routes.filter((r) => !r.config?.access).map((r) => `${String(r.method)} ${r.url}`);
      if (missing.length) throw new Error(`Routes without config.access: ${missing.join(', ')}`);
    });

    app.addHook('onRequest', async (request) => {
      if (request.is404) return; // no route matched: the not-found handler answers
      const access = request.routeOptions.config.access;
      if (!access) throw errors.INTERNAL();
      if (isPublic(access)) return;
      const token = bearerToken(request);
      const userId = token ? await app.tokens.verify(token) : undefined;
      if (!token || userId === undefined) throw errors.UNAUTHORIZED();
      const session = await app.sessions.get(userId);
      if (!session) throw errors.UNAUTHORIZED();
      request.session = session;
      request.token = token;
      enforceAccess(session, access);
    });
  },
  { name: 'route-guard', dependencies: ['authentication'] },
);

/** Registered routes with their declarations (for the route walk, the fuzz suite and the docs). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  schema: { body?: unknown; querystring?: unknown; params?: unknown; hide?: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    declaredRoutes(): DeclaredRoute[];
  }
}
