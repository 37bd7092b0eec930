import type { Generated } from 'kysely';
import type { OrderStatus } from '../../domain/schemas/workorder';

/** Tables of migration 015_workorders, merged into Database like server/store/infoSchema.ts. */
export interface WorkOrderTable {
  id: Generated<number>;
  tenantId: number;
  projectId: number;
  status: OrderStatus;
  /** the highest level among its events (the lowest id: 事故 1, 报警 2, 预警 4) */
  level: number;
  /** NO_ASSIGNEE (0) while an order dispatched to a group waits for a member to accept it */
  assigneeId: number;
  /** the user group it was dispatched to (migration 019), null when to a user */
  groupId: number | null;
  dispatcherId: number;
  note: string | null;
  createdAt: number;
  dueAt: number;
  acceptedAt: number | null;
  resolvedAt: number | null;
  closedAt: number | null;
  overdueAt: number | null;
  cause: string | null;
  measures: string | null;
  /** JSON array of stored file names */
  fileIds: Generated<string>;
  overrideReason: string | null;
  /** JSON array of ReadingSnapshot taken at 处理完成 */
  readings: string | null;
}

interface WorkOrderEventTable {
  orderId: number;
  eventId: number;
}

interface WorkOrderStepTable {
  id: Generated<number>;
  orderId: number;
  action: string;
  fromStatus: string | null;
  toStatus: string;
  actorId: number | null;
  actorName: string | null;
  at: number;
  /** JSON object: what the step recorded (cause, reason, new assignee …) */
  detail: Generated<string>;
}

declare module './schema' {
  interface Database {
    work_order: WorkOrderTable;
    work_order_event: WorkOrderEventTable;
    work_order_step: WorkOrderStepTable;
  }
}
