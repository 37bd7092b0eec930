import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { errors, VgError } from '../errors';

/**
 * Turns every failure into the spec's envelope with a message that names the problem; stack traces
 * go to the log, never to the client.
 */
export const errorHandling = fp(async function errorHandling(app: FastifyInstance, opts: { bodyLimit: number }) {
  app.setErrorHandler((err: FastifyError | VgError, request, reply) => {
    const vg = toVgError(err, opts.bodyLimit);
    if (vg.statusCode >= 500) request.log.error({ err }, 'request failed');
    reply.status(vg.statusCode).send({ code: vg.code, msg: vg.message, data: vg.data });
  });
  app.setNotFoundHandler((request, reply) => {
    const e = errors.NOT_FOUND_ROUTE(request.method, request.url.split('?')[0]!);
    reply.status(404).send({ code: e.code, msg: e.message, data: null });
  });
});

function toVgError(err: FastifyError | VgError, bodyLimit: number): VgError {
  if (err instanceof VgError) return err;
  const code = (err as FastifyError).code ?? '';
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errors.BODY_TOO_LARGE(bodyLimit);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return errors.INVALID_JSON(err.message);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errors.INVALID_JSON('请求体为空');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return errors.UNSUPPORTED_MEDIA(err.message);
    case 'FST_ERR_RATE_LIMIT':
      return errors.RATE_LIMITED();
    default:
      break;
  }
  if (err instanceof SyntaxError || (err as FastifyError).statusCode === 400) {
    return errors.BAD_REQUEST(err.message);
  }
  const status = (err as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return new VgError('CLIENT', 4000 + (status % 100), err.message, status);
  return errors.INTERNAL();
}
