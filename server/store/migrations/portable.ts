import type { ColumnDataType, ColumnDefinitionBuilder, Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * The few column shapes that differ between SQLite and PostgreSQL. On SQLite each helper gives
 * exactly what the migrations wrote before PostgreSQL was supported, so existing files keep their
 * schema; on PostgreSQL it gives the equivalent native type.
 */
export function portable(db: Kysely<any>) {
  const pg = isPostgres(db);
  return {
    pg,
    /** SQLite's REAL is an 8-byte float; PostgreSQL's `real` is 4 bytes, so use double precision there */
    real: (pg ? 'double precision' : 'real') as ColumnDataType,
    /** an auto-numbered integer key: SQLite AUTOINCREMENT, PostgreSQL an identity column */
    autoId: (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()),
  };
}
