import type { FastifyRequest } from 'fastify';
import { REDACT_PATHS, redactLine, serializeRequest } from './logRedaction';

/**
 * The logger options: whatever the caller asks for (level, stream), with the redaction layers of
 * logRedaction.ts always on.
 */
export function loggerOptions(logger: boolean | object): false | object {
  if (!logger) return false;
  const base = typeof logger === 'object' ? (logger as Record<string, unknown>) : {};
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { ...(base.serializers as object | undefined), req: (request: FastifyRequest) => serializeRequest(request) },
    hooks: { ...(base.hooks as object | undefined), streamWrite: (line: string) => redactLine(line) },
  };
}
