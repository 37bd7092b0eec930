import type { Generated, Selectable } from 'kysely';

/** Tables of migrations 014_notify and 016_notify_pacing, joined to the Database interface by declaration merging. */
interface NotifyChannelTable {
  id: Generated<number>;
  tenantId: number;
  name: string;
  kind: string;
  /** JSON text of the kind's config, secrets included */
  config: string;
  enabled: number;
  createdAt: number;
  updatedAt: number;
}

interface NotifyRuleTable {
  id: Generated<number>;
  tenantId: number;
  name: string;
  projectIds: string | null;
  levels: string;
  types: string | null;
  channelIds: string;
  userIds: string;
  sendEnd: number;
  quietHours: string | null;
  enabled: number;
  createdAt: number;
  updatedAt: number;
}

export interface NotifyDeliveryTable {
  id: string;
  tenantId: number;
  eventSeq: number | null;
  eventId: number | null;
  kind: string;
  ruleId: number | null;
  channelId: number;
  userId: number | null;
  recipient: string | null;
  projectId: number | null;
  level: number | null;
  floodKey: string | null;
  /** JSON text of MessageFacts */
  facts: string;
  status: string;
  attempts: number;
  /** JSON text of a Text {zh, en} */
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
  nextAttemptAt: number | null;
  leaseOwner: string | null;
  leaseUntil: number | null;
  mergedInto: string | null;
  noticeMode: number;
  /** 1: its channel is rate-limited and its send slot's taker sends it (migration 020); 0: the unpaced way */
  paced: Generated<number>;
}

/** Migration 016_notify_pacing: a rate-limited channel's next send slot, shared by every instance. */
interface NotifySendSlotTable {
  channelId: number;
  /** when the channel may send its next message (epoch ms) */
  nextAt: number;
}

declare module './schema' {
  interface Database {
    notify_channel: NotifyChannelTable;
    notify_rule: NotifyRuleTable;
    notify_delivery: NotifyDeliveryTable;
    notify_send_slot: NotifySendSlotTable;
  }
}

export type ChannelRow = Selectable<NotifyChannelTable>;
export type RuleRow = Selectable<NotifyRuleTable>;
export type DeliveryRow = Selectable<NotifyDeliveryTable>;
