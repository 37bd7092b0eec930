import type { Kysely } from 'kysely';

/**
 * Notification pacing and retention (issue 28): a rate-limited channel's next send slot, kept in the
 * store so that every instance paces the channel together (server/notify/pacing.ts); an index for
 * the worker's look for a paced channel's due deliveries, and one for pruning old deliveries by age
 * (server/notify/retention.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notify_send_slot')
    .addColumn('channelId', 'integer', (c) => c.primaryKey())
    // when the channel may send its next message (epoch ms); 0: now
    .addColumn('nextAt', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notify_delivery_channel_due')
    .on('notify_delivery')
    .columns(['channelId', 'status', 'nextAttemptAt'])
    .execute();
  await db.schema.createIndex('notify_delivery_created').on('notify_delivery').column('createdAt').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notify_delivery_created').execute();
  await db.schema.dropIndex('notify_delivery_channel_due').execute();
  await db.schema.dropTable('notify_send_slot').execute();
}
