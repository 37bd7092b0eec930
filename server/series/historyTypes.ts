import type { Transaction } from 'kysely';
import type { Database } from '../store/schema';

/** One reading as ingest hands it to history (a validated reading: its measure, time, value, status). */
interface HistoryReading {
  readonly def: { readonly dataId: number };
  readonly time: number;
  readonly value: number;
  readonly status: number;
}

/**
 * One device's readings of a commit. Ingest writes history in these groups, straight from the
 * validated batches: no object per row on the hot path.
 */
export interface HistoryGroup {
  readonly deviceid: number;
  readonly readings: readonly HistoryReading[];
}

export interface HistoryPoint {
  time: number;
  value: number;
  status: number;
}

/** A range as parallel typed arrays (the columnar / binary answers). */
export interface HistoryColumns {
  time: Float64Array;
  value: Float64Array;
  status: Uint8Array;
}

/**
 * The series store: everything that reads or writes history goes through this boundary, so the
 * layout behind it (today one row per reading; SQLite or PostgreSQL partitioned by month) can change
 * without touching its callers.
 */
export interface HistoryStore {
  /** Inside the ingest transaction; a re-sent reading (same device, dataId, time) replaces the stored one. */
  write(trx: Transaction<Database>, groups: readonly HistoryGroup[]): Promise<void>;
  /** [from, to) of one series in time order */
  range(deviceid: number, dataid: number, from: number, to: number): Promise<HistoryPoint[]>;
  rangeColumns(deviceid: number, dataid: number, from: number, to: number): Promise<HistoryColumns>;
  /** The last point before `t`, for difference values at the start of a range. */
  before(deviceid: number, dataid: number, t: number): Promise<HistoryPoint | undefined>;
  /**
   * Retention: removes what is older than `cutoff`. SQLite deletes per series through the primary
   * key and returns the rows removed; PostgreSQL drops whole monthly partitions that end before the
   * cutoff and returns how many it dropped.
   */
  prune(series: Iterable<[number, number]>, cutoff: number): Promise<number>;
}
