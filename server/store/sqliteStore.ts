import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema';
import type { Store } from './storeTypes';
import { migrateToLatest } from './migrate';
import { withStatementCache } from './statementCache';

/** Opens (creating when needed) the SQLite file in WAL mode and applies pending migrations. */
export async function openSqliteStore(dataDir: string): Promise<Store> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'voltguard.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Statement journals (every multi-row INSERT of ingest keeps one) and temp tables in memory: on
  // disk each history INSERT wrote its journal pages to a temp file, a sixth of ingest's SQLite time.
  sqlite.pragma('temp_store = MEMORY');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  await migrateToLatest(db);
  let closed = false;
  return {
    dialect: 'sqlite',
    db,
    sqlite,
    get pg(): never {
      throw new Error('the store is SQLite: there is no PostgreSQL pool');
    },
    newClient(): never {
      throw new Error('the store is SQLite: there are no PostgreSQL connections');
    },
    location: file,
    async close() {
      if (closed) return;
      closed = true;
      // Kysely's destroy closes the better-sqlite3 handle, which checkpoints the WAL.
      await db.destroy();
    },
  };
}
