import type SQLite from 'better-sqlite3';
import type { BlockTable, SeriesWindow, StoredBlock, WindowBlock, WindowHour } from './blockWindows';
import { WINDOW_MS } from './blockWindows';

/**
 * The compactor's statements on SQLite, prepared once and run once per window inside the caller's
 * transaction (which holds the store's one connection). A batch used to be one statement per step with
 * a branch or a VALUES row per window: Kysely built a tree of 200–300 parameters for each, and SQLite
 * parsed and planned a new text of it per batch size. A prepared statement per window costs a few
 * microseconds instead (the early-warning bench's compaction: 1,000 devices × 60 days of hours).
 */
export class SqliteWindowWrites {
  private readonly blockAt: Record<BlockTable, SQLite.Statement>;
  private readonly putBlock: Record<BlockTable, SQLite.Statement>;
  private readonly putHour: SQLite.Statement;
  private readonly deleteWindow: SQLite.Statement;

  constructor(sqlite: SQLite.Database) {
    const blockAt = (table: BlockTable) =>
      sqlite.prepare(`select "count", data from ${table} where deviceid = ? and dataid = ? and "start" = ?`).raw(true);
    const putBlock = (table: BlockTable) =>
      sqlite.prepare(
        `insert into ${table} (deviceid, dataid, "start", "count", data) values (?, ?, ?, ?, ?)
         on conflict (deviceid, dataid, "start") do update set "count" = excluded."count", data = excluded.data`,
      );
    this.blockAt = { history_block: blockAt('history_block'), history_1m: blockAt('history_1m') };
    this.putBlock = { history_block: putBlock('history_block'), history_1m: putBlock('history_1m') };
    this.putHour = sqlite.prepare(
      `insert into history_1h (deviceid, dataid, "time", "min", "max", "sum", "last", "count", status)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (deviceid, dataid, "time") do update set
         "min" = excluded."min", "max" = excluded."max", "sum" = excluded."sum", "last" = excluded."last",
         "count" = excluded."count", status = excluded.status`,
    );
    this.deleteWindow = sqlite.prepare('delete from history where deviceid = ? and dataid = ? and "time" >= ? and "time" < ?');
  }

  blocksAt(table: BlockTable, windows: readonly SeriesWindow[]): (StoredBlock | undefined)[] {
    return windows.map((w) => {
      const r = this.blockAt[table].get(w.deviceid, w.dataid, w.start) as [number, Uint8Array] | undefined;
      return r && { start: w.start, count: r[0], data: r[1] };
    });
  }

  putBlocks(table: BlockTable, blocks: readonly WindowBlock[]): void {
    const stmt = this.putBlock[table];
    for (const b of blocks) stmt.run(b.deviceid, b.dataid, b.start, b.count, b.data);
  }

  putHours(hours: readonly WindowHour[]): void {
    for (const { deviceid, dataid, hour: h } of hours)
      this.putHour.run(deviceid, dataid, h.time[0], h.min[0], h.max[0], h.sum[0], h.last[0], h.count[0], h.status[0]);
  }

  deleteRows(windows: readonly SeriesWindow[]): void {
    for (const w of windows) this.deleteWindow.run(w.deviceid, w.dataid, w.start, w.start + WINDOW_MS);
  }
}
