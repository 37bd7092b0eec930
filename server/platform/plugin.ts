import type { FastifyInstance } from 'fastify';
import { operateRoutes } from './operate';
import { platformUserRoutes } from './serviceUsers';
import { tenantRemoveRoutes } from './tenantRemove';

/** Platform shell services (spec §2 "Platform shell"): /platform/operate and /platform/user. */
export async function platformService(app: FastifyInstance) {
  await app.register(operateRoutes);
  await app.register(platformUserRoutes);
  await app.register(tenantRemoveRoutes);
}
