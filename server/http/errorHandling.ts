import http from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, VgError } from '../errors';
import { languageOf, parseAcceptLanguage } from '../text/language';
import { tx } from '../text/text';
import { parseJsonBody } from './jsonBody';
import { discardBody } from './discardBody';
import { storeFault } from '../store/faults';
import { RouteTable } from './routeTable';

/** Seconds a client waits before sending again what this instance could not serve now. */
const RETRY_AFTER_S = 5;

/** The envelope of a coded error, in the request's language. */
export function sendError(request: FastifyRequest, reply: FastifyReply, vg: VgError): FastifyReply {
  // A 503 says when to try again (gateways, nginx's next upstream and scripts read it).
  if (vg.kind === 'unavailable' && !reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_S));
  return reply.status(vg.statusCode).send({ code: vg.code, msg: vg.messageIn(languageOf(request)), data: vg.data });
}

/**
 * Every failure as the spec's envelope with a message that names the problem, through the one
 * registry: our own coded errors, Fastify's (bad JSON, wrong content type, body too large, unknown
 * route, method not allowed, bad URL), the multipart plugin's and the rate limiter's. Anything else
 * is a server defect: logged with its stack, answered INTERNAL without it.
 */
export const errorHandling = fp(
  async function errorHandling(app: FastifyInstance, opts: { bodyLimit: number }) {
    const routes = new RouteTable();
    app.addHook('onRoute', (r) => routes.add(r.method, r.url));

    // Our JSON parser: depth-bounded, refuses prototype keys, and says which fault it found.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, parseJsonBody(body as string));
      } catch (err) {
        done(err as Error, undefined);
      }
    });

    app.setErrorHandler(async (err: FastifyError | VgError, request, reply) => {
      const vg = toVgError(err, opts.bodyLimit);
      if (vg.statusCode === 500) request.log.error({ err }, 'request failed');
      else if (vg.kind === 'unavailable') request.log.warn({ code: vg.code, reason: err.message }, 'request not served: the store refuses');
      if (vg.code === errors.BODY_TOO_LARGE.code) await discardBody(request.raw);
      return sendError(request, reply, vg);
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0]!.slice(0, 200);
      const allowed = routes.methodsOf(request.url.split('?')[0]!);
      if (allowed.length && !allowed.includes(request.method)) {
        reply.header('allow', allowed.join(', '));
        return sendError(request, reply, errors.METHOD_NOT_ALLOWED(path, request.method, allowed.join(', ')));
      }
      return sendError(request, reply, errors.NOT_FOUND_ROUTE(request.method, path));
    });
  },
  { name: 'error-handling' },
);

/** Maps a thrown error to the registry. */
export function toVgError(err: FastifyError | VgError | Error, bodyLimit: number): VgError {
  if (err instanceof VgError) return err;
  const fault = storeFault(err);
  if (fault) return fault;
  const code = (err as FastifyError).code ?? '';
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errors.BODY_TOO_LARGE(bodyLimit);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return errors.INVALID_JSON(tx('无法解析', 'it cannot be parsed'));
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errors.INVALID_JSON(tx('请求体为空', 'the body is empty'));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errors.UNSUPPORTED_MEDIA(tx('请使用 application/json', 'use application/json'));
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return errors.BAD_REQUEST(tx('Content-Length 与请求体长度不符', 'Content-Length does not match the body'));
    case 'FST_ERR_RATE_LIMIT':
      return errors.RATE_LIMITED();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return errors.UNSUPPORTED_MEDIA(tx('上传须为 multipart/form-data', 'an upload must be multipart/form-data'));
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return errors.BAD_MULTIPART(tx('字段或文件过多', 'too many fields or files'));
    case 'FST_PROTO_VIOLATION':
      return errors.BAD_MULTIPART(tx('字段名不允许为 __proto__', 'a field may not be named __proto__'));
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return errors.BAD_MULTIPART(tx('字段不是合法的 JSON', 'a field is not valid JSON'));
    case 'FST_MP_PREMATURE_CLOSE':
      return errors.BAD_MULTIPART(tx('上传在完成前中断', 'the upload ended early'));
    case 'FST_ERR_BAD_URL':
      return errors.BAD_URL(tx('路径含有非法的百分号编码', 'the path holds invalid percent-encoding'));
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return errors.BAD_URL(tx('路径参数过长', 'a path parameter is too long'));
    default:
      break;
  }
  // Database constraints are the last line behind the routes' own checks (SQLite and PostgreSQL codes).
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505')
    return errors.CONFLICT(tx('与已有记录重复', 'it duplicates an existing record'));
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503')
    return errors.BAD_REQUEST(tx('引用的记录不存在或仍被引用', 'a referenced record does not exist or is still referenced'));
  const status = (err as FastifyError).statusCode;
  if (status === 413) return errors.BODY_TOO_LARGE(bodyLimit);
  if (status === 415) return errors.UNSUPPORTED_MEDIA(tx('请使用 application/json', 'use application/json'));
  if (status && status >= 400 && status < 500) return errors.BAD_REQUEST(tx('请求无法处理', 'the request cannot be handled'));
  return errors.INTERNAL();
}

/** Fastify's router failures before any route (bad percent-encoding, over-long parameters). */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void sendError(request, reply, toVgError(err, 0));
}

/**
 * Failures of the HTTP parser itself (bad request line, oversized headers, timeouts): there is no
 * request object yet, so the envelope is written to the socket directly.
 */
export function clientErrorHandler(err: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const timeout = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const headers = err.code === 'HPE_HEADER_OVERFLOW';
  const status = timeout ? 408 : headers ? 431 : 400;
  // The raw packet may hold Accept-Language; without it the answer is Chinese.
  const raw = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.toString('latin1') : '';
  const lang = parseAcceptLanguage(/accept-language:\s*([^\r\n]{0,200})/i.exec(raw)?.[1]);
  const vg = errors.BAD_REQUEST(
    timeout
      ? tx('请求超时未完成', 'the request did not complete in time')
      : headers
        ? tx('请求头过大', 'the request headers are too large')
        : tx('HTTP 请求格式错误', 'the HTTP request is malformed'),
  );
  const body = JSON.stringify({ code: vg.code, msg: vg.messageIn(lang), data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
