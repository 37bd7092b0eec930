import { z } from 'zod';
import { textSchema } from '../validation';

/**
 * Work orders (处置工单, issue 29): the request shapes of /workorder/v1 and what it answers. A work
 * order carries one or more alarm events of one project from dispatch (派单) through the on-site record
 * (处理完成) and review (审核) to 已关闭. See docs/workorders.md.
 */

/** The states, in the order an order moves through them. */
export const ORDER_STATUS = {
  /** 待接单: dispatched, the assignee has not accepted yet */
  PENDING: 'pending',
  /** 处理中: accepted (or returned by the reviewer) */
  IN_PROGRESS: 'in_progress',
  /** 待审核: the on-site record is in, the reviewer decides */
  REVIEW: 'review',
  /** 已关闭: approved */
  CLOSED: 'closed',
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES = Object.values(ORDER_STATUS) as [OrderStatus, ...OrderStatus[]];
export const ORDER_STATUS_TEXT: Record<OrderStatus, { zh: string; en: string }> = {
  pending: { zh: '待接单', en: 'Awaiting acceptance' },
  in_progress: { zh: '处理中', en: 'In progress' },
  review: { zh: '待审核', en: 'Awaiting review' },
  closed: { zh: '已关闭', en: 'Closed' },
};

const ORDER_ACTIONS = ['accept', 'resolve', 'approve', 'reject', 'reassign'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

const id = z.number().int().positive();
/** a millisecond timestamp or `YYYY-MM-DD HH:mm:ss` in the project's time zone */
const time = z.union([z.number().int().nonnegative(), z.string().min(10).max(23)]);

/**
 * The assigneeId an order dispatched to a user group holds until one of the group's members accepts
 * it (接单); the answers show it as null.
 */
export const NO_ASSIGNEE = 0;

/** Whom an order goes to: one of assigneeId (a user) and groupId (a user group whose members may accept it). */
const assignTo = { assigneeId: id.optional(), groupId: id.optional() };

export const orderCreateBody = z.object({
  eventIds: z.array(id).min(1).max(200),
  ...assignTo,
  /** default: dispatch time + the SLA of the highest level among the events (系统配置) */
  dueAt: time.optional(),
  note: textSchema.optional(),
});
export type OrderCreateBody = z.infer<typeof orderCreateBody>;

export const orderListBody = z.object({
  page: z.object({ index: z.number().int().min(0), limit: z.number().int().min(1).max(1000) }).default({ index: 0, limit: 100 }),
  filter: z
    .object({
      status: z.array(z.enum(ORDER_STATUSES)).max(ORDER_STATUSES.length).optional(),
      projectId: id.optional(),
      assigneeId: id.optional(),
      /** true: only overdue orders; false: only orders not overdue */
      overdue: z.boolean().optional(),
      /** true: the caller's own orders (我的工单) */
      mine: z.boolean().optional(),
      eventId: id.optional(),
    })
    .default({}),
});
export type OrderListBody = z.infer<typeof orderListBody>;

export const orderTransitionBody = z.object({
  action: z.enum(ORDER_ACTIONS),
  cause: z.string().min(1).max(20).optional(),
  measures: textSchema.optional(),
  /** stored file names from the files service (POST /filemanager/v1/file) */
  fileIds: z.array(z.string().min(1).max(200)).max(9).optional(),
  overrideReason: textSchema.optional(),
  reason: textSchema.optional(),
  /** reassign (转派): to a user, or to a user group */
  ...assignTo,
});
export type OrderTransitionBody = z.infer<typeof orderTransitionBody>;

export const kpiQuery = z.object({
  projectId: z.coerce.number().int().positive().optional(),
  start: z.string().min(10).max(23),
  end: z.string().min(10).max(23),
});

/** The event list's 处置 column: the orders of the events on a page. */
export const eventOrdersBody = z.object({ eventIds: z.array(id).min(1).max(1000) });

/** An event's order (its newest one): state, and whether it is overdue. */
export interface EventOrderDto {
  eventId: number;
  orderId: number;
  status: OrderStatus;
  overdue: boolean;
  level: number;
}

export const assigneesQuery = z.object({ projectId: z.coerce.number().int().positive() });

/** A user group an order of a project may be dispatched to, with its members who may handle it. */
export interface AssigneeGroupDto {
  id: number;
  name: string;
  members: number;
}

/** A user who may be given an order of a project. */
export interface AssigneeDto {
  id: number;
  name: string;
  nicName: string | null;
}

/** One row of the list. */
export interface OrderRowDto {
  id: number;
  status: OrderStatus;
  eventIds: number[];
  projectId: number;
  /** null while an order dispatched to a user group waits for one of its members to accept it */
  assigneeId: number | null;
  assigneeName: string | null;
  /** the user group it was dispatched to, if so */
  groupId: number | null;
  groupName: string | null;
  createdAt: number;
  dueAt: number;
  closedAt: number | null;
  cause: string | null;
  /** when the overdue job marked it (null: not overdue, or closed in time) */
  overdueAt: number | null;
  level: number;
}

/** One device reading at the time of 处理完成, with the limit it was held against. */
export interface ReadingSnapshot {
  deviceId: number;
  dataId: number;
  value: number;
  time: number;
  alarmLimit: number | null;
  inRange: boolean;
}

export interface OrderStepDto {
  action: 'create' | OrderAction | 'overdue';
  from: OrderStatus | null;
  to: OrderStatus;
  actorId: number | null;
  actorName: string | null;
  at: number;
  detail: Record<string, unknown>;
}

/** One alarm of an order, for the detail's trend around it. */
interface OrderEventDto {
  id: number;
  deviceId: number;
  deviceName: string | null;
  /** the measure that alarmed (null for a communication loss) */
  dataId: number | null;
  eventtime: number;
  endtime: number | null;
  level: number;
}

export interface OrderDetailDto extends OrderRowDto {
  events: OrderEventDto[];
  note: string | null;
  measures: string | null;
  fileIds: string[];
  overrideReason: string | null;
  readings: ReadingSnapshot[] | null;
  dispatcherId: number;
  acceptedAt: number | null;
  resolvedAt: number | null;
  timeline: OrderStepDto[];
}

export interface OperatorKpi {
  userId: number;
  userName: string | null;
  orders: number;
  closed: number;
  mttrMs: number | null;
  overdue: number;
}

export interface KpiDto {
  alarms: number;
  confirmed: number;
  mttaMs: number | null;
  mttaP90Ms: number | null;
  orders: number;
  closed: number;
  mttrMs: number | null;
  mttrP90Ms: number | null;
  overdue: number;
  falseAlarmShare: number | null;
  byOperator: OperatorKpi[];
}

/**
 * The median of durations: the middle value, or the mean of the two middle values of an even count;
 * null when there are none.
 */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The p-th percentile by nearest rank: the value at rank ⌈p/100 · n⌉ of the sorted values (1-based); null when empty. */
export function nearestRank(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * s.length));
  return s[rank - 1]!;
}
