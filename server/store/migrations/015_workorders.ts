import type { Kysely } from 'kysely';
import { grantToConfirmingRoles } from './roleGrants';
import { createLinkTable, withId } from './tables';

/** Ids of the operate-permission map (domain/permissions.ts), fixed here as they were when this ran. */
const EVENT_CONFIRM_ID = 2000;
const WORKORDER_IDS = [2006, 2007, 2008];

/**
 * Work orders (issue 29): an order with its on-site record, the alarm events it carries and its
 * stamped steps (the timeline). The new operation permissions 派单, 处置, 审核 are granted to every role
 * that already holds event confirmation (the tenant administrators, the demo 值班员).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, 'work_order')
    .addColumn('tenantId', 'integer', (c) => c.notNull())
    .addColumn('projectId', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('assigneeId', 'integer', (c) => c.notNull())
    .addColumn('dispatcherId', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .addColumn('dueAt', 'bigint', (c) => c.notNull())
    .addColumn('acceptedAt', 'bigint')
    .addColumn('resolvedAt', 'bigint')
    .addColumn('closedAt', 'bigint')
    .addColumn('overdueAt', 'bigint')
    .addColumn('cause', 'text')
    .addColumn('measures', 'text')
    .addColumn('fileIds', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('overrideReason', 'text')
    .addColumn('readings', 'text')
    .execute();
  await db.schema.createIndex('work_order_project').on('work_order').columns(['projectId', 'createdAt']).execute();
  await db.schema.createIndex('work_order_assignee').on('work_order').columns(['assigneeId', 'status']).execute();
  await db.schema.createIndex('work_order_due').on('work_order').columns(['status', 'overdueAt', 'dueAt']).execute();
  await createLinkTable(db, 'work_order_event', 'orderId', 'eventId', 'work_order_event_event');
  await withId(db, 'work_order_step')
    .addColumn('orderId', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('fromStatus', 'text')
    .addColumn('toStatus', 'text', (c) => c.notNull())
    .addColumn('actorId', 'integer')
    .addColumn('actorName', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('work_order_step_order').on('work_order_step').columns(['orderId', 'id']).execute();

  await grantToConfirmingRoles(db, EVENT_CONFIRM_ID, WORKORDER_IDS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('work_order_step').execute();
  await db.schema.dropTable('work_order_event').execute();
  await db.schema.dropTable('work_order').execute();
}
