import type { Store } from '../store/db';
import { SqliteHistoryStore } from './historySqlite';
import { PostgresHistoryStore } from './historyPostgres';
import type { HistoryStore } from './historyTypes';

export type { HistoryGroup, HistoryStore } from './historyTypes';

/**
 * The series store of this app's database. Everything that reads or writes history goes through it
 * (server/series/historyTypes.ts), so the layout behind it can change without touching callers.
 */
export function openHistoryStore(store: Store): HistoryStore {
  return store.dialect === 'postgres' ? new PostgresHistoryStore(store.db) : new SqliteHistoryStore(store.db, store.sqlite);
}
