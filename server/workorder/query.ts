import type { FastifyInstance } from 'fastify';
import type {
  EventOrderDto,
  OrderDetailDto,
  OrderListBody,
  OrderRowDto,
  OrderStepDto,
  ReadingSnapshot,
} from '../../domain/schemas/workorder';
import { NO_ASSIGNEE, ORDER_STATUS } from '../../domain/schemas/workorder';
import type { Session } from '../auth/access';
import { projectIdsFilter, visibleProjects } from '../access/scope';
import { normalize, visibleOrder, type OrderRow } from './access';
import { alarmsOfOrder } from './orderAlarms';
import { countRows } from '../store/count';

/** The orders a session may see, filtered, newest first, with the total. */
export async function listOrders(
  app: FastifyInstance,
  session: Session,
  body: OrderListBody,
  now: number,
): Promise<{ rows: OrderRowDto[]; total: number }> {
  const f = body.filter;
  const ids = projectIdsFilter(await visibleProjects(app, session));
  let q = app.db.selectFrom('work_order');
  if (ids) q = q.where('work_order.projectId', 'in', ids);
  if (f.status?.length) q = q.where('work_order.status', 'in', f.status);
  if (f.projectId) q = q.where('work_order.projectId', '=', f.projectId);
  if (f.assigneeId) q = q.where('work_order.assigneeId', '=', f.assigneeId);
  // 我的工单: the caller's orders, and the orders of its groups no member has accepted yet
  if (f.mine)
    q = q.where((eb) =>
      eb.or([
        eb('work_order.assigneeId', '=', session.userId),
        eb.and([
          eb('work_order.assigneeId', '=', NO_ASSIGNEE),
          eb('work_order.groupId', 'in', eb.selectFrom('usergroup_user').select('groupId').where('userId', '=', session.userId)),
        ]),
      ]),
    );
  if (f.eventId)
    q = q.where('work_order.id', 'in', (eb) => eb.selectFrom('work_order_event').select('orderId').where('eventId', '=', f.eventId!));
  // Overdue: marked by the job, or open and past due now (between two runs of the job).
  if (f.overdue === true)
    q = q.where((eb) =>
      eb.or([
        eb('work_order.overdueAt', 'is not', null),
        eb.and([eb('work_order.status', '!=', ORDER_STATUS.CLOSED), eb('work_order.dueAt', '<', now)]),
      ]),
    );
  if (f.overdue === false)
    q = q.where((eb) =>
      eb.and([
        eb('work_order.overdueAt', 'is', null),
        eb.or([eb('work_order.status', '=', ORDER_STATUS.CLOSED), eb('work_order.dueAt', '>=', now)]),
      ]),
    );
  const total = await countRows(q);
  const rows = await q
    .selectAll('work_order')
    .orderBy('work_order.id', 'desc')
    .limit(body.page.limit)
    .offset(body.page.index * body.page.limit)
    .execute();
  return { rows: await toRows(app, rows.map(normalize)), total };
}

async function toRows(app: FastifyInstance, rows: OrderRow[]): Promise<OrderRowDto[]> {
  if (!rows.length) return [];
  const orderIds = rows.map((r) => r.id);
  const links = await app.db
    .selectFrom('work_order_event')
    .select(['orderId', 'eventId'])
    .where('orderId', 'in', orderIds)
    .orderBy('eventId')
    .execute();
  const users = await app.db
    .selectFrom('app_user')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(rows.map((r) => r.assigneeId))])
    .execute();
  const groupIds = [...new Set(rows.flatMap((r) => (r.groupId === null ? [] : [r.groupId])))];
  const groups = groupIds.length ? await app.db.selectFrom('usergroup').select(['id', 'name']).where('id', 'in', groupIds).execute() : [];
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    eventIds: links.filter((l) => l.orderId === r.id).map((l) => l.eventId),
    projectId: r.projectId,
    assigneeId: r.assigneeId === NO_ASSIGNEE ? null : r.assigneeId,
    assigneeName: users.find((u) => u.id === r.assigneeId)?.name ?? null,
    groupId: r.groupId,
    groupName: groups.find((g) => g.id === r.groupId)?.name ?? null,
    createdAt: r.createdAt,
    dueAt: r.dueAt,
    closedAt: r.closedAt,
    cause: r.cause,
    overdueAt: r.overdueAt,
    level: r.level,
  }));
}

/** One order with its on-site record and timeline, when the session may see it. */
export async function orderDetail(app: FastifyInstance, session: Session, id: number): Promise<OrderDetailDto> {
  const order = await visibleOrder(app, session, id);
  const [row] = await toRows(app, [order]);
  const steps = await app.db.selectFrom('work_order_step').selectAll().where('orderId', '=', id).orderBy('id').execute();
  const events = await alarmsOfOrder(app.db, id)
    .leftJoin('terminal', 'terminal.id', 'peceventextend.deviceid')
    .select([
      'peceventextend.id',
      'peceventextend.deviceid as deviceId',
      'terminal.name as deviceName',
      'peceventextend.dataid as dataId',
      'peceventextend.eventtime',
      'peceventextend.endtime',
      'peceventextend.peceventlevel as level',
    ])
    .orderBy('peceventextend.eventtime')
    .execute();
  const timeline: OrderStepDto[] = steps.map((s) => ({
    action: s.action as OrderStepDto['action'],
    from: s.fromStatus as OrderStepDto['from'],
    to: s.toStatus as OrderStepDto['to'],
    actorId: s.actorId,
    actorName: s.actorName,
    at: Number(s.at),
    detail: JSON.parse(s.detail) as Record<string, unknown>,
  }));
  return {
    ...row!,
    events: events.map((e) => ({ ...e, eventtime: Number(e.eventtime), endtime: e.endtime === null ? null : Number(e.endtime) })),
    note: order.note,
    measures: order.measures,
    fileIds: JSON.parse(order.fileIds) as string[],
    overrideReason: order.overrideReason,
    readings: order.readings ? (JSON.parse(order.readings) as ReadingSnapshot[]) : null,
    dispatcherId: order.dispatcherId,
    acceptedAt: order.acceptedAt,
    resolvedAt: order.resolvedAt,
    timeline,
  };
}

/**
 * The newest order of each event given, among those the session may see (the event list's 处置
 * column). Overdue: marked by the job, or open and past due now.
 */
export async function ordersOfEvents(app: FastifyInstance, session: Session, eventIds: number[], now: number): Promise<EventOrderDto[]> {
  const ids = projectIdsFilter(await visibleProjects(app, session));
  let q = app.db
    .selectFrom('work_order_event')
    .innerJoin('work_order', 'work_order.id', 'work_order_event.orderId')
    .select([
      'work_order_event.eventId',
      'work_order.id',
      'work_order.status',
      'work_order.dueAt',
      'work_order.overdueAt',
      'work_order.level',
    ])
    .where('work_order_event.eventId', 'in', [...new Set(eventIds)])
    .orderBy('work_order.id', 'desc');
  if (ids) q = q.where('work_order.projectId', 'in', ids);
  const newest = new Map<number, EventOrderDto>();
  for (const r of await q.execute())
    if (!newest.has(r.eventId))
      newest.set(r.eventId, {
        eventId: r.eventId,
        orderId: r.id,
        status: r.status,
        level: r.level,
        overdue: r.overdueAt !== null || (r.status !== ORDER_STATUS.CLOSED && Number(r.dueAt) < now),
      });
  return [...newest.values()];
}
