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

/**
 * Migration 019 (issue 29, 交接班 and group orders): the roles holding event confirmation get 交接班;
 * existing orders stay addressed to their user (no group); the handover table is there.
 */
describe('019_handover', () => {
  it('grants 交接班 to the roles holding event_confirm, keeps the orders, adds the handover table', async () => {
    const [confirm, browse, handover] = ['event_confirm', 'event_browser', 'shift_handover'].map((n) => permissionId(n)!);
    expect(handover).toBe(2009);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as of migration 015
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('015_workorders')).error).toBeUndefined();
    await db
      .insertInto('role')
      .values([
        { id: 1, name: 'duty', tenantId: 2, customConfig: null, pageNodes: '[5]', auths: JSON.stringify([browse, confirm]) },
        { id: 2, name: 'viewer', tenantId: 2, customConfig: null, pageNodes: '[5]', auths: JSON.stringify([browse]) },
      ])
      .execute();
    await db
      .insertInto('work_order')
      .values({ tenantId: 2, projectId: 1, status: 'pending', level: 2, assigneeId: 7, dispatcherId: 3, createdAt: 1, dueAt: 2 })
      .execute();
    expect((await migrator.migrateTo('019_handover')).error).toBeUndefined();
    const roles = (await db.selectFrom('role').select(['id', 'auths']).orderBy('id').execute()) as { id: number; auths: string }[];
    expect(roles.map((r) => JSON.parse(r.auths) as number[])).toEqual([[browse, confirm, handover].sort((a, b) => a! - b!), [browse]]);
    expect(await db.selectFrom('work_order').select(['assigneeId', 'groupId']).execute()).toEqual([{ assigneeId: 7, groupId: null }]);
    expect(await db.selectFrom('shift_handover').selectAll().execute()).toEqual([]);
    await db.destroy();
  });
});
