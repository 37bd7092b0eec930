import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { windowOf, type BlockRead, type BlockTable, type MinuteRead, type StoredBlock } from './blockWindows';
import type { PointColumns } from './seriesFormat';
import { emptyRollups, type Rollups } from './rollups';
import { inSeriesRange } from './seriesQueries';

/** bytes before each block in a headed read: its start (8, signed), its count (4), its length (4) */
const HEAD = 16;

/**
 * A series' blocks over a range as one blob, each block headed by its start, count and length (big
 * endian). A month of one series is 720 blocks of some 60 bytes: read as 720 rows, better-sqlite3's
 * row and Buffer per block cost three times what SQLite's scan does. The bytes pass through
 * unchanged: unhex gives the head as a blob, and || and group_concat join blobs byte for byte in a
 * UTF-8 database (as Voltguard's are). No ORDER BY in the aggregate: its sort doubled the read, and
 * the scan of either index the range can use (the primary key, or the start) already goes in time
 * order; splitHeaded checks that and sorts if ever not.
 */
function headedBlocks(db: Kysely<Database>, table: BlockTable): string {
  return sql`select cast(group_concat(unhex(printf('%016X%08X%08X', "start", "count", length(data))) || data, '') as blob)
    from ${sql.table(table)} where deviceid = ${0} and dataid = ${0} and "start" >= ${0} and "start" < ${0}`.compile(db).sql;
}

/** The blocks of a headed read in time order, each one's data a view of the blob. */
export function splitHeaded(blob: Uint8Array | null): StoredBlock[] {
  const out: StoredBlock[] = [];
  if (!blob) return out;
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  let ordered = true;
  for (let o = 0; o < blob.length;) {
    const start = Number(view.getBigInt64(o));
    const end = o + HEAD + view.getUint32(o + 12);
    if (out.length && start <= out[out.length - 1]!.start) ordered = false;
    out.push({ start, count: view.getUint32(o + 8), data: blob.subarray(o + HEAD, end) });
    o = end;
  }
  return ordered ? out : out.sort((a, b) => a.start - b.start);
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
    const blocks = (table: BlockTable) => sqlite.prepare(headedBlocks(db, table)).pluck(true);
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

  private blocksOf(table: BlockTable, deviceid: number, dataid: number, from: number, to: number): StoredBlock[] {
    return splitHeaded(this.blocks[table].get(deviceid, dataid, windowOf(from), to) as Uint8Array | null);
  }

  range(table: BlockTable, deviceid: number, dataid: number, from: number, to: number): Promise<BlockRead> {
    return this.db.connection().execute(async () => ({
      blocks: this.blocksOf(table, deviceid, dataid, from, to),
      rows: this.recent(deviceid, dataid, from, to),
    }));
  }

  /** The minute blocks, the raw blocks and the recent rows of [from, to), under one hold (one snapshot). */
  minuteSources(deviceid: number, dataid: number, from: number, to: number): Promise<MinuteRead> {
    return this.db.connection().execute(async () => ({
      minutes: this.blocksOf('history_1m', deviceid, dataid, from, to),
      raw: this.blocksOf('history_block', deviceid, dataid, from, to),
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
