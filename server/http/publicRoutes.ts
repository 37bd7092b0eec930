import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback } from 'fastify';

/**
 * Registers a third-party plugin (static files, API docs) whose routes are public: its routes get the
 * `{ public: why }` declaration every route needs, in their own encapsulated context.
 */
export function publicRoutes(why: string) {
  return async function publicContext(
    app: FastifyInstance,
    opts: { plugin: FastifyPluginAsync<never> | FastifyPluginCallback<never>; options: unknown },
  ) {
    app.addHook('onRoute', (r) => {
      r.config = { ...r.config, access: { public: why } };
    });
    await app.register(opts.plugin as FastifyPluginAsync, opts.options as object);
  };
}
