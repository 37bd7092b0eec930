import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { Session } from '../auth/access';
import { can } from '../auth/access';
import { errors } from '../errors';
import { NOUN, nounWithId } from '../text/text';
import { mayseeProject, visibleProjects } from '../access/scope';
import type { WorkOrderTable } from '../store/workOrderTables';
import '../store/workOrderTables';

export type OrderRow = Selectable<WorkOrderTable>;

/**
 * The order when the session may see its project; otherwise 工单不存在, the same answer as for an id
 * nobody used, so another tenant's user learns nothing of the order (not even that it exists).
 */
export async function visibleOrder(app: FastifyInstance, session: Session, id: number): Promise<OrderRow> {
  const row = await app.db.selectFrom('work_order').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !mayseeProject(await visibleProjects(app, session), row.projectId)) throw errors.NOT_FOUND(nounWithId(NOUN.order, id));
  return normalize(row);
}

/** PostgreSQL answers bigint columns as text: numbers everywhere else. */
export function normalize(row: OrderRow): OrderRow {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    ...row,
    createdAt: Number(row.createdAt),
    dueAt: Number(row.dueAt),
    acceptedAt: n(row.acceptedAt),
    resolvedAt: n(row.resolvedAt),
    closedAt: n(row.closedAt),
    overdueAt: n(row.overdueAt),
  };
}

/**
 * A user may be given an order of a project when active, seeing the project and holding 处置
 * (workorder_handle); returns the user's name.
 */
export async function requireAssignee(app: FastifyInstance, userId: number, projectId: number): Promise<string> {
  const user = await app.db.selectFrom('app_user').select(['id', 'name', 'disabled']).where('id', '=', userId).executeTakeFirst();
  const session = user && user.disabled === 0 ? await app.sessions.get(user.id) : undefined;
  if (!user || !session || !mayseeProject(await visibleProjects(app, session), projectId) || !can(session, 'workorder_handle'))
    throw errors.ORDER_ASSIGNEE(userId);
  return user.name;
}

/** Whether a user may be given an order of the project (active, seeing it, holding 处置). */
export async function mayHandle(app: FastifyInstance, userId: number, projectId: number): Promise<boolean> {
  const session = await app.sessions.get(userId);
  return !!session && !session.isRoot && can(session, 'workorder_handle') && mayseeProject(await visibleProjects(app, session), projectId);
}

/**
 * The members of a user group of the project's tenant who may handle its orders (active, seeing the
 * project, holding 处置), with the group's name; a group of another tenant is not found.
 */
export async function groupHandlers(
  app: FastifyInstance,
  groupId: number,
  projectId: number,
): Promise<{ name: string; members: { id: number; name: string }[] } | null> {
  const group = await app.db
    .selectFrom('usergroup')
    .innerJoin('project', 'project.tenantid', 'usergroup.tenantId')
    .select(['usergroup.id', 'usergroup.name'])
    .where('usergroup.id', '=', groupId)
    .where('project.id', '=', projectId)
    .executeTakeFirst();
  if (!group) return null;
  const users = await app.db
    .selectFrom('usergroup_user')
    .innerJoin('app_user', 'app_user.id', 'usergroup_user.userId')
    .select(['app_user.id', 'app_user.name'])
    .where('usergroup_user.groupId', '=', groupId)
    .where('app_user.disabled', '=', 0)
    .orderBy('app_user.id')
    .execute();
  const members: { id: number; name: string }[] = [];
  for (const u of users) if (await mayHandle(app, u.id, projectId)) members.push(u);
  return { name: group.name, members };
}

/** The group's members who may handle the project's orders; ORDER_GROUP when there are none. */
export async function requireGroup(app: FastifyInstance, groupId: number, projectId: number) {
  const group = await groupHandlers(app, groupId, projectId);
  if (!group?.members.length) throw errors.ORDER_GROUP(groupId);
  return group;
}
