import type { Generated } from 'kysely';
import type { HandoverStatus } from '../../domain/schemas/handover';

/** The table of migration 019_handover, merged into Database like server/store/workOrderTables.ts. */
export interface ShiftHandoverTable {
  id: Generated<number>;
  tenantId: number;
  shiftName: string;
  shiftStart: number;
  shiftEnd: number;
  fromUserId: number;
  fromUserName: string;
  note: string | null;
  /** JSON array of the project ids the summary covered; null when every project (a platform user) */
  projectIds: string | null;
  /** JSON HandoverSummary */
  summary: string;
  handedAt: number;
  status: HandoverStatus;
  toUserId: number | null;
  toUserName: string | null;
  acceptedAt: number | null;
  acceptNote: string | null;
}

declare module './schema' {
  interface Database {
    shift_handover: ShiftHandoverTable;
  }
}
