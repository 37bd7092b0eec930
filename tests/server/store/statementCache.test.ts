import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStatementCache } from '../../../server/store/statementCache';
import { testStoreName } from '../../infra/testStore';

interface Db {
  item: { id: number; grp: number; name: string };
}

// Kysely over better-sqlite3, whatever store the run tests.
describe.skipIf(testStoreName() === 'postgres')('the SQLite statement cache', () => {
  let raw: SQLite.Database;
  let db: Kysely<Db>;
  beforeAll(async () => {
    raw = new SQLite(':memory:');
    db = new Kysely<Db>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
    await db.schema
      .createTable('item')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('grp', 'integer')
      .addColumn('name', 'text')
      .execute();
    await db
      .insertInto('item')
      .values(Array.from({ length: 10 }, (_, i) => ({ id: i + 1, grp: i % 2, name: `n${i + 1}` })))
      .execute();
  });
  afterAll(async () => db.destroy());

  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

  it('answers limits and offsets with their own values each time, the other parameters still bound', async () => {
    const page = (grp: number, limit: number, offset?: number) => {
      const q = db.selectFrom('item').select('id').where('grp', '=', grp).orderBy('id').limit(limit);
      return (offset === undefined ? q : q.offset(offset)).execute();
    };
    expect(ids(await page(0, 2))).toEqual([1, 3]);
    expect(ids(await page(0, 4))).toEqual([1, 3, 5, 7]);
    expect(ids(await page(1, 2))).toEqual([2, 4]);
    expect(ids(await page(1, 2, 2))).toEqual([6, 8]);
    expect(ids(await page(1, 2, 3))).toEqual([8, 10]);
    expect(ids(await page(0, 1))).toEqual([1]);
    expect(await db.selectFrom('item').select('name').where('id', '>', 8).orderBy('id').executeTakeFirst()).toEqual({ name: 'n9' });
  });

  it('leaves a limit inside the statement, or one that is not a whole number, bound', async () => {
    const inner = await db
      .selectFrom('item')
      .select('id')
      .where('id', 'in', (eb) => eb.selectFrom('item').select('id').where('grp', '=', 1).orderBy('id', 'desc').limit(2))
      .orderBy('id')
      .execute();
    expect(ids(inner)).toEqual([8, 10]);
    const { rows } = await sql<{ id: number }>`select id from item order by id limit ${'3'}`.execute(db);
    expect(ids(rows)).toEqual([1, 2, 3]);
    // every statement still answers after a change of the table's shape
    await db.schema.alterTable('item').addColumn('extra', 'integer').execute();
    expect(ids(await db.selectFrom('item').select('id').orderBy('id').limit(2).execute())).toEqual([1, 2]);
  });
});
