import type { FastifyInstance } from 'fastify';
import { DEVICE_STATUS, EVENT_CONFIRM } from '../../domain/enums';
import { SUMMARY_LIST_MAX, type HandoverSummary } from '../../domain/schemas/handover';
import { countRows } from '../store/count';
import { ORDER_STATUS } from '../../domain/schemas/workorder';
import { projectIdsFilter, type ProjectScope } from '../access/scope';
import '../store/workOrderTables';

/**
 * What a shift leaves to the next one, over the projects the outgoing operator sees: the alarms
 * raised in the shift by level (from its start to its end, or to the handover when that is earlier),
 * and at the handover the alarms still unconfirmed, the orders open and overdue, the devices out of
 * communication. Counts are whole; each list holds the first SUMMARY_LIST_MAX (severest, oldest first).
 */
export async function shiftSummary(
  app: FastifyInstance,
  scope: ProjectScope,
  shift: { start: number; end: number },
  at: number,
): Promise<HandoverSummary> {
  const ids = projectIdsFilter(scope);
  const until = Math.min(shift.end, at);

  let raised = app.db
    .selectFrom('peceventextend')
    .select(['peceventlevel', (eb) => eb.fn.countAll<number>().as('n')])
    .where('eventtime', '>=', shift.start)
    .where('eventtime', '<', until)
    .groupBy('peceventlevel')
    .orderBy('peceventlevel');
  if (ids) raised = raised.where('projectid', 'in', ids);
  const alarmsByLevel = (await raised.execute()).map((r) => ({ level: r.peceventlevel, count: Number(r.n) }));

  let open = app.db.selectFrom('peceventextend').where('confirmeventstatus', '=', EVENT_CONFIRM.UNCONFIRM).where('eventtime', '<=', at);
  if (ids) open = open.where('peceventextend.projectid', 'in', ids);
  const unconfirmed = await countRows(open);
  const unconfirmedList = await open
    .leftJoin('terminal', 'terminal.id', 'peceventextend.deviceid')
    .select([
      'peceventextend.id',
      'peceventextend.eventtime',
      'peceventextend.peceventlevel as level',
      'peceventextend.customtype as type',
      'terminal.name as deviceName',
    ])
    .orderBy('peceventextend.peceventlevel')
    .orderBy('peceventextend.eventtime')
    .limit(SUMMARY_LIST_MAX)
    .execute();

  let orders = app.db
    .selectFrom('work_order')
    .where('work_order.status', '!=', ORDER_STATUS.CLOSED)
    .where('work_order.createdAt', '<=', at);
  if (ids) orders = orders.where('work_order.projectId', 'in', ids);
  const isOverdue = (o: { overdueAt: number | null; dueAt: number }) => o.overdueAt !== null || o.dueAt < at;
  const openOrders = (
    await orders
      .leftJoin('app_user', 'app_user.id', 'work_order.assigneeId')
      .select([
        'work_order.id',
        'work_order.status',
        'work_order.level',
        'work_order.dueAt',
        'work_order.overdueAt',
        'app_user.name as assigneeName',
      ])
      .orderBy('work_order.dueAt')
      .execute()
  ).map((o) => ({
    id: o.id,
    status: o.status,
    level: o.level,
    assigneeName: o.assigneeName,
    dueAt: Number(o.dueAt),
    overdue: isOverdue({ overdueAt: o.overdueAt, dueAt: Number(o.dueAt) }),
  }));

  let offline = app.db.selectFrom('terminal').where('terminal.devicestatus', '=', DEVICE_STATUS.AUTO_EXIT);
  if (ids) offline = offline.where('terminal.projectid', 'in', ids);
  const devicesOffline = await countRows(offline);
  const offlineList = await offline
    .leftJoin('project', 'project.id', 'terminal.projectid')
    .select(['terminal.id', 'terminal.name', 'project.name as projectName'])
    .orderBy('terminal.id')
    .limit(SUMMARY_LIST_MAX)
    .execute();

  return {
    alarmsByLevel,
    alarms: alarmsByLevel.reduce((sum, l) => sum + l.count, 0),
    unconfirmed,
    unconfirmedList: unconfirmedList.map((e) => ({ ...e, eventtime: Number(e.eventtime) })),
    ordersOpen: openOrders.length,
    ordersOverdue: openOrders.filter((o) => o.overdue).length,
    // overdue ones first, then by due time
    orderList: [...openOrders].sort((a, b) => Number(b.overdue) - Number(a.overdue) || a.dueAt - b.dueAt).slice(0, SUMMARY_LIST_MAX),
    devicesOffline,
    offlineList,
  };
}
