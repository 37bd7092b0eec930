import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_foundation';

/** Versioned migrations, applied in name order; append, never edit a landed one. */
export const migrations: Record<string, Migration> = {
  '001_foundation': m001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
