import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../store/schema';
import type { HistoryColumns, HistoryPoint, HistoryRow, HistoryStore } from './historyTypes';
import { HistoryPartitions } from './historyPartitions';

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

  async write(trx: Transaction<Database>, input: readonly HistoryRow[]): Promise<void> {
    if (input.length === 0) return;
    const rows = lastOfEachKey(input);
    const n = rows.length;
    const deviceid = new Array<number>(n);
    const dataid = new Array<number>(n);
    const time = new Array<number>(n);
    const value = new Array<number>(n);
    const status = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      const r = rows[i]!;
      deviceid[i] = r.deviceid;
      dataid[i] = r.dataid;
      time[i] = r.time;
      value[i] = r.value;
      status[i] = r.status;
    }
    // Partitions are made on another connection, before this transaction touches the table.
    await this.partitions.ensure(time);
    await sql`insert into history (deviceid, dataid, "time", value, status)
      select * from unnest(${deviceid}::int4[], ${dataid}::int4[], ${time}::int8[], ${value}::float8[], ${status}::int4[])
      on conflict (deviceid, dataid, "time") do update set value = excluded.value, status = excluded.status`.execute(trx);
  }

  async range(deviceid: number, dataid: number, from: number, to: number): Promise<HistoryPoint[]> {
    return this.db
      .selectFrom('history')
      .select(['time', 'value', 'status'])
      .where('deviceid', '=', deviceid)
      .where('dataid', '=', dataid)
      .where('time', '>=', from)
      .where('time', '<', to)
      .orderBy('time')
      .execute();
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
    return this.db
      .selectFrom('history')
      .select(['time', 'value', 'status'])
      .where('deviceid', '=', deviceid)
      .where('dataid', '=', dataid)
      .where('time', '<', t)
      .orderBy('time', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Retention by whole months: every partition that ends before the cutoff is dropped. */
  async prune(_series: Iterable<[number, number]>, cutoff: number): Promise<number> {
    return this.partitions.dropBefore(cutoff);
  }
}

/**
 * One statement may not update the same row twice (ON CONFLICT … DO UPDATE refuses that), but a
 * group of batches can carry a re-sent reading twice: the later one wins, as it would row by row.
 */
function lastOfEachKey(rows: readonly HistoryRow[]): readonly HistoryRow[] {
  const at = new Map<string, number>();
  let dup = false;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const k = `${r.deviceid}:${r.dataid}:${r.time}`;
    if (at.has(k)) dup = true;
    at.set(k, i);
  }
  if (!dup) return rows;
  return rows.filter((r, i) => at.get(`${r.deviceid}:${r.dataid}:${r.time}`) === i);
}
