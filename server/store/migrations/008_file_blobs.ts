import type { Kysely } from 'kysely';
import { portable } from './portable';

/**
 * Uploaded files' bytes on PostgreSQL (issue 16): several instances must serve the same files, so the
 * bytes live in the database beside their metadata. SQLite keeps them under <dataDir>/files (one
 * process, one disk), so nothing is created there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!portable(db).pg) return;
  await db.schema
    .createTable('stored_file_blob')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (portable(db).pg) await db.schema.dropTable('stored_file_blob').execute();
}
