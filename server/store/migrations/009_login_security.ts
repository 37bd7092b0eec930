import type { Kysely } from 'kysely';

/**
 * Login security (issue 14): one-time login nonces, and failures and locks kept per user name and
 * source address (a lock for everyone is gone).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_nonce')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('userName', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_nonce_expires').on('login_nonce').column('expiresAt').execute();
  await db.schema
    .alterTable('login_failure')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('login_failure_name_source_at').on('login_failure').columns(['userName', 'source', 'at']).execute();
  await db.schema
    .createTable('login_source_lock')
    .addColumn('userName', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('lockedUntil', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_source_lock_pk', ['userName', 'source'])
    .execute();
  await db.schema.dropTable('login_lock').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_lock')
    .addColumn('userName', 'text', (c) => c.primaryKey())
    .addColumn('lockedUntil', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.dropTable('login_source_lock').execute();
  await db.schema.dropIndex('login_failure_name_source_at').execute();
  await db.schema.alterTable('login_failure').dropColumn('source').execute();
  await db.schema.dropTable('login_nonce').execute();
}
