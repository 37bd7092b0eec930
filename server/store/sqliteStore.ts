import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type DatabaseConnection, type Driver } from 'kysely';
import type { Database } from './schema';
import type { Store } from './storeTypes';
import { migrateToLatest } from './migrate';
import { withStatementCache } from './statementCache';

/**
 * SQLite rolls a transaction back by itself when a write fails for want of space or on an I/O error
 * (SQLITE_FULL, SQLITE_IOERR). Kysely's rollback after that fails ("no transaction is active") and its
 * error replaced the real one: a full disk answered 服务器内部错误 instead of 存储空间已满. So a
 * rollback with no transaction open is skipped and the cause reaches the caller.
 */
class SelfRollbackAwareDialect extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: withStatementCache(sqlite) });
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection: DatabaseConnection) => {
      if (this.sqlite.inTransaction) await rollback(connection);
    };
    return driver;
  }
}

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
  // A page cache of 64 MiB (SQLite's default is 2 MiB): an ingest transaction of a fleet touches a
  // history page per series and its index pages, which at 2 MiB were read back from the OS at every
  // insert and spilled before the commit (ingest bench: history INSERTs 3.2 → 1.5 s, 172–177k →
  // 184–193k readings/s; 256 MiB gained nothing more). It is memory, counted in the process's RSS.
  sqlite.pragma('cache_size = -65536');
  const db = new Kysely<Database>({ dialect: new SelfRollbackAwareDialect(sqlite) });
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
