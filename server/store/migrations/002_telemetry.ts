import { sql, type Kysely } from 'kysely';
import { portable } from './portable';
import { perSeries, withId } from './tables';

/**
 * Telemetry: per-terminal thresholds, the history series store, persisted realtime values and the
 * alarm episodes (peceventextend).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const p = portable(db);
  await perSeries(db, 'measure_threshold')
    .addColumn('alarmLimit', p.real)
    .addColumn('warnLimit', p.real)
    .addColumn('hysteresis', p.real, (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updatedAt', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('measure_threshold_pk', ['deviceid', 'dataid'])
    .execute();

  // One clustered key per series: a range scan of one (device, dataId) reads contiguous pages.
  // PostgreSQL: range-partitioned by month of `time` (partitions are made as data arrives and
  // dropped whole by retention, server/series/historyPartitions.ts).
  await perSeries(db, 'history')
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('value', p.real, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('history_pk', ['deviceid', 'dataid', 'time'])
    .modifyEnd(p.pg ? sql`partition by range ("time")` : sql`without rowid`)
    .execute();

  await perSeries(db, 'realtime')
    .addColumn('logicalid', 'integer', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('value', p.real, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('realtime_pk', ['deviceid', 'dataid'])
    .execute();

  await withId(db, 'peceventextend')
    .addColumn('eventtime', 'bigint', (c) => c.notNull())
    .addColumn('endtime', 'bigint')
    .addColumn('endeventid', 'integer', (c) => c.notNull())
    .addColumn('customtype', 'integer', (c) => c.notNull())
    .addColumn('peceventlevel', 'integer', (c) => c.notNull())
    .addColumn('confirmeventstatus', 'integer', (c) => c.notNull())
    .addColumn('value', p.real)
    .addColumn('endvalue', p.real)
    .addColumn('limitvalue', p.real)
    .addColumn('dataid', 'integer')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('updatetime', 'bigint')
    .addColumn('operator', 'text')
    .addColumn('deviceid', 'integer', (c) => c.notNull())
    .addColumn('projectid', 'integer', (c) => c.notNull())
    .addColumn('tenantid', 'integer', (c) => c.notNull())
    .execute();
  // The event list counts and pages by eventtime desc inside a tenant, project or device scope with
  // filters on status, confirmation, level and type. Covering indexes keep both the count and the
  // filtering inside the index (1,000,000 events: a page in a few ms instead of a row lookup each).
  const filterCols = ['endeventid', 'confirmeventstatus', 'peceventlevel', 'customtype'];
  const covering = async (name: string, lead: string[], rest = filterCols) =>
    db.schema
      .createIndex(name)
      .on('peceventextend')
      .columns([...lead, ...rest])
      .execute();
  await covering('pecevent_tenant_time', ['tenantid', 'eventtime']);
  await covering('pecevent_tenant_status', ['tenantid', 'endeventid', 'eventtime'], ['confirmeventstatus', 'peceventlevel', 'customtype']);
  await covering('pecevent_project_time', ['projectid', 'eventtime']);
  await covering(
    'pecevent_project_status',
    ['projectid', 'endeventid', 'eventtime'],
    ['confirmeventstatus', 'peceventlevel', 'customtype'],
  );
  await covering('pecevent_device_time', ['deviceid', 'eventtime']);
  await covering('pecevent_time', ['eventtime']);
  await covering('pecevent_status', ['endeventid', 'eventtime'], ['confirmeventstatus', 'peceventlevel', 'customtype']);
  await db.schema.createIndex('event_log_project_seq').on('event_log').columns(['projectId', 'seq']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['peceventextend', 'realtime', 'history', 'measure_threshold']) await db.schema.dropTable(t).execute();
  await db.schema.dropIndex('event_log_project_seq').execute();
}
