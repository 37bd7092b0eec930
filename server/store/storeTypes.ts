import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema';
import type { DialectName } from './dialect';

export interface Store {
  dialect: DialectName;
  db: Kysely<Database>;
  /** the raw better-sqlite3 handle (SQLite only; throws on PostgreSQL), for hot paths and benchmarks */
  readonly sqlite: SQLite.Database;
  /** the pg pool (PostgreSQL only; throws on SQLite), for hot paths, locks and benchmarks */
  readonly pg: pg.Pool;
  /** a connection of its own, outside the pool (PostgreSQL only): session locks live as long as it */
  newClient(): pg.Client;
  /** where the data lives, for the start-up message: a file, or the URL without its password */
  location: string;
  close(): Promise<void>;
}

export interface StoreOptions {
  dataDir: string;
  /** postgres://… switches the store to PostgreSQL; otherwise SQLite in dataDir */
  databaseUrl?: string | undefined;
  /** connections in the PostgreSQL pool (default 10) */
  poolSize?: number | undefined;
}
