import type { Store, StoreOptions } from './storeTypes';
import { openSqliteStore } from './sqliteStore';
import { openPostgresStore } from './postgresStore';

export type { Store, StoreOptions } from './storeTypes';

/** Opens the store named by the options and applies pending migrations. */
export async function openStore(opts: StoreOptions | string): Promise<Store> {
  const o = typeof opts === 'string' ? { dataDir: opts } : opts;
  if (o.databaseUrl) return openPostgresStore(o.databaseUrl, o.poolSize);
  return openSqliteStore(o.dataDir);
}
