import type { DomainEventInput } from '../eventLog/eventLog';

/** the message an assignee is sent when an order is dispatched or reassigned to them (the bell) */
const ORDER_MESSAGE_KIND = 'workorder.assigned_notified';

/**
 * The assignee's message: a domain event addressed to the user (subject `user:<id>`, no project), so
 * the push hub sends it to that user's consoles only and the message centre lists it for that user.
 * The payload names the project and level: the notification rules that take them send it on to the
 * user's contact fields (server/notify). An order for a group sends one to each member who may take it.
 */
export function assignedMessages(
  base: { actorId: number | null; actorName: string | null; tenantId: number; projectId: number },
  orderId: number,
  told: readonly { id: number; name: string }[],
  dueAt: number,
  level: number,
): DomainEventInput[] {
  return told.map((user) => ({
    actorId: base.actorId,
    actorName: base.actorName,
    tenantId: base.tenantId,
    projectId: null,
    subject: `user:${user.id}`,
    kind: ORDER_MESSAGE_KIND,
    payload: {
      orderId,
      userId: user.id,
      userName: user.name,
      projectId: base.projectId,
      dueAt,
      peceventlevel: level,
      value: `工单 ${orderId}`,
    },
  }));
}
