import { sql, type Kysely } from 'kysely';
import { portable } from './portable';
import { perSeries } from './tables';

/**
 * History at fleet scale (issue 18): closed hours of each series compacted into one compressed block
 * (history_block), their 1-minute rollups in one compressed block per hour (history_1m) and their
 * 1-hour rollup as one plain row (history_1h). Recent readings stay in `history` until their hour
 * closes. Each table is keyed per series and time, so one series' range is one index range read;
 * the index on time lets retention delete whole blocks of every series at once. PostgreSQL keeps the
 * blocks as bytea and partitions all three by month (made on arrival, dropped whole by retention:
 * server/series/historyPartitions.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const p = portable(db);
  const layout = (column: string) => (p.pg ? sql`partition by range (${sql.ref(column)})` : sql`without rowid`);
  for (const table of ['history_block', 'history_1m']) {
    await perSeries(db, table)
      .addColumn('start', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('data', p.pg ? 'bytea' : 'blob', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['deviceid', 'dataid', 'start'])
      .modifyEnd(layout('start'))
      .execute();
    await db.schema.createIndex(`${table}_start`).on(table).column('start').execute();
  }
  await perSeries(db, 'history_1h')
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('min', p.real, (c) => c.notNull())
    .addColumn('max', p.real, (c) => c.notNull())
    .addColumn('sum', p.real, (c) => c.notNull())
    .addColumn('last', p.real, (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('history_1h_pk', ['deviceid', 'dataid', 'time'])
    .modifyEnd(layout('time'))
    .execute();
  await db.schema.createIndex('history_1h_time').on('history_1h').column('time').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['history_1h', 'history_1m', 'history_block']) await db.schema.dropTable(t).execute();
}
