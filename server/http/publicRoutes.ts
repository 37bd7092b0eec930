import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback } from 'fastify';

/**
 * Registers a third-party plugin (static files, API docs) whose routes are public: its routes get the
 * `{ public: why }` declaration every route needs, in their own encapsulated context.
 */
export function publicRoutes(why: string, opts: { hide?: boolean } = {}) {
  return async function publicContext(
    app: FastifyInstance,
    registration: { plugin: FastifyPluginAsync<never> | FastifyPluginCallback<never>; options: unknown },
  ) {
    app.addHook('onRoute', (r) => {
      r.config = { ...r.config, access: { public: why } };
      // the browser app's files are not part of the API document
      if (opts.hide) r.schema = { ...r.schema, hide: true };
    });
    await app.register(registration.plugin as FastifyPluginAsync, registration.options as object);
  };
}
