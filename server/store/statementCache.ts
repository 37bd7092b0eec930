import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct statements kept; the app's queries are far fewer (past it the oldest go first). */
const MAX_STATEMENTS = 1000;

/** A LIMIT (and OFFSET) as the statement's last parameters, as Kysely compiles every `.limit()`. */
const TRAILING_LIMIT = /\blimit \?( offset \?)?$/i;

/**
 * The better-sqlite3 handle as Kysely sees it, with each statement prepared once: Kysely's SQLite
 * driver prepares every query it runs, and preparing costs more than running a small indexed read
 * (a request's auth and user reads spent most of their time there). Reuse is safe: Kysely holds the
 * one connection for each query (a streamed one included) and runs it to the end before the next.
 * A statement whose tables changed is prepared again by SQLite itself.
 *
 * A bound LIMIT is written into the statement instead: SQLite plans with the limit's value, so it
 * prepares a statement with `limit ?` again every time a value is bound to it (a one-row seek took
 * 24 µs instead of 6). Each limit (and offset) used gets a statement of its own, cached as the rest.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  const prepared = (sql: string) => {
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
  };
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const limit = TRAILING_LIMIT.exec(sql);
      if (!limit) return prepared(sql);
      const bound = limit[1] ? 2 : 1;
      const head = sql.slice(0, limit.index);
      // The limit's values into the text (whole numbers only); the other parameters stay bound.
      const literal = (params: readonly unknown[]) => {
        const tail = params.slice(params.length - bound);
        if (!tail.every((v) => Number.isSafeInteger(v) || typeof v === 'bigint')) return null;
        return {
          stmt: prepared(`${head}limit ${String(tail[0])}${bound === 2 ? ` offset ${String(tail[1])}` : ''}`),
          rest: params.slice(0, params.length - bound),
        };
      };
      const plain = () => prepared(sql);
      return {
        reader: plain().reader,
        all(params) {
          const l = literal(params);
          return l ? l.stmt.all(l.rest) : plain().all(params);
        },
        run(params) {
          const l = literal(params);
          return l ? l.stmt.run(l.rest) : plain().run(params);
        },
        iterate(params) {
          const l = literal(params);
          return l ? l.stmt.iterate(l.rest) : plain().iterate(params);
        },
      };
    },
  };
}
