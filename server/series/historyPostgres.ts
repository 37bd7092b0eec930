import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../store/schema';
import type { HistoryColumns, HistoryGroup, HistoryPoint, HistoryStore } from './historyTypes';
import { HistoryPartitions } from './historyPartitions';
import { inSeriesRange, lastRowBefore } from './seriesQueries';

/**
 * The series store on PostgreSQL: `history` range-partitioned by month. A group of batches is one
 * INSERT … SELECT FROM unnest(five arrays): five parameters whatever the row count, so the statement
 * is planned once and the rows travel as compact array literals.
 */
export class PostgresHistoryStore implements HistoryStore {
  readonly partitions: HistoryPartitions;

  constructor(private readonly db: Kysely<Database>) {
    this.partitions = new HistoryPartitions(db);
  }

  async write(trx: Transaction<Database>, groups: readonly HistoryGroup[]): Promise<void> {
    const { deviceid, dataid, time, value, status } = lastOfEachKey(columnsOf(groups));
    if (deviceid.length === 0) return;
    // Partitions are made on another connection, before this transaction touches the table.
    await this.partitions.ensure(time);
    await sql`insert into history (deviceid, dataid, "time", value, status)
      select * from unnest(${deviceid}::int4[], ${dataid}::int4[], ${time}::int8[], ${value}::float8[], ${status}::int4[])
      on conflict (deviceid, dataid, "time") do update set value = excluded.value, status = excluded.status`.execute(trx);
  }

  async range(deviceid: number, dataid: number, from: number, to: number): Promise<HistoryPoint[]> {
    return inSeriesRange(this.db.selectFrom('history').select(['time', 'value', 'status']), 'time', deviceid, dataid, from, to).execute();
  }

  async rangeColumns(deviceid: number, dataid: number, from: number, to: number): Promise<HistoryColumns> {
    const rows = await this.range(deviceid, dataid, from, to);
    const time = new Float64Array(rows.length);
    const value = new Float64Array(rows.length);
    const status = new Uint8Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      time[i] = r.time;
      value[i] = r.value;
      status[i] = r.status;
    }
    return { time, value, status };
  }

  async before(deviceid: number, dataid: number, t: number): Promise<HistoryPoint | undefined> {
    return lastRowBefore(this.db, deviceid, dataid, t);
  }

  /** Retention by whole months: every partition that ends before the cutoff is dropped. */
  async prune(_series: Iterable<[number, number]>, cutoff: number): Promise<number> {
    return this.partitions.dropBefore(cutoff);
  }
}

interface RowColumns {
  deviceid: number[];
  dataid: number[];
  time: number[];
  value: number[];
  status: number[];
}

/** The groups' readings as the five arrays the INSERT … unnest takes. */
function columnsOf(groups: readonly HistoryGroup[]): RowColumns {
  const c: RowColumns = { deviceid: [], dataid: [], time: [], value: [], status: [] };
  for (const g of groups)
    for (const r of g.readings) {
      c.deviceid.push(g.deviceid);
      c.dataid.push(r.def.dataId);
      c.time.push(r.time);
      c.value.push(r.value);
      c.status.push(r.status);
    }
  return c;
}

/**
 * One statement may not update the same row twice (ON CONFLICT … DO UPDATE refuses that), but a
 * group of batches can carry a re-sent reading twice: the later one wins, as it would row by row.
 */
function lastOfEachKey(c: RowColumns): RowColumns {
  const at = new Map<string, number>();
  const key = (i: number) => `${c.deviceid[i]}:${c.dataid[i]}:${c.time[i]}`;
  let dup = false;
  for (let i = 0; i < c.deviceid.length; i++) {
    const k = key(i);
    if (at.has(k)) dup = true;
    at.set(k, i);
  }
  if (!dup) return c;
  const keep = (_: number, i: number) => at.get(key(i)) === i;
  return {
    deviceid: c.deviceid.filter(keep),
    dataid: c.dataid.filter(keep),
    time: c.time.filter(keep),
    value: c.value.filter(keep),
    status: c.status.filter(keep),
  };
}
