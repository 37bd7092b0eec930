import type { FastifyInstance } from 'fastify';
import { sessionRoutes, type SessionRouteOptions } from './routes/session';
import { userRoutes } from './routes/users';
import { roleRoutes } from './routes/roles';
import { groupRoutes } from './routes/groups';
import { userStatusRoutes } from './routes/userStatus';
import { contactRoutes } from './routes/contact';

/** The auth service of spec §7 under /auth/v1. */
export async function authService(app: FastifyInstance, opts: SessionRouteOptions) {
  await app.register(sessionRoutes, { loginRateLimit: opts.loginRateLimit, loginSecret: opts.loginSecret });
  await app.register(userRoutes);
  await app.register(roleRoutes);
  await app.register(groupRoutes);
  await app.register(userStatusRoutes);
  await app.register(contactRoutes);
}
