import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (helmet's, computed once), docs/security.md: a CSP the browser app, its
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

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  referrerPolicy: { policy: 'no-referrer' },
  // the app loads no cross-origin resources; COEP would only get in the way of downloads
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets and removes with these options, worked out once: nothing in them depends on
 * the request (no nonces), and @fastify/helmet built a new helmet — parsing every CSP directive — on
 * every request (a tenth of a light API call's CPU, issue 17).
 */
function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): { set: [string, string][]; remove: string[] } {
  const set: [string, string][] = [];
  const remove: string[] = [];
  const res = {
    setHeader: (name: string, value: unknown) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void remove.push(name),
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return { set, remove };
}

export const securityHeaders = fp(
  async function securityHeaders(app: FastifyInstance) {
    const { set, remove } = helmetHeaders();
    const headers = Object.fromEntries(set.map(([name, value]) => [name.toLowerCase(), value]));
    // First of the onRequest hooks, as helmet's was: every answer has them, refusals and 404s too. Set
    // on the reply (written with the status line in one go), not one by one on the raw response.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      for (const name of remove) reply.raw.removeHeader(name);
      done();
    });
  },
  { name: 'security-headers' },
);
