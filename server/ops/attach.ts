import type { FastifyInstance } from 'fastify';
import { Metrics } from './metrics';
import { Readiness } from './readiness';
import { opsRoutes, type OpsRouteOptions } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus series of this instance; other services add theirs (e.g. setDeliveryBacklog) */
    metrics: Metrics;
    readiness: Readiness;
  }
}

/** Before the services: they may report to app.metrics as they start. */
export async function attachOps(app: FastifyInstance, opts: OpsRouteOptions): Promise<void> {
  const metrics = new Metrics();
  app.decorate('metrics', metrics);
  app.decorate('readiness', new Readiness(app));
  app.addHook('onClose', async () => metrics.close());
  await app.register(opsRoutes, opts);
}

/** After telemetry, push and the cluster: their events feed the series. */
export function instrument(app: FastifyInstance): void {
  const { metrics } = app;
  app.telemetry.writer.onTransactionTimed((seconds) => metrics.storeWriteLatency.observe(seconds));
  app.telemetry.writer.onCommitted((batches) => {
    let readings = 0;
    for (const b of batches) readings += b.readings.length;
    metrics.ingestedBatches.inc(batches.length);
    metrics.ingestedReadings.inc(readings);
  });
  // Events of every instance reach this listener when this instance pushes them to its consoles.
  app.eventLog.onEvent((ev) => {
    if (ev.kind.startsWith('alarm.')) metrics.alarmPushLatency.observe(Math.max(0, Date.now() - ev.at) / 1000);
  });
  metrics.countConsoles(() => app.io.of('/').sockets.size);
}
