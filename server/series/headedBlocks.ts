import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type HasExecutor } from '../store/dialect';
import type { StoredBlock } from './blockWindows';

/** bytes before each block in a headed read: its start (8, signed), its count (4), its length (4) */
const HEAD = 16;

/**
 * The aggregate that reads a series' blocks over a range as one value, each block headed by its start, count and length (big
 * endian), aggregated by the database. A month of one series is 720 hour blocks of some 60 bytes:
 * read as 720 rows, the driver's row and Buffer per block cost three times the database's own scan
 * on SQLite (better-sqlite3), and each row's bytea went through hex text on PostgreSQL (node-pg).
 *
 * - SQLite: unhex gives the head as a blob, and || and group_concat join blobs byte for byte in a
 *   UTF-8 database (as Voltguard's are). No ORDER BY in the aggregate: its sort doubled the read, and
 *   the scan of either index a range can use (the primary key, or the start) goes in time order.
 * - PostgreSQL: int8send and int4send give the head, string_agg joins bytea, in start order.
 *
 * splitHeaded checks the order and sorts if ever not. Null when no block is in the range.
 */
export function headedBlocks(db: HasExecutor): RawBuilder<Uint8Array | null> {
  return isPostgres(db)
    ? sql`string_agg(int8send("start") || int4send("count") || int4send(length(data)) || data, ''::bytea order by "start")`
    : sql`cast(group_concat(unhex(printf('%016X%08X%08X', "start", "count", length(data))) || data, '') as blob)`;
}

/** The blocks of a headed read in time order, each one's data a view of the value read. */
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
