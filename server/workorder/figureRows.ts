import type { Kysely } from 'kysely';
import { EVENT_CONFIRM } from '../../domain/enums';
import type { Database } from '../store/schema';
import { projectIdsFilter, type ProjectScope } from '../access/scope';
import { linkedAlarms } from './orderAlarms';

/** An alarm event raised in the period: what the figures read of it. */
export interface AlarmRow {
  projectId: number;
  deviceId: number;
  type: number;
  raisedAt: number;
  /** the confirmation time; null while unconfirmed */
  confirmedAt: number | null;
  /** who confirmed it (the user name event/save stamps) */
  operator: string | null;
}

/** An order whose earliest alarm was raised in the period, with the device and type of each of its alarms. */
export interface OrderRow {
  id: number;
  projectId: number;
  assigneeId: number;
  dueAt: number;
  closedAt: number | null;
  cause: string | null;
  firstAt: number;
  alarms: { deviceId: number; type: number }[];
}

/**
 * The alarms raised in [start, end) and the orders whose earliest alarm was raised then, in the
 * projects of the scope. An order belongs to the period of its earliest alarm, so it is read through
 * the orders having an alarm in the period, and its earliest alarm is then taken over all of them.
 */
export async function figureRows(
  db: Kysely<Database>,
  scope: ProjectScope,
  start: number,
  end: number,
): Promise<{ alarms: AlarmRow[]; orders: OrderRow[] }> {
  const ids = projectIdsFilter(scope);
  let events = db
    .selectFrom('peceventextend')
    .select(['projectid', 'deviceid', 'customtype', 'eventtime', 'updatetime', 'confirmeventstatus', 'operator'])
    .where('eventtime', '>=', start)
    .where('eventtime', '<', end);
  if (ids) events = events.where('projectid', 'in', ids);

  let inPeriod = linkedAlarms(db)
    .select('work_order_event.orderId')
    .where('peceventextend.eventtime', '>=', start)
    .where('peceventextend.eventtime', '<', end);
  if (ids) inPeriod = inPeriod.where('peceventextend.projectid', 'in', ids);
  const orderAlarms = linkedAlarms(db)
    .innerJoin('work_order', 'work_order.id', 'work_order_event.orderId')
    .select([
      'work_order.id',
      'work_order.projectId',
      'work_order.assigneeId',
      'work_order.dueAt',
      'work_order.closedAt',
      'work_order.cause',
      'peceventextend.deviceid',
      'peceventextend.customtype',
      'peceventextend.eventtime',
    ])
    .where('work_order.id', 'in', inPeriod)
    .orderBy('work_order.id');

  const [eventRows, orderRows] = await Promise.all([events.execute(), orderAlarms.execute()]);
  const alarms = eventRows.map((e): AlarmRow => ({
    projectId: e.projectid,
    deviceId: e.deviceid,
    type: e.customtype,
    raisedAt: Number(e.eventtime),
    confirmedAt: e.confirmeventstatus === EVENT_CONFIRM.CONFIRM && e.updatetime !== null ? Number(e.updatetime) : null,
    operator: e.operator,
  }));
  const byId = new Map<number, OrderRow>();
  for (const r of orderRows) {
    let o = byId.get(r.id);
    if (!o) {
      o = {
        id: r.id,
        projectId: r.projectId,
        assigneeId: r.assigneeId,
        dueAt: Number(r.dueAt),
        closedAt: r.closedAt === null ? null : Number(r.closedAt),
        cause: r.cause,
        firstAt: Number(r.eventtime),
        alarms: [],
      };
      byId.set(r.id, o);
    }
    o.firstAt = Math.min(o.firstAt, Number(r.eventtime));
    o.alarms.push({ deviceId: r.deviceid, type: r.customtype });
  }
  const orders = [...byId.values()].filter((o) => o.firstAt >= start && o.firstAt < end);
  return { alarms, orders };
}
