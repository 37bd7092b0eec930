import type { FastifyInstance } from 'fastify';
import { errors, withData } from '../errors';
import { ok } from '../http/envelope';
import { sendError } from '../http/errorHandling';
import { publicRoute } from '../http/routeOptions';
import { tx } from '../text/text';
import { mayReadMetrics } from './metricsAccess';

export interface OpsRouteOptions {
  /** METRICS_TOKEN: a bearer token that opens /metrics to any address */
  metricsToken?: string | undefined;
}

/** What a stopping instance says it is not ready for. */
export const DRAINING = tx('正在停止', 'draining');

/** Probes poll every few seconds: their answers are not worth a log line each. */
const quiet = { logLevel: 'warn' as const, schema: { hide: true } };

/**
 * What load balancers, orchestrators and Prometheus call (docs/deploy.md): /healthz (the process
 * answers), /readyz (it should get traffic) and /metrics (Prometheus text).
 */
export async function opsRoutes(app: FastifyInstance, opts: OpsRouteOptions): Promise<void> {
  app.get('/healthz', { ...quiet, config: publicRoute('liveness probes of load balancers and orchestrators') }, async () =>
    ok({ live: true }),
  );

  app.get('/readyz', { ...quiet, config: publicRoute('readiness probes of load balancers and orchestrators') }, async (request, reply) => {
    const report = await app.readiness.report();
    if (report.ready) return ok(report);
    const failing = Object.entries(report.checks).flatMap(([k, v]) => (v === 'unreachable' ? [k] : []));
    return sendError(request, reply, withData(errors.NOT_READY(report.draining ? DRAINING : failing.join(', ')), report));
  });

  app.get(
    '/metrics',
    { ...quiet, config: publicRoute('Prometheus scrapes without a user login: this host only, or METRICS_TOKEN') },
    async (request, reply) => {
      if (!mayReadMetrics(request, opts.metricsToken)) return sendError(request, reply, errors.METRICS_DENIED());
      const { contentType, body } = await app.metrics.text();
      return reply.type(contentType).send(body);
    },
  );
}
