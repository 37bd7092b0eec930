import { sql, type Kysely } from 'kysely';

/**
 * Sessions you can end (issue 13): a token remembers which client asked for it (the web console,
 * a kiosk wall display or an API client), so "logged in elsewhere" ends only older web sessions;
 * a user can be disabled without being deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('auth_token')
    .addColumn('client', 'text', (c) => c.notNull().defaultTo(sql`'web'`))
    .execute();
  await db.schema
    .alterTable('app_user')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user').dropColumn('disabled').execute();
  await db.schema.alterTable('auth_token').dropColumn('client').execute();
}
