import type { Transaction } from 'kysely';
import type { Database } from '../store/schema';
import type { Store } from '../store/storeTypes';
import { EVENT_STATUS } from '../../domain/enums';

export interface EpisodeEnd {
  id: number;
  endtime: number;
  endvalue: number;
}

export type EpisodeRow = Omit<Database['peceventextend'], 'id'>;

/** Rows per INSERT: 19 columns each, far inside either store's parameter limit. */
const INSERT_CHUNK = 100;

/**
 * The alarm episodes' writes of one ingest transaction, batched: every raised episode of a flush in
 * one multi-row INSERT (ids drawn in row order, so the ascending ids map back onto the rows); every
 * ended one by a statement prepared once on SQLite (the store's one connection, inside the caller's
 * transaction), or by Kysely on PostgreSQL where the round trip, not the query building, is the cost.
 */
export class EpisodeWriter {
  private readonly endStmt;

  constructor(store?: Store) {
    this.endStmt =
      store?.dialect === 'sqlite'
        ? store.sqlite.prepare<[number, number, number, number]>(
            'update peceventextend set endeventid = ?, endtime = ?, endvalue = ? where id = ?',
          )
        : null;
  }

  async end(trx: Transaction<Database>, ends: readonly EpisodeEnd[]): Promise<void> {
    for (const e of ends) {
      if (this.endStmt) this.endStmt.run(EVENT_STATUS.END, e.endtime, e.endvalue, e.id);
      else
        await trx
          .updateTable('peceventextend')
          .set({ endeventid: EVENT_STATUS.END, endtime: e.endtime, endvalue: e.endvalue })
          .where('id', '=', e.id)
          .execute();
    }
  }

  /** Inserts the rows; returns their ids in the order given. */
  async raise(trx: Transaction<Database>, rows: readonly EpisodeRow[]): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const got = await trx
        .insertInto('peceventextend')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .returning('id')
        .execute();
      ids.push(...got.map((r) => Number(r.id)).sort((a, b) => a - b));
    }
    return ids;
  }
}
