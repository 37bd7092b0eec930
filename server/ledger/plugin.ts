import type { FastifyInstance } from 'fastify';
import { propertyRoutes } from './properties';
import { nodeWriteRoutes } from './nodeWrite';
import { nodeDeleteRoutes } from './nodeDelete';
import { treeRoutes } from './tree';
import { listRoutes } from './listRoutes';
import { deviceAccessRoutes } from './deviceAccess';

/**
 * The device ledger's "Ledger and accounts" calls of spec §7 under /wisdompower/v1. The measure
 * threshold list/save and account/{deviceID}/measure/list live with the telemetry routes.
 */
export async function ledgerService(app: FastifyInstance) {
  await app.register(propertyRoutes);
  await app.register(nodeWriteRoutes);
  await app.register(nodeDeleteRoutes);
  await app.register(treeRoutes);
  await app.register(listRoutes);
  await app.register(deviceAccessRoutes);
}
