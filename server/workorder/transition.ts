import type { FastifyInstance } from 'fastify';
import type { OrderStatus, OrderTransitionBody, ReadingSnapshot } from '../../domain/schemas/workorder';
import { NO_ASSIGNEE, ORDER_STATUS_TEXT } from '../../domain/schemas/workorder';
import type { Session } from '../auth/access';
import { requirePermission } from '../auth/access';
import { errors } from '../errors';
import { tx } from '../text/text';
import { transact } from '../eventLog/transact';
import { effectiveSettings } from '../settings/effective';
import { groupHandlers, visibleOrder, type OrderRow } from './access';
import { ACTION_TEXT, TRANSITIONS } from './machine';
import { assignedMessages } from './notify';
import { readingsOf } from './readings';
import { alarmsOfOrder } from './orderAlarms';
import type { WorkOrderTable } from '../store/workOrderTables';
import { resolveTarget, targetDetail } from './target';
import '../store/infoSchema';
import { actedBy } from '../eventLog/eventLog';

type OrderChange = Partial<Omit<WorkOrderTable, 'id' | 'fileIds'>> & { fileIds?: string };

const KIND = {
  accept: 'workorder.accepted',
  resolve: 'workorder.resolved',
  approve: 'workorder.approved',
  reject: 'workorder.rejected',
  reassign: 'workorder.reassigned',
} as const;

/**
 * One step of an order: checks the permission, the state, who may take it and what it must carry;
 * writes the order only while it is still in the state read (a concurrent step in between wins and
 * this one is refused), stamps the step (who, when) and logs it with before and after.
 */
export async function transitionOrder(
  app: FastifyInstance,
  session: Session,
  id: number,
  body: OrderTransitionBody,
  now: number,
): Promise<OrderStatus> {
  const order = await visibleOrder(app, session, id);
  const rule = TRANSITIONS[body.action];
  requirePermission(session, rule.permission);
  if (!rule.from.includes(order.status)) throw stateError(order, body.action);
  const change: OrderChange = { status: rule.to };
  const detail: Record<string, unknown> = {};
  let told: { id: number; name: string }[] = [];
  switch (body.action) {
    case 'accept':
      // an order of a group goes to the member who accepts it first
      if (order.assigneeId === NO_ASSIGNEE && order.groupId !== null) {
        await mustBeGroupMember(app, session, order);
        Object.assign(change, { assigneeId: session.userId });
        Object.assign(detail, { groupId: order.groupId, assigneeId: session.userId, assigneeName: session.userName });
      } else mustBeAssignee(session, order, body.action);
      change.acceptedAt = now;
      break;
    case 'resolve': {
      mustBeAssignee(session, order, body.action);
      if (!body.cause) throw errors.ORDER_FIELD_MISSING(tx('原因', 'the cause'));
      const settings = await effectiveSettings(app.db, order.tenantId);
      if (!settings.orderCauses.includes(body.cause))
        throw errors.BAD_REQUEST(
          tx(`原因须为系统配置中的一项：${settings.orderCauses.join('、')}`, `the cause must be one of the catalogue's`),
        );
      if (!body.measures) throw errors.ORDER_FIELD_MISSING(tx('处理措施', 'the measures taken'));
      const fileIds = [...new Set(body.fileIds ?? [])];
      await requireFiles(app, order.tenantId, fileIds);
      const readings = readingsOf(app, await deviceIdsOf(app, order.id));
      const out = readings.filter((r) => !r.inRange);
      if (out.length && !body.overrideReason) throw errors.ORDER_READINGS_OUT(describe(out));
      Object.assign(change, {
        resolvedAt: now,
        cause: body.cause,
        measures: body.measures,
        fileIds: JSON.stringify(fileIds),
        overrideReason: out.length ? body.overrideReason! : null,
        readings: JSON.stringify(readings),
      });
      Object.assign(detail, { cause: body.cause, measures: body.measures, fileIds, overrideReason: change.overrideReason, readings });
      break;
    }
    case 'approve':
      change.closedAt = now;
      break;
    case 'reject':
      if (!body.reason) throw errors.ORDER_FIELD_MISSING(tx('退回原因', 'the reason for returning it'));
      detail.reason = body.reason;
      break;
    case 'reassign': {
      if (!body.assigneeId && !body.groupId) throw errors.ORDER_FIELD_MISSING(tx('新的处理人', 'the new assignee'));
      const target = await resolveTarget(app, body, order.projectId);
      Object.assign(change, { assigneeId: target.assigneeId, groupId: target.groupId, acceptedAt: null });
      Object.assign(detail, {
        fromAssigneeId: order.assigneeId === NO_ASSIGNEE ? null : order.assigneeId,
        ...targetDetail(target),
        reason: body.reason ?? null,
      });
      told = target.told;
      break;
    }
  }
  await transact(app, async (trx, emit) => {
    const done = await trx
      .updateTable('work_order')
      .set(change)
      .where('id', '=', order.id)
      .where('status', '=', order.status)
      .where('assigneeId', '=', order.assigneeId)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw stateError(order, body.action);
    await trx
      .insertInto('work_order_step')
      .values({
        orderId: order.id,
        action: body.action,
        fromStatus: order.status,
        toStatus: rule.to,
        ...actedBy(session),
        at: now,
        detail: JSON.stringify(detail),
      })
      .execute();
    const before = Object.fromEntries(Object.keys(change).map((k) => [k, order[k as keyof OrderRow]]));
    const base = { actorId: session.userId, actorName: session.userName, tenantId: order.tenantId, projectId: order.projectId };
    emit({
      ...base,
      subject: `workorder:${order.id}`,
      kind: KIND[body.action],
      payload: { orderId: order.id, action: body.action, before, after: { ...change, ...detail } },
    });
    for (const message of assignedMessages(base, order.id, told, order.dueAt, order.level)) emit(message);
  });
  return rule.to;
}

function stateError(order: OrderRow, action: keyof typeof ACTION_TEXT) {
  return errors.ORDER_STATE(order.id, ORDER_STATUS_TEXT[order.status], ACTION_TEXT[action]);
}

/** 接单 of a group's order: by a member of the group who may handle the project's orders. */
async function mustBeGroupMember(app: FastifyInstance, session: Session, order: OrderRow): Promise<void> {
  const group = await groupHandlers(app, order.groupId!, order.projectId);
  if (!group?.members.some((m) => m.id === session.userId))
    throw errors.ORDER_NOT_ASSIGNEE(tx(ACTION_TEXT.accept.zh, ACTION_TEXT.accept.en));
}

function mustBeAssignee(session: Session, order: OrderRow, action: keyof typeof ACTION_TEXT): void {
  if (order.assigneeId !== session.userId) throw errors.ORDER_NOT_ASSIGNEE(tx(ACTION_TEXT[action].zh, ACTION_TEXT[action].en));
}

async function deviceIdsOf(app: FastifyInstance, orderId: number): Promise<number[]> {
  const rows = await alarmsOfOrder(app.db, orderId).select('peceventextend.deviceid').distinct().execute();
  return rows.map((r) => r.deviceid);
}

/** Photos are files of the order's tenant, uploaded through the files service. */
async function requireFiles(app: FastifyInstance, tenantId: number, names: string[]): Promise<void> {
  if (!names.length) return;
  const rows = await app.db
    .selectFrom('stored_file')
    .select(['name', 'mime'])
    .where('name', 'in', names)
    .where('tenantId', '=', tenantId)
    .execute();
  const missing = names.find((n) => !rows.some((r) => r.name === n));
  if (missing) throw errors.FILE_NOT_FOUND();
  if (rows.some((r) => !r.mime.startsWith('image/'))) throw errors.BAD_REQUEST(tx('现场照片须为图片', 'on-site photos must be images'));
}

function describe(out: ReadingSnapshot[]): string {
  return out.map((r) => `${r.deviceId}/${r.dataId}: ${r.value} ≥ ${r.alarmLimit}`).join(', ');
}
