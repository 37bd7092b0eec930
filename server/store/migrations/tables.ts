import type { Kysely } from 'kysely';
import { portable } from './portable';

// Table shapes several migrations create. Each gives exactly the columns, keys and indexes the
// migrations wrote inline before, in the same order, so a landed migration keeps its schema.

/** A table numbered by an auto-increment `id`, its first column. */
export function withId(db: Kysely<any>, table: string) {
  return db.schema.createTable(table).addColumn('id', 'integer', portable(db).autoId);
}

/** A table of series (a device's measure): `deviceid` and `dataid` first, both required. */
export function perSeries(db: Kysely<any>, table: string) {
  return db.schema
    .createTable(table)
    .addColumn('deviceid', 'integer', (c) => c.notNull())
    .addColumn('dataid', 'integer', (c) => c.notNull());
}

/**
 * A link between two ids (`from` → `to`): both required, the pair the primary key (`<table>_pk`), and
 * an index on `to` for the way back.
 */
export async function createLinkTable(db: Kysely<any>, table: string, from: string, to: string, toIndex: string): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn(from, 'integer', (c) => c.notNull())
    .addColumn(to, 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_pk`, [from, to])
    .execute();
  await db.schema.createIndex(toIndex).on(table).column(to).execute();
}
