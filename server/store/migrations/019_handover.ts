import type { Kysely } from 'kysely';
import { grantToConfirmingRoles } from './roleGrants';
import { withId } from './tables';

/** Ids of the operate-permission map (domain/permissions.ts), fixed here as they were when this ran. */
const EVENT_CONFIRM_ID = 2000;
const SHIFT_HANDOVER_ID = 2009;

/**
 * Issue 29, the rest of it: shift handovers (交接班) with their stored summary; a work order may be
 * dispatched to a user group (groupId; its assigneeId stays 0 until a member accepts it). The new
 * operation permission 交接班 is granted to every role that holds event confirmation, like 派单/处置/审核
 * in 015.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, 'shift_handover')
    .addColumn('tenantId', 'integer', (c) => c.notNull())
    .addColumn('shiftName', 'text', (c) => c.notNull())
    .addColumn('shiftStart', 'bigint', (c) => c.notNull())
    .addColumn('shiftEnd', 'bigint', (c) => c.notNull())
    .addColumn('fromUserId', 'integer', (c) => c.notNull())
    .addColumn('fromUserName', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('projectIds', 'text')
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('handedAt', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('toUserId', 'integer')
    .addColumn('toUserName', 'text')
    .addColumn('acceptedAt', 'bigint')
    .addColumn('acceptNote', 'text')
    .execute();
  await db.schema.createIndex('shift_handover_tenant').on('shift_handover').columns(['tenantId', 'handedAt']).execute();
  // one handover of a shift occurrence per operator: a second one is refused, also when two race
  await db.schema
    .createIndex('shift_handover_once')
    .on('shift_handover')
    .columns(['fromUserId', 'shiftName', 'shiftStart'])
    .unique()
    .execute();
  await db.schema.alterTable('work_order').addColumn('groupId', 'integer').execute();

  await grantToConfirmingRoles(db, EVENT_CONFIRM_ID, [SHIFT_HANDOVER_ID]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('work_order').dropColumn('groupId').execute();
  await db.schema.dropTable('shift_handover').execute();
}
