import type { Kysely } from 'kysely';

/**
 * Notifications (issue 28): a paced channel's deliveries in a lane of their own. The worker's look for
 * unpaced work walked the due index past every waiting delivery of the rate-limited robots (20 messages
 * a minute, so under an alarm storm thousands wait) on each of its rounds; with `paced` leading the
 * index that look only sees its own lane. Rows of channels paced today move into the lane.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('notify_delivery')
    .addColumn('paced', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('notify_delivery')
    .set({ paced: 1 })
    .where('channelId', 'in', db.selectFrom('notify_send_slot').select('channelId'))
    .execute();
  await db.schema.dropIndex('notify_delivery_due').execute();
  await db.schema.createIndex('notify_delivery_due').on('notify_delivery').columns(['paced', 'status', 'nextAttemptAt']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notify_delivery_due').execute();
  await db.schema.createIndex('notify_delivery_due').on('notify_delivery').columns(['status', 'nextAttemptAt']).execute();
  await db.schema.alterTable('notify_delivery').dropColumn('paced').execute();
}
