import type { Kysely } from 'kysely';
import { perSeries } from './tables';

/**
 * Several instances on one database (issue 16): secrets every instance must share (the device-key
 * secret lives here on PostgreSQL instead of a file in one machine's data dir), and the alarm
 * engine's per-series state, which instances read and write under a per-device lock when a device's
 * batches reach different instances.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('server_secret')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .execute();
  await perSeries(db, 'alarm_state')
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('releasecount', 'integer', (c) => c.notNull())
    .addColumn('episodeid', 'integer')
    .addColumn('lasttime', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('alarm_state_pk', ['deviceid', 'dataid'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alarm_state').execute();
  await db.schema.dropTable('server_secret').execute();
}
