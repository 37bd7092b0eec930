import type { FastifyInstance } from 'fastify';
import { NO_ASSIGNEE } from '../../domain/schemas/workorder';
import { errors } from '../errors';
import { requireAssignee, requireGroup } from './access';

/** Whom an order goes to: a user, or a user group whose members may accept it, and who is told. */
export interface OrderTarget {
  /** the order's assigneeId: the user, or NO_ASSIGNEE for a group */
  assigneeId: number;
  groupId: number | null;
  /** the user's or the group's name, for the timeline and the log */
  name: string;
  /** who is sent the message: the user, or each member of the group who may handle the order */
  told: { id: number; name: string }[];
}

/** The target of a dispatch or a 转派: exactly one of assigneeId and groupId, checked against the project. */
export async function resolveTarget(
  app: FastifyInstance,
  pick: { assigneeId?: number | undefined; groupId?: number | undefined },
  projectId: number,
): Promise<OrderTarget> {
  if ((pick.assigneeId === undefined) === (pick.groupId === undefined)) throw errors.ORDER_TARGET();
  if (pick.assigneeId !== undefined) {
    const name = await requireAssignee(app, pick.assigneeId, projectId);
    return { assigneeId: pick.assigneeId, groupId: null, name, told: [{ id: pick.assigneeId, name }] };
  }
  const group = await requireGroup(app, pick.groupId!, projectId);
  return { assigneeId: NO_ASSIGNEE, groupId: pick.groupId!, name: group.name, told: group.members };
}

/** The target as a step's detail and the log's `after`: the user, or the group, by id and name. */
export const targetDetail = (target: OrderTarget) =>
  target.groupId === null
    ? { assigneeId: target.assigneeId, assigneeName: target.name }
    : { groupId: target.groupId, groupName: target.name };
