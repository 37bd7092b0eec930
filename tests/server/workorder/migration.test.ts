import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrationProvider } from '../../../server/store/migrations/index';
import { permissionId } from '../../../domain/permissions';

/**
 * Migration 015 (issue 29): on upgrade the roles that already hold event confirmation get 派单, 处置
 * and 审核; other roles are left as they were.
 */
describe('015_workorders', () => {
  it('grants the work-order permissions to the roles holding event_confirm, and only to them', async () => {
    const [confirm, dispatch, handle, review, browse] = [
      'event_confirm',
      'workorder_dispatch',
      'workorder_handle',
      'workorder_review',
      'event_browser',
    ].map((n) => permissionId(n)!);
    // the ids the migration has fixed in itself
    expect([confirm, dispatch, handle, review]).toEqual([2000, 2006, 2007, 2008]);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as of migration 013
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('013_event_escalation')).error).toBeUndefined();
    const role = (id: number, auths: number[]) => ({
      id,
      name: `r${id}`,
      tenantId: 2,
      customConfig: null,
      pageNodes: '[5]',
      auths: JSON.stringify(auths),
    });
    await db
      .insertInto('role')
      .values([role(1, [browse!, confirm!]), role(2, [browse!]), role(3, [])])
      .execute();
    expect((await migrator.migrateTo('015_workorders')).error).toBeUndefined();
    const rows = (await db.selectFrom('role').select(['id', 'auths']).orderBy('id').execute()) as { id: number; auths: string }[];
    expect(rows.map((r) => [r.id, JSON.parse(r.auths) as number[]])).toEqual([
      [1, [browse, confirm, dispatch, handle, review].sort((a, b) => a! - b!)],
      [2, [browse]],
      [3, []],
    ]);
    // the tables are there, empty
    expect(await db.selectFrom('work_order').selectAll().execute()).toEqual([]);
    await db.destroy();
  });
});
