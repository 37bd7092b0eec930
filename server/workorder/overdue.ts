import type { FastifyInstance } from 'fastify';
import { NO_ASSIGNEE, ORDER_STATUS } from '../../domain/schemas/workorder';
import { transact } from '../eventLog/transact';
import { effectiveSettings } from '../settings/effective';
import { mayseeProject, visibleProjects } from '../access/scope';
import { groupHandlers } from './access';
import '../store/workOrderTables';

/** the message each person to be told of an overdue order is sent (the bell, the message centre) */
const OVERDUE_MESSAGE_KIND = 'workorder.overdue_notified';

/** orders marked per run: a backlog drains over a few runs */
const BATCH = 200;

/**
 * The overdue job (issue 29): open orders past their due time are marked once (overdueAt) and a
 * `workorder.overdue` event goes to the project's consoles, the bell and the operation log, in the
 * alarm language like an escalated alarm; like an escalation, the assignee and the users of the
 * escalation role (系统配置) who see the project are each sent a message. The decision comes from what
 * is stored, so a restart neither loses nor repeats a mark. Returns the ids marked.
 */
export async function markOverdue(app: FastifyInstance, now: number): Promise<number[]> {
  const due = await app.db
    .selectFrom('work_order')
    .select(['id', 'tenantId', 'projectId', 'assigneeId', 'groupId', 'dueAt', 'level', 'status'])
    .where('status', '!=', ORDER_STATUS.CLOSED)
    .where('overdueAt', 'is', null)
    .where('dueAt', '<=', now)
    .orderBy('dueAt')
    .limit(BATCH)
    .execute();
  const done: number[] = [];
  for (const o of due) {
    const told = await recipients(app, o);
    const marked = await transact(app, async (trx, emit) => {
      const r = await trx
        .updateTable('work_order')
        .set({ overdueAt: now })
        .where('id', '=', o.id)
        .where('overdueAt', 'is', null)
        .where('status', '!=', ORDER_STATUS.CLOSED)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto('work_order_step')
        .values({
          orderId: o.id,
          action: 'overdue',
          fromStatus: o.status,
          toStatus: o.status,
          actorId: null,
          actorName: null,
          at: now,
          detail: JSON.stringify({ dueAt: Number(o.dueAt) }),
        })
        .execute();
      emit({
        kind: 'workorder.overdue',
        tenantId: o.tenantId,
        projectId: o.projectId,
        subject: `workorder:${o.id}`,
        payload: {
          orderId: o.id,
          assigneeId: o.assigneeId === NO_ASSIGNEE ? null : o.assigneeId,
          dueAt: Number(o.dueAt),
          overdueAt: now,
          peceventlevel: o.level,
          before: { overdueAt: null },
          after: { overdueAt: now },
          value: `工单 ${o.id}`,
        },
      });
      for (const userId of told)
        emit({
          kind: OVERDUE_MESSAGE_KIND,
          tenantId: o.tenantId,
          projectId: null,
          subject: `user:${userId}`,
          payload: { orderId: o.id, userId, dueAt: Number(o.dueAt), overdueAt: now, peceventlevel: o.level, value: `工单 ${o.id}` },
        });
      return true;
    });
    if (marked) done.push(o.id);
  }
  return done;
}

/**
 * The assignee (or, while a group's order waits for a member, the members who may take it), and the
 * active users of the tenant's escalation role who see the project.
 */
async function recipients(
  app: FastifyInstance,
  { tenantId, projectId, assigneeId, groupId }: { tenantId: number; projectId: number; assigneeId: number; groupId: number | null },
): Promise<number[]> {
  const waiting = assigneeId === NO_ASSIGNEE && groupId !== null;
  const out = new Set(waiting ? ((await groupHandlers(app, groupId, projectId))?.members ?? []).map((m) => m.id) : [assigneeId]);
  const { escalateRoleId } = await effectiveSettings(app.db, tenantId);
  if (!escalateRoleId) return [...out];
  const users = await app.db
    .selectFrom('user_role')
    .innerJoin('app_user', 'app_user.id', 'user_role.userId')
    .select('app_user.id')
    .where('user_role.roleId', '=', escalateRoleId)
    .where('app_user.disabled', '=', 0)
    .orderBy('app_user.id')
    .execute();
  for (const u of users) {
    const session = await app.sessions.get(u.id);
    if (session && mayseeProject(await visibleProjects(app, session), projectId)) out.add(u.id);
  }
  return [...out];
}
