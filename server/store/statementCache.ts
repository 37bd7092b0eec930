import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct statements kept; the app's queries are far fewer (past it the oldest go first). */
const MAX_STATEMENTS = 1000;

/**
 * The better-sqlite3 handle as Kysely sees it, with each statement prepared once: Kysely's SQLite
 * driver prepares every query it runs, and preparing costs more than running a small indexed read
 * (a request's auth and user reads spent most of their time there). Reuse is safe: Kysely holds the
 * one connection for each query (a streamed one included) and runs it to the end before the next.
 * A statement whose tables changed is prepared again by SQLite itself.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        // Most recently used last, so the oldest is the first to go.
        cache.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= MAX_STATEMENTS) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}
