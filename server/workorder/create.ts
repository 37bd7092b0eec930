import type { FastifyInstance } from 'fastify';
import type { OrderCreateBody } from '../../domain/schemas/workorder';
import { ORDER_STATUS } from '../../domain/schemas/workorder';
import type { Session } from '../auth/access';
import { errors } from '../errors';
import { NOUN, nounWithId, tx } from '../text/text';
import { transact } from '../eventLog/transact';
import { effectiveSettings, timeZoneOf } from '../settings/effective';
import { mayseeProject, visibleProjects } from '../access/scope';
import { parseTime } from '../text/time';
import { assignedMessages } from './notify';
import { dueHours, highestLevel } from './sla';
import { resolveTarget, targetDetail } from './target';
import '../store/workOrderTables';
import { actedBy } from '../eventLog/eventLog';

/**
 * 派单: one order for one or more alarm events of one project, to a user who may handle it or to a
 * user group (any of its members who may handle it accepts it; each is told). The due
 * time is the one given, else dispatch + the SLA of the events' highest level (系统配置). An event
 * already on an open order cannot go on a second one.
 */
export async function createOrder(app: FastifyInstance, session: Session, body: OrderCreateBody, now: number): Promise<number> {
  const ids = [...new Set(body.eventIds)];
  const events = await app.db
    .selectFrom('peceventextend')
    .select(['id', 'projectid', 'tenantid', 'peceventlevel'])
    .where('id', 'in', ids)
    .execute();
  const scope = await visibleProjects(app, session);
  for (const id of ids) {
    const ev = events.find((e) => e.id === id);
    if (!ev || !mayseeProject(scope, ev.projectid)) throw errors.NOT_FOUND(nounWithId(NOUN.event, id));
  }
  const projectId = events[0]!.projectid;
  const tenantId = events[0]!.tenantid;
  if (events.some((e) => e.projectid !== projectId))
    throw errors.ORDER_EVENTS(tx('一张工单的事件须属于同一项目', 'the events of one work order must belong to one project'));
  const open = await app.db
    .selectFrom('work_order_event')
    .innerJoin('work_order', 'work_order.id', 'work_order_event.orderId')
    .select(['work_order_event.eventId', 'work_order.id'])
    .where('work_order_event.eventId', 'in', ids)
    .where('work_order.status', '!=', ORDER_STATUS.CLOSED)
    .executeTakeFirst();
  if (open)
    throw errors.CONFLICT(
      tx(`事件 ${open.eventId} 已在工单 ${open.id} 中处置`, `event ${open.eventId} is already on work order ${open.id}`),
    );
  const target = await resolveTarget(app, body, projectId);
  const level = highestLevel(events.map((e) => e.peceventlevel));
  let dueAt: number;
  if (body.dueAt !== undefined) {
    const parsed = parseTime(body.dueAt, await timeZoneOf(app, session));
    if (parsed === null || parsed <= now) throw errors.BAD_REQUEST(tx('dueAt 须为将来的时间', 'dueAt must be a time in the future'));
    dueAt = parsed;
  } else {
    dueAt = now + dueHours(await effectiveSettings(app.db, tenantId), level) * 3_600_000;
  }
  return transact(app, async (trx, emit) => {
    const { id } = await trx
      .insertInto('work_order')
      .values({
        tenantId,
        projectId,
        status: ORDER_STATUS.PENDING,
        level,
        assigneeId: target.assigneeId,
        groupId: target.groupId,
        dispatcherId: session.userId,
        note: body.note ?? null,
        createdAt: now,
        dueAt,
        acceptedAt: null,
        resolvedAt: null,
        closedAt: null,
        overdueAt: null,
        cause: null,
        measures: null,
        overrideReason: null,
        readings: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('work_order_event')
      .values(ids.map((eventId) => ({ orderId: id, eventId })))
      .execute();
    const detail = {
      eventIds: ids,
      ...targetDetail(target),
      dueAt,
      note: body.note ?? null,
    };
    await trx
      .insertInto('work_order_step')
      .values({
        orderId: id,
        action: 'create',
        fromStatus: null,
        toStatus: ORDER_STATUS.PENDING,
        ...actedBy(session),
        at: now,
        detail: JSON.stringify(detail),
      })
      .execute();
    const base = { actorId: session.userId, actorName: session.userName, tenantId, projectId, subject: `workorder:${id}` };
    emit({
      ...base,
      kind: 'workorder.created',
      payload: { orderId: id, before: null, after: { status: ORDER_STATUS.PENDING, ...detail } },
    });
    for (const message of assignedMessages(base, id, target.told, dueAt, level)) emit(message);
    return id;
  });
}
