import type { FastifyInstance } from 'fastify';
import { settingRoutes } from './settings';
import { accessSchemeRoutes } from './accessSchemes';
import { deviceAccessRoutes } from './deviceAccess';
import { graphTreeRoutes } from './graphTree';

/**
 * System configuration routes of spec §7 "System", registered under /wisdompower/v1 next to the
 * business service (Fastify allows several plugins on one prefix).
 */
export async function systemService(app: FastifyInstance) {
  await app.register(settingRoutes);
  await app.register(accessSchemeRoutes);
  await app.register(deviceAccessRoutes);
  await app.register(graphTreeRoutes);
}
