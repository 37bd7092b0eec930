import type { DomainEventInput } from '../events/eventLog';

/** the message an assignee is sent when an order is dispatched or reassigned to them (the bell) */
export const ORDER_MESSAGE_KIND = 'workorder.assigned_notified';

/**
 * The assignee's message: a domain event addressed to the user (subject `user:<id>`, no project), so
 * the push hub sends it to that user's consoles only and the message centre lists it for that user.
 */
export function assignedMessage(
  base: { actorId: number | null; actorName: string | null; tenantId: number },
  orderId: number,
  userId: number,
  userName: string,
  dueAt: number,
  level: number,
): DomainEventInput {
  return {
    actorId: base.actorId,
    actorName: base.actorName,
    tenantId: base.tenantId,
    projectId: null,
    subject: `user:${userId}`,
    kind: ORDER_MESSAGE_KIND,
    payload: { orderId, userId, userName, dueAt, peceventlevel: level, value: `工单 ${orderId}` },
  };
}
