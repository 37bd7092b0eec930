import type { FastifyInstance } from 'fastify';
import { eventRoutes } from './events';
import { historyRoutes } from './history';
import { historySeriesRoutes } from './historySeries';
import { realtimeRoutes } from './realtime';
import { realtimeSnapshotRoutes } from './realtimeSnapshot';
import { thresholdRoutes } from './thresholds';
import { remoteRoutes } from './remote';

/** /wisdompower/v1: the telemetry-facing business services (events, history, realtime, thresholds, remote). */
export async function wisdompowerTelemetry(app: FastifyInstance) {
  await app.register(eventRoutes);
  await app.register(historyRoutes);
  await app.register(historySeriesRoutes);
  // The snapshot's static path is registered beside realtime/:deviceId; Fastify prefers static segments.
  await app.register(realtimeSnapshotRoutes);
  await app.register(realtimeRoutes);
  await app.register(thresholdRoutes);
  await app.register(remoteRoutes);
}
