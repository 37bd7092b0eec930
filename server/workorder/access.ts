import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { Session } from '../auth/access';
import { can } from '../auth/access';
import { errors } from '../errors';
import { NOUN, nounWithId } from '../http/text';
import { mayseeProject, visibleProjects } from '../telemetry/visibility';
import type { WorkOrderTable } from './schema';
import './schema';

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
