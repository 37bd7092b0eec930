import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { openStore, type Store, type StoreOptions } from './db';
import type { Database } from './schema';

declare module 'fastify' {
  interface FastifyInstance {
    store: Store;
    db: Kysely<Database>;
  }
}

/** The store as a plugin: opened before the services, closed on shutdown. */
export const storePlugin = fp(
  async function storePlugin(app: FastifyInstance, opts: StoreOptions) {
    const store = await openStore(opts);
    app.decorate('store', store);
    app.decorate('db', store.db);
    app.addHook('onClose', async () => {
      await store.close();
    });
  },
  { name: 'store' },
);
