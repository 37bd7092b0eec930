import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read /metrics. It names no person and no device, but it tells an outsider how busy the
 * centre is and how many consoles watch: not for the internet. With METRICS_TOKEN set, a scraper sends
 * `Authorization: Bearer <token>` (Prometheus' `authorization` setting) from anywhere; without it,
 * only this host may read (a scraper or agent beside each instance). nginx (deploy/nginx.conf) refuses
 * /metrics from outside either way: Prometheus scrapes each instance directly, not the balancer.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  // The socket's own peer, not X-Forwarded-For: behind a proxy on this host every request would look local.
  return LOOPBACK.has(request.socket.remoteAddress ?? '');
}
