import type { FastifyInstance } from 'fastify';
import { Metrics } from './metrics';
import { Readiness } from './readiness';
import { StoreHealth } from './storeHealth';
import { DRAINING, opsRoutes, type OpsRouteOptions } from './routes';
import { errors } from '../errors';
import { sendError } from '../http/errorHandling';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus series of this instance; other services add theirs (e.g. setDeliveryBacklog) */
    metrics: Metrics;
    readiness: Readiness;
    /** whether the store takes writes, for the consoles' banner (server/ops/storeBanner.ts) */
    storeHealth: StoreHealth;
  }
}

const PROBES = new Set(['/healthz', '/readyz']);

/** Before the services: they may report to app.metrics as they start, and their routes get the drain hook. */
export async function attachOps(app: FastifyInstance, opts: OpsRouteOptions): Promise<void> {
  const metrics = new Metrics();
  const readiness = new Readiness(app);
  app.decorate('metrics', metrics);
  app.decorate('readiness', readiness);
  const storeHealth = new StoreHealth();
  app.decorate('storeHealth', storeHealth);
  // a request failing on the store (a console's read while PostgreSQL is away, a refused write)
  app.addHook('onError', async (_request, _reply, err) => storeHealth.observe(err));
  app.addHook('onClose', async () => metrics.close());
  // While the app closes, a request that still arrives (on a kept-alive connection) gets the envelope
  // with Retry-After and the connection closed — not Fastify's own 503 body (return503OnClosing is off).
  app.addHook('preClose', async () => readiness.drain());
  app.addHook('onRequest', async (request, reply) => {
    // the probes answer for themselves: alive, and not ready (with the full report)
    if (!readiness.draining || PROBES.has(request.routeOptions.url ?? '')) return;
    reply.header('connection', 'close');
    return sendError(request, reply, errors.NOT_READY(DRAINING));
  });
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
