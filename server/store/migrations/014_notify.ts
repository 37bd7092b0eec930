import type { Kysely } from 'kysely';
import { withId } from './tables';

/**
 * Notifications (issue 28): channels and rules per tenant, and the delivery outbox, written in the
 * alarm's own transaction and worked off by the delivery worker (server/notify/worker.ts). Users get
 * the contact fields a robot mention or a message needs, and the language their messages are in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, 'notify_channel')
    .addColumn('tenantId', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON text of the kind's config, secrets included: never answered unmasked
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .addColumn('updatedAt', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notify_channel_tenant').on('notify_channel').column('tenantId').execute();
  await withId(db, 'notify_rule')
    .addColumn('tenantId', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON arrays (null: every project in scope / every type)
    .addColumn('projectIds', 'text')
    .addColumn('levels', 'text', (c) => c.notNull())
    .addColumn('types', 'text')
    .addColumn('channelIds', 'text', (c) => c.notNull())
    .addColumn('userIds', 'text', (c) => c.notNull())
    .addColumn('sendEnd', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quietHours', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .addColumn('updatedAt', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notify_rule_tenant').on('notify_rule').column('tenantId').execute();
  await db.schema
    .createTable('notify_delivery')
    // a UUID, the receiver's idempotency key: kept across every attempt and restart
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenantId', 'integer', (c) => c.notNull())
    .addColumn('eventSeq', 'bigint')
    .addColumn('eventId', 'integer')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ruleId', 'integer')
    .addColumn('channelId', 'integer', (c) => c.notNull())
    .addColumn('userId', 'integer')
    .addColumn('recipient', 'text')
    .addColumn('projectId', 'integer')
    .addColumn('level', 'integer')
    // device|type of the alarm: a flood of one key goes out as one digest
    .addColumn('floodKey', 'text')
    // JSON text of the facts the message is written from (names, values, times, language)
    .addColumn('facts', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lastError', 'text')
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .addColumn('sentAt', 'bigint')
    .addColumn('nextAttemptAt', 'bigint')
    .addColumn('leaseOwner', 'text')
    .addColumn('leaseUntil', 'bigint')
    .addColumn('mergedInto', 'text')
    .addColumn('noticeMode', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notify_delivery_due').on('notify_delivery').columns(['status', 'nextAttemptAt']).execute();
  await db.schema.createIndex('notify_delivery_event').on('notify_delivery').column('eventId').execute();
  await db.schema.createIndex('notify_delivery_tenant_time').on('notify_delivery').columns(['tenantId', 'createdAt']).execute();
  for (const column of ['wecomId', 'dingtalkId', 'language']) await db.schema.alterTable('app_user').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['language', 'dingtalkId', 'wecomId']) await db.schema.alterTable('app_user').dropColumn(column).execute();
  for (const t of ['notify_delivery', 'notify_rule', 'notify_channel']) await db.schema.dropTable(t).execute();
}
