import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../store/schema';
import type { HistoryPoint } from './historyTypes';

/** `q` narrowed to one series' rows: the leading part of the tables' primary key. */
function oneSeries<DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>, deviceid: number, dataid: number) {
  return q.where(sql.ref('deviceid'), '=', deviceid).where(sql.ref('dataid'), '=', dataid);
}

/**
 * `q` narrowed to one series' rows whose time (`time`, or a block's `start`) lies in [from, to), in
 * time order: one range of the tables' primary key (deviceid, dataid, time). The SQLite reads compile
 * it once with 0s standing for the four parameters, in this order.
 */
export function inSeriesRange<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  timeColumn: 'time' | 'start',
  deviceid = 0,
  dataid = 0,
  from = 0,
  to = 0,
): SelectQueryBuilder<DB, TB, O> {
  const time = sql.ref(timeColumn);
  return oneSeries(q, deviceid, dataid).where(time, '>=', from).where(time, '<', to).orderBy(time);
}

/** `q` narrowed to one series' newest row whose time (`time`, or a block's `start`) is before `t`. */
export function newestBefore<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  timeColumn: 'time' | 'start',
  deviceid: number,
  dataid: number,
  t: number,
): SelectQueryBuilder<DB, TB, O> {
  const time = sql.ref(timeColumn);
  return oneSeries(q, deviceid, dataid).where(time, '<', t).orderBy(time, 'desc').limit(1);
}

/** The newest recent row of one series before `t` (the point a difference at the start of a range needs). */
export function lastRowBefore(db: Kysely<Database>, deviceid: number, dataid: number, t: number): Promise<HistoryPoint | undefined> {
  return newestBefore(db.selectFrom('history').select(['time', 'value', 'status']), 'time', deviceid, dataid, t).executeTakeFirst();
}
