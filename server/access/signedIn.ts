import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { sessionOf } from '../auth/session';
import type { Session } from '../auth/access';
import type { guarded } from '../http/routeOptions';

/** A route's zod schemas, as Fastify's `schema` option takes them (the OpenAPI document is made from them). */
interface Schemas {
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
}

/** What Fastify's zod validator hands the handler for one part: the schema's output, or undefined. */
type Parsed<S, K extends keyof Schemas> = S extends { [P in K]: infer T } ? (T extends z.ZodType ? z.output<T> : undefined) : undefined;

/** What a signed-in route's handler is given: the caller's session and the parsed, typed input. */
interface SignedInInput<S> {
  session: Session;
  body: Parsed<S, 'body'>;
  query: Parsed<S, 'querystring'>;
  params: Parsed<S, 'params'>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Fastify's route options as a signed-in route writes them: its schemas and its access declaration. */
interface SignedInOptions<S> {
  schema?: S;
  config: ReturnType<typeof guarded>;
}

type Handler<S> = (input: SignedInInput<S>) => Promise<unknown>;

/**
 * Routes that need a live token, written once: each is registered with its own schemas and access
 * declaration (the route guard checks it before the handler runs), and its handler receives the
 * session and the body, query and params as the schemas parsed them, typed by those schemas.
 */
export function signedIn(app: FastifyInstance) {
  const add =
    (method: HTTPMethods) =>
    <S extends Schemas = Record<never, never>>(url: string, options: SignedInOptions<S>, handler: Handler<S>) => {
      const route: RouteOptions = {
        method,
        url,
        ...options,
        // Fastify's validator has replaced each part with its schema's output, so the types hold.
        handler: (request, reply) =>
          handler({
            session: sessionOf(request),
            body: request.body as Parsed<S, 'body'>,
            query: request.query as Parsed<S, 'querystring'>,
            params: request.params as Parsed<S, 'params'>,
            request,
            reply,
          }),
      };
      app.route(route);
    };
  return { get: add('GET'), post: add('POST'), put: add('PUT'), delete: add('DELETE') };
}
