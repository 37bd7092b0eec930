import type { FastifyInstance } from 'fastify';
import { sessionRoutes, type SessionRouteOptions } from './sessionRoutes';
import { userRoutes } from './users';
import { roleRoutes } from './roles';
import { groupRoutes } from './groups';
import { userStatusRoutes } from './userStatus';
import { contactRoutes } from './contact';

/** The auth service of spec §7 under /auth/v1. */
export async function authService(app: FastifyInstance, opts: SessionRouteOptions) {
  await app.register(sessionRoutes, { loginRateLimit: opts.loginRateLimit, loginSecret: opts.loginSecret });
  await app.register(userRoutes);
  await app.register(roleRoutes);
  await app.register(groupRoutes);
  await app.register(userStatusRoutes);
  await app.register(contactRoutes);
}
