import type { FastifyInstance } from 'fastify';
import type { KpiDto, OperatorKpi } from '../../domain/schemas/workorder';
import { median, nearestRank } from '../../domain/schemas/workorder';
import { FALSE_ALARM_CAUSE } from '../../domain/settingsDefaults';
import { EVENT_CONFIRM } from '../../domain/enums';
import { projectIdsFilter, type ProjectScope } from '../telemetry/visibility';
import './schema';

/**
 * The review figures of a period [start, end) over the projects given (docs/workorders.md):
 * - alarms: alarm events raised in the period;
 * - MTTA: confirmation time − raise time of those events that are confirmed;
 * - MTTR: close time − raise time of the earliest event of each closed order whose earliest event was
 *   raised in the period;
 * - medians (the mean of the two middle values for an even count) and p90 by nearest rank (the value
 *   at rank ⌈0.9·n⌉ of the sorted durations);
 * - overdue: orders of the period not closed by their due time (closed after it, or open past it now);
 * - falseAlarmShare: orders of the period with cause 误报 over those with a recorded cause;
 * - byOperator: per assignee, orders, closed, MTTR median, overdue.
 */
export async function kpi(app: FastifyInstance, scope: ProjectScope, start: number, end: number, now: number): Promise<KpiDto> {
  const ids = projectIdsFilter(scope);
  let events = app.db
    .selectFrom('peceventextend')
    .select(['id', 'eventtime', 'updatetime', 'confirmeventstatus'])
    .where('eventtime', '>=', start)
    .where('eventtime', '<', end);
  if (ids) events = events.where('projectid', 'in', ids);
  const evRows = await events.execute();
  const tta = evRows
    .filter((e) => e.confirmeventstatus === EVENT_CONFIRM.CONFIRM && e.updatetime !== null)
    .map((e) => Number(e.updatetime) - Number(e.eventtime));

  let orders = app.db
    .selectFrom('work_order')
    .innerJoin('work_order_event', 'work_order_event.orderId', 'work_order.id')
    .innerJoin('peceventextend', 'peceventextend.id', 'work_order_event.eventId')
    .select((eb) => [
      'work_order.id',
      'work_order.assigneeId',
      'work_order.dueAt',
      'work_order.closedAt',
      'work_order.cause',
      eb.fn.min('peceventextend.eventtime').as('firstAt'),
    ])
    .groupBy(['work_order.id', 'work_order.assigneeId', 'work_order.dueAt', 'work_order.closedAt', 'work_order.cause']);
  if (ids) orders = orders.where('work_order.projectId', 'in', ids);
  const all = (await orders.execute())
    .map((o) => ({
      id: o.id,
      assigneeId: o.assigneeId,
      dueAt: Number(o.dueAt),
      closedAt: o.closedAt === null ? null : Number(o.closedAt),
      cause: o.cause,
      firstAt: Number(o.firstAt),
    }))
    .filter((o) => o.firstAt >= start && o.firstAt < end);
  const isOverdue = (o: (typeof all)[number]) => (o.closedAt === null ? now > o.dueAt : o.closedAt > o.dueAt);
  const ttr = (list: typeof all) => list.filter((o) => o.closedAt !== null).map((o) => o.closedAt! - o.firstAt);
  const withCause = all.filter((o) => o.cause !== null);

  const names = new Map(
    (
      await app.db
        .selectFrom('app_user')
        .select(['id', 'name'])
        .where('id', 'in', [...new Set(all.map((o) => o.assigneeId)), -1])
        .execute()
    ).map((u) => [u.id, u.name]),
  );
  const byOperator: OperatorKpi[] = [...new Set(all.map((o) => o.assigneeId))]
    .sort((a, b) => a - b)
    .map((userId) => {
      const mine = all.filter((o) => o.assigneeId === userId);
      return {
        userId,
        userName: names.get(userId) ?? null,
        orders: mine.length,
        closed: mine.filter((o) => o.closedAt !== null).length,
        mttrMs: median(ttr(mine)),
        overdue: mine.filter(isOverdue).length,
      };
    });
  return {
    alarms: evRows.length,
    confirmed: tta.length,
    mttaMs: median(tta),
    mttaP90Ms: nearestRank(tta, 90),
    orders: all.length,
    closed: ttr(all).length,
    mttrMs: median(ttr(all)),
    mttrP90Ms: nearestRank(ttr(all), 90),
    overdue: all.filter(isOverdue).length,
    falseAlarmShare: withCause.length ? withCause.filter((o) => o.cause === FALSE_ALARM_CAUSE).length / withCause.length : null,
    byOperator,
  };
}
