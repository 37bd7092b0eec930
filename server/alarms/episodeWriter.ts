import type SQLite from 'better-sqlite3';
import type { Transaction } from 'kysely';
import type { Database } from '../store/schema';
import type { Store } from '../store/storeTypes';
import { EVENT_CONFIRM, EVENT_STATUS } from '../../domain/enums';

export interface EpisodeEnd {
  id: number;
  endtime: number;
  endvalue: number;
}

export type EpisodeRow = Omit<Database['peceventextend'], 'id'>;

/** What the raiser of an episode says: when, what, how severe, the value against the limit, in words. */
type Raised = Pick<EpisodeRow, 'eventtime' | 'customtype' | 'peceventlevel' | 'value' | 'limitvalue' | 'dataid' | 'description'>;

/**
 * A device's newly raised episode: active, unconfirmed, not yet ended, remarked or escalated. Written
 * out as one literal in the table's column order (no spread): every raised row then has one shape,
 * which the bind loop of the prepared INSERT below reads column by column on the ingest path.
 */
export function activeEpisode(device: { id: number; projectid: number; tenantid: number }, raised: Raised): EpisodeRow {
  return {
    eventtime: raised.eventtime,
    endtime: null,
    endeventid: EVENT_STATUS.ACTIVE,
    customtype: raised.customtype,
    peceventlevel: raised.peceventlevel,
    confirmeventstatus: EVENT_CONFIRM.UNCONFIRM,
    value: raised.value,
    endvalue: null,
    limitvalue: raised.limitvalue,
    dataid: raised.dataid,
    description: raised.description,
    remark: null,
    remarkoperator: null,
    remarktime: null,
    escalatedat: null,
    updatetime: null,
    operator: null,
    deviceid: device.id,
    projectid: device.projectid,
    tenantid: device.tenantid,
  };
}

/** Rows per INSERT: 19 columns each, far inside either store's parameter limit. */
const INSERT_CHUNK = 100;

/** The columns of a raised episode, in the order the prepared SQLite INSERT binds them. */
const COLUMNS = [
  'eventtime',
  'endtime',
  'endeventid',
  'customtype',
  'peceventlevel',
  'confirmeventstatus',
  'value',
  'endvalue',
  'limitvalue',
  'dataid',
  'description',
  'remark',
  'remarkoperator',
  'remarktime',
  'updatetime',
  'operator',
  'deviceid',
  'projectid',
  'tenantid',
  'escalatedat',
] as const satisfies readonly (keyof EpisodeRow)[];
/** Every column of a raised episode is bound: a column added to the table must be added above. */
const EVERY_COLUMN: Exclude<keyof EpisodeRow, (typeof COLUMNS)[number]> extends never ? true : never = true;
void EVERY_COLUMN;

/**
 * The alarm episodes' writes of one ingest transaction, batched: every raised episode of a flush in
 * one multi-row INSERT (ids drawn in row order, so the ascending ids map back onto the rows), prepared
 * once per row count on SQLite; every ended one by a statement prepared once on SQLite (the store's one connection, inside the caller's
 * transaction), or by Kysely on PostgreSQL where the round trip, not the query building, is the cost.
 */
export class EpisodeWriter {
  private readonly endStmt;
  private readonly sqlite: SQLite.Database | null;
  /** prepared multi-row INSERTs by row count (SQLite): Kysely would build 1,900 parameters per flush */
  private readonly insertStmts = new Map<number, SQLite.Statement<unknown[], { id: number }>>();

  constructor(store?: Store) {
    this.sqlite = store?.dialect === 'sqlite' ? store.sqlite : null;
    this.endStmt = this.sqlite
      ? this.sqlite.prepare<[number, number, number, number]>(
          'update peceventextend set endeventid = ?, endtime = ?, endvalue = ? where id = ?',
        )
      : null;
  }

  private insertStmt(n: number): SQLite.Statement<unknown[], { id: number }> {
    let stmt = this.insertStmts.get(n);
    if (!stmt) {
      const row = `(${COLUMNS.map(() => '?').join(', ')})`;
      stmt = this.sqlite!.prepare<unknown[], { id: number }>(
        `insert into peceventextend (${COLUMNS.join(', ')}) values ${Array(n).fill(row).join(', ')} returning id`,
      );
      this.insertStmts.set(n, stmt);
    }
    return stmt;
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
      if (this.sqlite) {
        // The store's one connection, inside the caller's transaction (as the end statement).
        const chunk = rows.slice(i, i + INSERT_CHUNK);
        const params: unknown[] = [];
        for (const r of chunk) for (const c of COLUMNS) params.push(r[c]);
        ids.push(
          ...this.insertStmt(chunk.length)
            .all(params)
            .map((r) => Number(r.id))
            .sort((a, b) => a - b),
        );
        continue;
      }
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
