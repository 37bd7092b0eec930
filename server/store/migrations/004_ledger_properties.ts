import type { Kysely } from 'kysely';
import { withId } from './tables';

/**
 * Device ledger (issue 7): custom column properties of the project and terminal levels, per tenant,
 * and indexes so the device table can page the terminals under any region quickly.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, 'ledger_property')
    .addColumn('tenantid', 'integer', (c) => c.notNull())
    .addColumn('objectlabel', 'text', (c) => c.notNull())
    .addColumn('propertylabel', 'text', (c) => c.notNull())
    .addColumn('propertyalias', 'text', (c) => c.notNull())
    .addColumn('propertytype', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('updatedAt', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('ledger_property_key', ['tenantid', 'objectlabel', 'propertylabel'])
    .execute();
  for (const col of ['provinceid', 'cityid', 'districtid', 'projectid'])
    await db.schema.createIndex(`pecdeviceinfo_${col}`).on('pecdeviceinfo').columns([col, 'deviceid']).execute();
  await db.schema.createIndex('enterprise_project').on('enterprise').column('projectid').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ledger_property').execute();
  for (const col of ['provinceid', 'cityid', 'districtid', 'projectid']) await db.schema.dropIndex(`pecdeviceinfo_${col}`).execute();
  await db.schema.dropIndex('enterprise_project').execute();
}
