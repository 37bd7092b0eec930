import { z } from 'zod';
import { textSchema } from '../validation';

/**
 * Shift handover (交接班, issue 29): the outgoing operator hands over a shift with a generated summary
 * and a note, the incoming operator accepts it. Shapes of /workorder/v1/handover (docs/workorders.md).
 */

export const HANDOVER_STATUS = {
  /** 待接班: handed over, nobody has accepted yet */
  HANDED: 'handed',
  /** 已接班 */
  ACCEPTED: 'accepted',
} as const;
export type HandoverStatus = (typeof HANDOVER_STATUS)[keyof typeof HANDOVER_STATUS];
export const HANDOVER_STATUSES = Object.values(HANDOVER_STATUS) as [HandoverStatus, ...HandoverStatus[]];

export const handoverCreateBody = z.object({ note: textSchema.optional() });
export type HandoverCreateBody = z.infer<typeof handoverCreateBody>;

export const handoverAcceptBody = z.object({ note: textSchema.optional() });
export type HandoverAcceptBody = z.infer<typeof handoverAcceptBody>;

export const handoverListBody = z.object({
  page: z.object({ index: z.number().int().min(0), limit: z.number().int().min(1).max(200) }).default({ index: 0, limit: 20 }),
  filter: z.object({ status: z.enum(HANDOVER_STATUSES).optional() }).default({}),
});
export type HandoverListBody = z.infer<typeof handoverListBody>;

/** How many rows each list of the summary carries (the counts are whole). */
export const SUMMARY_LIST_MAX = 20;

/** An alarm still unconfirmed at handover. */
interface SummaryAlarm {
  id: number;
  eventtime: number;
  level: number;
  /** the alarm type (customtype), named by the console in its language */
  type: number;
  deviceName: string | null;
}

/** An order open at handover. */
interface SummaryOrder {
  id: number;
  status: string;
  level: number;
  assigneeName: string | null;
  dueAt: number;
  overdue: boolean;
}

/** A device out of communication at handover. */
interface SummaryDevice {
  id: number;
  name: string;
  projectName: string | null;
}

/** What the shift leaves: generated at handover, stored with it, printed. */
export interface HandoverSummary {
  /** alarms raised in the shift (from its start to its end or the handover, whichever is first), per level */
  alarmsByLevel: { level: number; count: number }[];
  alarms: number;
  /** alarms not confirmed at handover, whenever raised */
  unconfirmed: number;
  unconfirmedList: SummaryAlarm[];
  /** orders not closed at handover, and those of them past due */
  ordersOpen: number;
  ordersOverdue: number;
  orderList: SummaryOrder[];
  /** devices out of communication (自动退出) at handover */
  devicesOffline: number;
  offlineList: SummaryDevice[];
}

export interface ShiftSpanDto {
  name: string;
  start: number;
  end: number;
}

/** GET /handover/draft: the shift the caller would hand over now, and its summary. */
export interface HandoverDraftDto {
  shift: ShiftSpanDto;
  at: number;
  summary: HandoverSummary;
}

export interface HandoverRowDto {
  id: number;
  status: HandoverStatus;
  shift: ShiftSpanDto;
  fromUserId: number;
  fromUserName: string;
  handedAt: number;
  note: string | null;
  toUserId: number | null;
  toUserName: string | null;
  acceptedAt: number | null;
  acceptNote: string | null;
}

export interface HandoverDetailDto extends HandoverRowDto {
  summary: HandoverSummary;
}
