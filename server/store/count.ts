import type { SelectQueryBuilder } from 'kysely';

/**
 * How many rows a query matches, as a number: a list's total beside its page, a figure of a summary.
 * PostgreSQL answers count(*) as a bigint string, SQLite as a number; the caller gets a number from both.
 */
export async function countRows<DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // the output type over a generic table set does not resolve, so it is named here
  const row = await q
    .select((eb) => eb.fn.countAll().as('n'))
    .$castTo<{ n: number | string | bigint }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
