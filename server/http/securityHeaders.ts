import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (@fastify/helmet), docs/security.md: a CSP the browser app, its
 * series worker and its socket.io connection work under; no sniffing; no framing by other sites; no
 * Referer (the kiosk's first URL carries a token).
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // React sets style properties and the printable report carries its own <style>
  styleSrc: ["'self'", "'unsafe-inline'"],
  // logos and report charts arrive as blob: and data: URLs
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  // fetch and socket.io (same-origin ws:/wss: is 'self' in CSP 3)
  connectSrc: ["'self'"],
  // the comlink series worker (a module file; blob: for bundlers that inline it)
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export const securityHeaders = fp(
  async function securityHeaders(app: FastifyInstance) {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      referrerPolicy: { policy: 'no-referrer' },
      // the app loads no cross-origin resources; COEP would only get in the way of downloads
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'security-headers' },
);
