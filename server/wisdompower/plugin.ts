import type { FastifyInstance } from 'fastify';
import { eventRoutes } from './events';
import { historyRoutes } from './history';
import { realtimeRoutes } from './realtime';
import { thresholdRoutes } from './thresholds';
import { remoteRoutes } from './remote';

/** /wisdompower/v1: the telemetry-facing business services (events, history, realtime, thresholds, remote). */
export async function wisdompowerTelemetry(app: FastifyInstance) {
  await app.register(eventRoutes);
  await app.register(historyRoutes);
  await app.register(realtimeRoutes);
  await app.register(thresholdRoutes);
  await app.register(remoteRoutes);
}
