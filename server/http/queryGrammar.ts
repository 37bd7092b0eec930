import { sql, type SelectQueryBuilder } from 'kysely';
import type { Expression } from '../../domain/schemas/query';
import { errors } from '../errors';
import { tx } from '../text/text';
import { containsText } from '../store/dialect';

const SQL_OP = { EQ: '=', NE: '<>', GT: '>', GE: '>=', LT: '<', LE: '<=' } as const;

/**
 * Applies filter expressions to a query. Property names are checked against a whitelist so no
 * client string reaches SQL as an identifier.
 */
export function applyExpressions<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  expressions: readonly Expression[],
  allowed: ReadonlySet<string>,
  table: string,
): SelectQueryBuilder<DB, TB, O> {
  for (const e of expressions) {
    if (!allowed.has(e.prop)) throw errors.BAD_REQUEST(tx(`不支持按属性 ${e.prop} 过滤`, `cannot filter by ${e.prop}`));
    const col = sql.ref(`${table}.${e.prop}`);
    if (e.operator === 'IN') {
      const list = e.limit as unknown[];
      q = list.length === 0 ? q.where(sql<boolean>`1 = 0`) : q.where(sql<boolean>`${col} in (${sql.join(list.map((v) => sql`${v}`))})`);
    } else if (e.limit === null) {
      q = q.where(e.operator === 'NE' ? sql<boolean>`${col} is not null` : sql<boolean>`${col} is null`);
    } else if (e.operator === 'LIKE') {
      // as text, so LIKE on a number column works on PostgreSQL as it does on SQLite
      q = q.where(containsText(sql`cast(${col} as text)`, String(e.limit)));
    } else {
      q = q.where(sql<boolean>`${col} ${sql.raw(SQL_OP[e.operator])} ${e.limit}`);
    }
  }
  return q;
}
