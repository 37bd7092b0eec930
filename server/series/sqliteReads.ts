import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { windowOf, type BlockRead, type BlockTable, type HeadedMinuteRead, type StoredBlock } from './blockWindows';
import type { PointColumns } from './seriesFormat';
import { emptyRollups, type Rollups } from './rollups';
import { inSeriesRange } from './seriesQueries';
import { headedBlocks, splitHeaded } from './headedBlocks';

/** The blocks of one series over a range, as one headed value (headedBlocks.ts). */
function blocksStatement(db: Kysely<Database>, table: BlockTable): string {
  return sql`select ${headedBlocks(db)} from ${sql.table(table)}
    where deviceid = ${0} and dataid = ${0} and "start" >= ${0} and "start" < ${0}`.compile(db).sql;
}

/**
 * The range reads on SQLite as prepared better-sqlite3 statements, built by Kysely and compiled once:
 * building and running a query through Kysely cost more than reading a month of blocks. The blocks
 * and the recent rows are read by two statements under one hold of the store's connection (Kysely's
 * mutex), with nothing in between, so they see the same snapshot as the union statement does on
 * PostgreSQL.
 */
export class SqliteReads {
  private readonly blocks: Record<BlockTable, SQLite.Statement>;
  private readonly hourRows: SQLite.Statement;
  private readonly rows: SQLite.Statement;

  constructor(
    private readonly db: Kysely<Database>,
    sqlite: SQLite.Database,
  ) {
    const blocks = (table: BlockTable) => sqlite.prepare(blocksStatement(db, table)).pluck(true);
    this.blocks = { history_block: blocks('history_block'), history_1m: blocks('history_1m') };
    this.hourRows = sqlite
      .prepare(
        inSeriesRange(db.selectFrom('history_1h').select(['time', 'min', 'max', 'sum', 'last', 'count', 'status']), 'time').compile().sql,
      )
      .raw(true);
    this.rows = sqlite.prepare(inSeriesRange(db.selectFrom('history').select(['time', 'value', 'status']), 'time').compile().sql).raw(true);
  }

  /** The recent rows of [from, to): only under a hold of the store's connection (a read or a transaction). */
  recent(deviceid: number, dataid: number, from: number, to: number): PointColumns {
    const rows = this.rows.all(deviceid, dataid, from, to) as [number, number, number][];
    const n = rows.length;
    // the three columns share one buffer: one backing store to allocate instead of three (compaction reads a window this way)
    const buffer = new ArrayBuffer(n * 17);
    const out = {
      time: new Float64Array(buffer, 0, n),
      value: new Float64Array(buffer, 8 * n, n),
      status: new Uint8Array(buffer, 16 * n, n),
    };
    for (let i = 0; i < n; i++) {
      const r = rows[i]!;
      out.time[i] = r[0];
      out.value[i] = r[1];
      out.status[i] = r[2];
    }
    return out;
  }

  private headedOf(table: BlockTable, deviceid: number, dataid: number, from: number, to: number): Uint8Array | null {
    return this.blocks[table].get(deviceid, dataid, windowOf(from), to) as Uint8Array | null;
  }

  private blocksOf(table: BlockTable, deviceid: number, dataid: number, from: number, to: number): StoredBlock[] {
    return splitHeaded(this.headedOf(table, deviceid, dataid, from, to));
  }

  range(table: BlockTable, deviceid: number, dataid: number, from: number, to: number): Promise<BlockRead> {
    return this.db.connection().execute(async () => ({
      blocks: this.blocksOf(table, deviceid, dataid, from, to),
      rows: this.recent(deviceid, dataid, from, to),
    }));
  }

  /** The minute blocks, the raw blocks and the recent rows of [from, to), under one hold (one snapshot). */
  minuteSources(deviceid: number, dataid: number, from: number, to: number): Promise<HeadedMinuteRead> {
    return this.db.connection().execute(async () => ({
      minutes: this.headedOf('history_1m', deviceid, dataid, from, to),
      raw: this.headedOf('history_block', deviceid, dataid, from, to),
      rows: this.recent(deviceid, dataid, from, to),
    }));
  }

  hours(deviceid: number, dataid: number, from: number, to: number): Promise<{ hours: Rollups; rows: PointColumns }> {
    return this.db.connection().execute(async () => {
      const found = this.hourRows.all(deviceid, dataid, windowOf(from), to) as number[][];
      const hours = emptyRollups(found.length);
      for (let i = 0; i < found.length; i++) {
        const r = found[i]!;
        hours.time[i] = r[0]!;
        hours.min[i] = r[1]!;
        hours.max[i] = r[2]!;
        hours.sum[i] = r[3]!;
        hours.last[i] = r[4]!;
        hours.count[i] = r[5]!;
        hours.status[i] = r[6]!;
      }
      return { hours, rows: this.recent(deviceid, dataid, from, to) };
    });
  }
}
