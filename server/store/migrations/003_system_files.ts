import type { Kysely } from 'kysely';
import { withId } from './tables';

/**
 * Information management (issue 7): per-tenant system settings, device access schemes
 * (equipaccessscheme) with their device links, and the metadata of uploaded files (the bytes live
 * under <dataDir>/files, never in the database).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('system_setting')
    .addColumn('tenantId', 'integer', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, 'access_scheme')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('accesstype', 'integer', (c) => c.notNull())
    .addColumn('tenantId', 'integer', (c) => c.notNull())
    .addColumn('host', 'text')
    .addColumn('port', 'integer')
    .addColumn('remark', 'text')
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('access_scheme_tenant').on('access_scheme').column('tenantId').execute();

  // One scheme per device; written by the ledger, read here to refuse deleting a scheme in use.
  await db.schema
    .createTable('device_access_scheme')
    .addColumn('deviceid', 'integer', (c) => c.primaryKey())
    .addColumn('schemeId', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_access_scheme_scheme').on('device_access_scheme').column('schemeId').execute();

  await db.schema
    .createTable('stored_file')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('originalName', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('tenantId', 'integer', (c) => c.notNull())
    .addColumn('uploaderId', 'integer', (c) => c.notNull())
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['stored_file', 'device_access_scheme', 'access_scheme', 'system_setting']) await db.schema.dropTable(t).execute();
}
