import type { Kysely } from 'kysely';
import { portable } from './portable';

const TIME_INDEXES = [
  ['history_block_start', 'history_block', 'start'],
  ['history_1m_start', 'history_1m', 'start'],
  ['history_1h_time', 'history_1h', 'time'],
] as const;

/**
 * SQLite: the tiers' time indexes go (issue 18). Measured by bench/storage.ts they were a twelfth of
 * the file (0.24 of 3.1 bytes per reading) for one query an hour; retention now walks the series
 * through the primary key instead (server/series/retention.ts). PostgreSQL keeps them: its
 * retention drops whole month partitions and deletes in the month around the cutoff by time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (portable(db).pg) return;
  for (const [name] of TIME_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (portable(db).pg) return;
  for (const [name, table, column] of TIME_INDEXES) await db.schema.createIndex(name).ifNotExists().on(table).column(column).execute();
}
