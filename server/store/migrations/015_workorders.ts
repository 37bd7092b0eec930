import type { Kysely } from 'kysely';
import { portable } from './portable';

/** Ids of the operate-permission map (domain/permissions.ts), fixed here as they were when this ran. */
const EVENT_CONFIRM_ID = 2000;
const WORKORDER_IDS = [2006, 2007, 2008];

/**
 * Work orders (issue 29): an order with its on-site record, the alarm events it carries and its
 * stamped steps (the timeline). The new operation permissions 派单, 处置, 审核 are granted to every role
 * that already holds event confirmation (the tenant administrators, the demo 值班员).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const p = portable(db);
  await db.schema
    .createTable('work_order')
    .addColumn('id', 'integer', p.autoId)
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
  await db.schema
    .createTable('work_order_event')
    .addColumn('orderId', 'integer', (c) => c.notNull())
    .addColumn('eventId', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('work_order_event_pk', ['orderId', 'eventId'])
    .execute();
  await db.schema.createIndex('work_order_event_event').on('work_order_event').column('eventId').execute();
  await db.schema
    .createTable('work_order_step')
    .addColumn('id', 'integer', p.autoId)
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

  const roles = (await db.selectFrom('role').select(['id', 'pageNodes', 'auths']).execute()) as {
    id: number;
    pageNodes: string;
    auths: string;
  }[];
  for (const r of roles) {
    const pages = parseIds(r.pageNodes);
    const auths = parseIds(r.auths);
    if (!pages.includes(EVENT_CONFIRM_ID) && !auths.includes(EVENT_CONFIRM_ID)) continue;
    const next = [...new Set([...auths, ...WORKORDER_IDS])].sort((a, b) => a - b);
    await db
      .updateTable('role')
      .set({ auths: JSON.stringify(next) })
      .where('id', '=', r.id)
      .execute();
  }
}

function parseIds(text: string): number[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.map((x) => (typeof x === 'object' && x !== null ? Number((x as { id: unknown }).id) : Number(x))) : [];
  } catch {
    return [];
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('work_order_step').execute();
  await db.schema.dropTable('work_order_event').execute();
  await db.schema.dropTable('work_order').execute();
}
