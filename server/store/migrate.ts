import { Migrator, type Kysely } from 'kysely';
import type { Database } from './schema';
import { migrationProvider } from './migrations/index';

/**
 * Applies pending migrations; on failure closes the store and names the migration. On PostgreSQL
 * Kysely holds an advisory lock meanwhile, so instances starting together migrate once.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`数据库迁移失败${failed ? `（${failed.migrationName}）` : ''}: ${String(error)}`);
  }
}
