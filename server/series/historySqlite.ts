import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import type { HistoryColumns, HistoryGroup, HistoryPoint, HistoryStore } from './historyTypes';
import { inSeriesRange, lastRowBefore } from './seriesQueries';

const CHUNK = 50;

/**
 * The series store on SQLite. The hot write path: The statements are built by Kysely (so the SQL stays
 * dialect-generated) but compiled once and run as prepared better-sqlite3 statements: at 100k
 * readings/s a per-row query build would cost more than the insert itself. Callers must hold the
 * store's connection (run inside a Kysely transaction) since this shares its handle.
 */
export class SqliteHistoryStore implements HistoryStore {
  private readonly many: SQLite.Statement;
  private readonly one: SQLite.Statement;
  private readonly rangeStmt: SQLite.Statement;
  private readonly timeStmt: SQLite.Statement;
  private readonly valueStmt: SQLite.Statement;
  private readonly statusStmt: SQLite.Statement;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sqlite: SQLite.Database,
  ) {
    this.many = sqlite.prepare(this.compileInsert(CHUNK));
    this.one = sqlite.prepare(this.compileInsert(1));
    // Range scans are the read hot path (43,200 points per month of one series): compiled once,
    // read in raw (array) mode, which halves better-sqlite3's per-row cost.
    const q = inSeriesRange(db.selectFrom('history').select(['time', 'value', 'status']), 'time').compile();
    this.rangeStmt = sqlite.prepare(q.sql).raw(true);
    // The columnar answers read each column as a plucked list of numbers (no array per row, about a
    // third of the raw-mode cost) and the status only where it is not 0, which is rare.
    const column = (c: 'time' | 'value') => inSeriesRange(db.selectFrom('history').select(c), 'time').compile().sql;
    this.timeStmt = sqlite.prepare(column('time')).pluck(true);
    this.valueStmt = sqlite.prepare(column('value')).pluck(true);
    const marked = inSeriesRange(db.selectFrom('history').select(['time', 'status']), 'time')
      .where('status', '!=', 0)
      .compile();
    this.statusStmt = sqlite.prepare(marked.sql).raw(true);
  }

  private compileInsert(n: number): string {
    const rows = Array.from({ length: n }, () => ({ deviceid: 0, dataid: 0, time: 0, value: 0, status: 0 }));
    // A re-sent reading (same device, dataId, time) replaces the stored one instead of failing the batch.
    return this.db
      .insertInto('history')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['deviceid', 'dataid', 'time'])
          .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), status: eb.ref('excluded.status') })),
      )
      .compile().sql;
  }

  /** Inside the caller's transaction: SQLite has one connection, so the prepared statements share it. */
  write(_trx: unknown, groups: readonly HistoryGroup[]): Promise<void> {
    this.writeSync(groups);
    return Promise.resolve();
  }

  /** Synchronous: call only inside a transaction on the store's connection. */
  writeSync(groups: readonly HistoryGroup[]): void {
    const params: number[] = new Array(CHUNK * 5);
    let o = 0;
    for (const g of groups) {
      const deviceid = g.deviceid;
      for (const r of g.readings) {
        params[o] = deviceid;
        params[o + 1] = r.def.dataId;
        params[o + 2] = r.time;
        params[o + 3] = r.value;
        params[o + 4] = r.status;
        o += 5;
        if (o === CHUNK * 5) {
          this.many.run(params);
          o = 0;
        }
      }
    }
    for (let i = 0; i < o; i += 5) this.one.run(params[i], params[i + 1], params[i + 2], params[i + 3], params[i + 4]);
  }

  async range(deviceid: number, dataid: number, from: number, to: number): Promise<HistoryPoint[]> {
    // Holds the store's connection (Kysely's mutex) so no transaction interleaves with the raw read.
    const rows = await this.db
      .connection()
      .execute(async () => this.rangeStmt.all(deviceid, dataid, from, to) as [number, number, number][]);
    const out = new Array<HistoryPoint>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      out[i] = { time: r[0], value: r[1], status: r[2] };
    }
    return out;
  }

  /**
   * The same range as parallel typed arrays (the columnar / binary answers): no object per point,
   * and the arrays go to the wire as one block copy each.
   */
  async rangeColumns(deviceid: number, dataid: number, from: number, to: number): Promise<HistoryColumns> {
    // One connection hold for the three reads, so they see the same rows.
    return this.db.connection().execute(async () => {
      const times = this.timeStmt.all(deviceid, dataid, from, to) as number[];
      const values = this.valueStmt.all(deviceid, dataid, from, to) as number[];
      const marks = this.statusStmt.all(deviceid, dataid, from, to, 0) as [number, number][];
      const time = Float64Array.from(times);
      const value = Float64Array.from(values);
      const status = new Uint8Array(time.length);
      // both lists are in time order: one forward walk places the marks
      let j = 0;
      for (const [t, st] of marks) {
        while (j < time.length && time[j]! < t) j++;
        if (j < time.length && time[j] === t) status[j] = st;
      }
      return { time, value, status };
    });
  }

  /** The last point before `t`, for difference values at the start of a range. */
  async before(deviceid: number, dataid: number, t: number): Promise<HistoryPoint | undefined> {
    return lastRowBefore(this.db, deviceid, dataid, t);
  }

  /** Retention: deletes one series' rows older than `cutoff` through the primary key, never a table scan. */
  async prune(series: Iterable<[number, number]>, cutoff: number): Promise<number> {
    let n = 0;
    for (const [deviceid, dataid] of series) {
      const r = await this.db
        .deleteFrom('history')
        .where('deviceid', '=', deviceid)
        .where('dataid', '=', dataid)
        .where('time', '<', cutoff)
        .executeTakeFirst();
      n += Number(r.numDeletedRows);
    }
    return n;
  }
}
