import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrationProvider } from '../../../server/store/migrations/index';

/**
 * Migration 011 (issue 15): events written before it carry one stamp, overwritten by whichever of the
 * confirmation and the remark came last. The event log holds both with their authors and times; the
 * migration puts each back into its own columns.
 */
describe('012_event_remark_stamp', () => {
  it('rebuilds the confirmation stamp and the remark stamp from the event log', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as of migration 010, before any typed schema of today
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('010_sessions')).error).toBeUndefined();
    const event = (id: number, confirmed: boolean, remark: string | null, operator: string | null, updatetime: number | null) => ({
      id,
      eventtime: 1000,
      endeventid: 0,
      customtype: 1,
      peceventlevel: 2,
      confirmeventstatus: confirmed ? 3 : 1,
      description: '剩余电流',
      remark,
      operator,
      updatetime,
      deviceid: 1,
      projectid: 1,
      tenantid: 2,
    });
    // 1: confirmed by lisi at 2000, then remarked by zhangsan at 3000 (the old code left zhangsan/3000)
    // 2: remarked only, by wangwu at 4000 (the old code stamped the "confirmation" with it)
    // 3: confirmed only, by lisi at 5000
    await db
      .insertInto('peceventextend')
      .values([event(1, true, '已处理', 'zhangsan', 3000), event(2, false, '待查', 'wangwu', 4000), event(3, true, null, 'lisi', 5000)])
      .execute();
    const log = (at: number, kind: string, actorName: string, payload: object) => ({
      at,
      kind,
      actorName,
      tenantId: 2,
      projectId: 1,
      payload: JSON.stringify(payload),
    });
    await db
      .insertInto('event_log')
      .values([
        log(2000, 'alarm.confirmed', 'lisi', { eventId: 1, operator: 'lisi', updatetime: 2000 }),
        log(3000, 'alarm.remarked', 'zhangsan', { eventId: 1, operator: 'zhangsan', remark: '已处理' }),
        log(4000, 'alarm.remarked', 'wangwu', { eventId: 2, operator: 'wangwu', remark: '待查' }),
        log(5000, 'alarm.confirmed', 'lisi', { eventId: 3, operator: 'lisi', updatetime: 5000 }),
      ])
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db
      .selectFrom('peceventextend')
      .select(['id', 'operator', 'updatetime', 'remarkoperator', 'remarktime'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 1, operator: 'lisi', updatetime: 2000, remarkoperator: 'zhangsan', remarktime: 3000 },
      { id: 2, operator: null, updatetime: null, remarkoperator: 'wangwu', remarktime: 4000 },
      { id: 3, operator: 'lisi', updatetime: 5000, remarkoperator: null, remarktime: null },
    ]);
    await db.destroy();
  });
});
