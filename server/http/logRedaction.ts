import type { FastifyRequest } from 'fastify';

/**
 * Secrets never reach a log line (docs/security.md): passwords and their digests or proofs, tokens,
 * nonces and device keys, wherever they sit — a URL's query, a header, a logged object. Three layers:
 * the request serializer logs the URL with secret query values replaced, pino's redact paths blank the
 * known fields of logged objects, and every finished line passes redactLine() before it is written.
 */
const REDACTED = '[redacted]';

/** Names whose values are secrets (query keys, JSON keys, headers). */
const SECRET_NAME = /pass(word)?|pwd|token|secret|nonce|proof|digest|authorization|cookie|(device[-_]?)?key|credential|session/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // an undecodable name is judged as written
      }
      return SECRET_NAME.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** The last layer, on the serialized line: JSON fields, query pairs and bearer values named like secrets. */
export function redactLine(line: string): string {
  return line
    .replace(/("([^"\\]{0,60})"\s*:\s*)"((?:[^"\\]|\\.)*)"/g, (m, head: string, key: string) =>
      SECRET_NAME.test(key) ? `${head}"${REDACTED}"` : m,
    )
    .replace(/([?&;]([\w.%-]{1,60})=)([^&\s"#]*)/g, (m, head: string, key: string) => (SECRET_NAME.test(key) ? `${head}${REDACTED}` : m))
    .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g, `$1 ${REDACTED}`);
}

/** pino paths of known secret fields, at any of the depths our log calls use. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-device-key"]',
  'headers.authorization',
  'headers["x-device-key"]',
  '*.password',
  '*.token',
  '*.key',
  '*.nonce',
  '*.newPassword',
  '*.oldPassword',
  'password',
  'token',
];

/** Fastify's request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
