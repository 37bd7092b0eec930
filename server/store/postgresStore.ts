import type pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema';
import type { Store } from './storeTypes';
import { migrateToLatest } from './migrate';

const INT8 = 20;
const NUMERIC = 1700;

/**
 * Timestamps (ms), sequence numbers, counts and sums come back from PostgreSQL as int8 or numeric,
 * which pg hands out as strings. Every such value of this schema fits a double exactly (ms until the
 * year 287,396; counts far below 2^53), so they are read as numbers, as SQLite gives them.
 */
function numericTypes(pgTypes: typeof pg.types) {
  return {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === INT8 || oid === NUMERIC) return (v: string) => Number(v);
      return pgTypes.getTypeParser(oid, format);
    },
  };
}

/** postgres://user:secret@host/db → postgres://user:***@host/db: the password never reaches a log. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}

/** Opens a pool on DATABASE_URL and applies pending migrations. */
export async function openPostgresStore(url: string, poolSize = 10): Promise<Store> {
  // Loaded here, not at the top: the embedded SQLite start (the default) does not load pg at all.
  const { default: pg } = await import('pg');
  const types = numericTypes(pg.types);
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types, application_name: 'voltguard' });
  // An idle client losing its connection (the database restarted) must not crash the process:
  // the pool drops it and the next query opens a new one.
  pool.on('error', (err) => console.error(`PostgreSQL: ${err.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await db.connection().execute(async () => undefined);
  } catch (err) {
    await db.destroy().catch(() => undefined);
    throw new Error(`无法连接 PostgreSQL（${redactUrl(url)}）：${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  await migrateToLatest(db);
  let closed = false;
  return {
    dialect: 'postgres',
    db,
    get sqlite(): never {
      throw new Error('the store is PostgreSQL: there is no SQLite handle');
    },
    pg: pool,
    newClient: () => new pg.Client({ connectionString: url, types, application_name: 'voltguard' }),
    location: redactUrl(url),
    async close() {
      if (closed) return;
      closed = true;
      // Kysely's destroy ends the pool.
      await db.destroy();
    },
  };
}
