import { PostgresAdapter, sql, type Expression, type QueryExecutorProvider, type RawBuilder, type SqlBool } from 'kysely';

/** A Kysely instance or transaction of any schema. */
export type HasExecutor = QueryExecutorProvider;

export type DialectName = 'sqlite' | 'postgres';

/**
 * Which engine a Kysely instance (or one of its transactions) talks to. The few places that differ
 * (hot paths, partitions, locks) ask this instead of carrying a flag around.
 */
function dialectOf(db: HasExecutor): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export const isPostgres = (db: HasExecutor) => dialectOf(db) === 'postgres';

/** `%text%` with LIKE's wildcards escaped, for containsText. */
const likeContains = (s: string) => `%${s.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/**
 * Case-insensitive "contains" that behaves the same on SQLite (whose LIKE ignores ASCII case and has
 * no default escape character) and PostgreSQL (whose LIKE is case-sensitive and escapes with `\`).
 */
export function containsText(column: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${column}) like lower(${likeContains(text)}) escape '\\'`;
}

/** `prefix%` with the same portable rules. */
export function startsWithText(column: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${column} like ${`${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`} escape '\\'`;
}
