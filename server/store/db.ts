import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import type { Database } from './schema';
import { migrationProvider } from './migrations/index';

export interface Store {
  db: Kysely<Database>;
  /** the raw handle, for pragmas and benchmarks that compare against it */
  sqlite: SQLite.Database;
  file: string;
  close(): Promise<void>;
}

/** Opens (creating when needed) the SQLite file in WAL mode and applies pending migrations. */
export async function openStore(dataDir: string): Promise<Store> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'voltguard.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`数据库迁移失败${failed ? `（${failed.migrationName}）` : ''}: ${String(error)}`);
  }
  let closed = false;
  return {
    db,
    sqlite,
    file,
    async close() {
      if (closed) return;
      closed = true;
      // Kysely's destroy closes the better-sqlite3 handle, which checkpoints the WAL.
      await db.destroy();
    },
  };
}
