import { Migrator, type Kysely } from 'kysely';
import type { Database } from './schema';
import { migrationProvider, migrations } from './migrations/index';
import { StartupFault } from '../startupFaults';

/**
 * A database with tables but none of our migration records belongs to something else; one whose
 * records name migrations this version does not know was made by a newer Voltguard. Either way the
 * server stops instead of writing into it.
 */
async function refuseForeignDatabase(db: Kysely<Database>): Promise<void> {
  const tables = (await db.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name);
  const ours = tables.includes('kysely_migration');
  if (!ours) {
    const foreign = tables.filter((n) => !n.startsWith('sqlite_') && n !== 'kysely_migration_lock');
    if (foreign.length) {
      await db.destroy();
      throw new StartupFault(
        `Voltguard cannot start: the database already holds tables of another program (${foreign.slice(0, 3).join(', ')}…) and no Voltguard migrations. ` +
          'Point DATA_DIR (or DATABASE_URL) at Voltguard’s own database, or move that file away to start with a fresh one.',
      );
    }
    return;
  }
  const done = (await db
    .selectFrom('kysely_migration' as never)
    .select('name' as never)
    .execute()) as unknown as { name: string }[];
  const unknown = done.map((r) => r.name).filter((n) => !(n in migrations));
  if (unknown.length) {
    await db.destroy();
    throw new StartupFault(
      `Voltguard cannot start: the database was last used by a newer Voltguard (migration ${unknown[0]} is unknown to this version). ` +
        'Run the newer version, or restore a backup made for this one.',
    );
  }
}

/**
 * Applies pending migrations; on failure closes the store and names the migration. On PostgreSQL
 * Kysely holds an advisory lock meanwhile, so instances starting together migrate once.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  await refuseForeignDatabase(db);
  // Names compared as code units (they begin with distinct numbers, so in the same order): Kysely's
  // default localeCompare starts ICU's collator, some 20–30 ms of every start.
  const migrator = new Migrator({ db, provider: migrationProvider, nameComparator: (a, b) => (a < b ? -1 : a > b ? 1 : 0) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`数据库迁移失败${failed ? `（${failed.migrationName}）` : ''}: ${String(error)}`);
  }
}
