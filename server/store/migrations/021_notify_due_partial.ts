import { sql, type Kysely } from 'kysely';

/**
 * Notifications (issue 28): the due indexes hold only the deliveries still to be sent. Under an alarm
 * storm thousands of rows a second are written and sent; with every sent row kept in the due indexes
 * each write and each "sent" moved entries through trees that only grew, while the worker only ever
 * looks for pending and retrying rows. Partial indexes (SQLite and PostgreSQL alike) shrink to the
 * backlog: a sent row leaves them. The queries name the same literal condition (server/notify/claim.ts
 * `STILL_DUE`), which is what lets either planner use them.
 */
const STILL_DUE = `"status" in ('pending', 'retrying')`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notify_delivery_due').execute();
  await db.schema.dropIndex('notify_delivery_channel_due').execute();
  await sql.raw(`create index "notify_delivery_due" on "notify_delivery" ("paced", "nextAttemptAt") where ${STILL_DUE}`).execute(db);
  await sql
    .raw(`create index "notify_delivery_channel_due" on "notify_delivery" ("channelId", "nextAttemptAt") where ${STILL_DUE}`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notify_delivery_due').execute();
  await db.schema.dropIndex('notify_delivery_channel_due').execute();
  await db.schema.createIndex('notify_delivery_due').on('notify_delivery').columns(['paced', 'status', 'nextAttemptAt']).execute();
  await db.schema
    .createIndex('notify_delivery_channel_due')
    .on('notify_delivery')
    .columns(['channelId', 'status', 'nextAttemptAt'])
    .execute();
}
