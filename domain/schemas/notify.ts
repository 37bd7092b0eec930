import { z } from 'zod';
import { EVENT_LEVEL } from '../enums';
import { pageSchema } from './query';

/**
 * The notification contract of issue 28, shared by the console screens (通知渠道, 通知规则, 通知记录)
 * and the server: channels, rules, deliveries and the REST paths. Fields are only ever added.
 */

/** REST paths; the service is registered under NOTIFY_PREFIX. */
const NOTIFY_PREFIX = '/notify/v1';
export const NOTIFY_PATHS = {
  /** POST create, GET list */
  channel: `${NOTIFY_PREFIX}/channel`,
  /** PUT update, DELETE */
  channelById: (id: number) => `${NOTIFY_PREFIX}/channel/${id}`,
  /** POST: send a test message now, answer what the receiver said */
  channelTest: (id: number) => `${NOTIFY_PREFIX}/channel/${id}/test`,
  /** POST create, GET list */
  rule: `${NOTIFY_PREFIX}/rule`,
  /** PUT update, DELETE */
  ruleById: (id: number) => `${NOTIFY_PREFIX}/rule/${id}`,
  /** POST a page of deliveries */
  deliveryList: `${NOTIFY_PREFIX}/delivery/list`,
  /** POST: send a delivery again (a failed one, or any for an audit) */
  deliveryResend: (id: string) => `${NOTIFY_PREFIX}/delivery/${encodeURIComponent(id)}/resend`,
} as const;

export const CHANNEL_KINDS = ['webhook', 'wecom', 'dingtalk', 'feishu', 'email', 'sms'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/**
 * Messages per minute a channel sends at most unless its config says `ratePerMinute`: the robots' own
 * limits (企业微信 and 钉钉 20, 飞书 100); null, no limit: each message goes at once. A limited channel
 * sends one message per 60 ÷ rate seconds and merges what waits meanwhile into a digest.
 */
export const DEFAULT_RATE_PER_MINUTE: Record<ChannelKind, number | null> = {
  webhook: null,
  wecom: 20,
  dingtalk: 20,
  feishu: 100,
  email: null,
  sms: null,
};

/**
 * What every answer shows in place of a secret. Sent back unchanged in an update it means "keep the
 * stored value" (for a masked URL too: the console can send the DTO it read).
 */
export const SECRET_MASK = '******';

const url = z.string().min(1).max(2000);
const secret = z.string().max(500);
const rate = z.number().int().min(1).max(10_000);

const webhookConfigSchema = z.object({
  url,
  /** signs the body: X-Voltguard-Signature: sha256=<hex HMAC-SHA256(raw body, secret)> */
  secret: secret.optional(),
  ratePerMinute: rate.optional(),
});
/** 企业微信 group robot: the URL carries its key (https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…) */
const wecomConfigSchema = z.object({ url, ratePerMinute: rate.optional() });
/** 钉钉 custom robot: the URL carries access_token; with a 加签 secret each call is signed */
const dingtalkConfigSchema = z.object({ url, secret: secret.optional(), ratePerMinute: rate.optional() });
/** 飞书 custom bot: the URL carries the hook id; with a 签名校验 secret each body is signed */
const feishuConfigSchema = z.object({ url, secret: secret.optional(), ratePerMinute: rate.optional() });

export const SMTP_SECURITY = ['tls', 'starttls', 'none'] as const;
const emailConfigSchema = z.object({
  host: z.string().min(1).max(255),
  port: z.number().int().min(1).max(65535),
  /** tls: TLS from the start (465); starttls: upgrade required (587); none: plain (on-premise relays, tests) */
  security: z.enum(SMTP_SECURITY).default('starttls'),
  user: z.string().max(255).optional(),
  pass: secret.optional(),
  from: z.string().min(3).max(255),
  /** fixed recipients; a rule's users with an e-mail address are added per delivery */
  to: z.array(z.string().email().max(255)).max(50).default([]),
  ratePerMinute: rate.optional(),
});

export const SMS_METHODS = ['POST', 'PUT', 'GET'] as const;
const smsConfigSchema = z.object({
  /** {phone} and {content} are replaced (URL-encoded) in the URL too */
  url,
  method: z.enum(SMS_METHODS).default('POST'),
  /** header values are secrets (an API key often lives here): masked in answers */
  headers: z.record(z.string().min(1).max(100), z.string().max(2000)).default({}),
  /** the body sent, {phone} and {content} replaced (JSON-escaped when the template is JSON) */
  bodyTemplate: z.string().max(4000).default('{"phone":"{phone}","content":"{content}"}'),
  /** fixed recipients; a rule's users with a phone are added per delivery */
  phones: z.array(z.string().min(3).max(32)).max(50).default([]),
  ratePerMinute: rate.optional(),
});

export const channelConfigSchemas = {
  webhook: webhookConfigSchema,
  wecom: wecomConfigSchema,
  dingtalk: dingtalkConfigSchema,
  feishu: feishuConfigSchema,
  email: emailConfigSchema,
  sms: smsConfigSchema,
} as const;
export type WebhookConfig = z.infer<typeof webhookConfigSchema>;
export type WecomConfig = z.infer<typeof wecomConfigSchema>;
export type DingtalkConfig = z.infer<typeof dingtalkConfigSchema>;
export type FeishuConfig = z.infer<typeof feishuConfigSchema>;
export type EmailConfig = z.infer<typeof emailConfigSchema>;
export type SmsConfig = z.infer<typeof smsConfigSchema>;

const channelName = z.string().trim().min(1).max(40);
const tenantId = z.number().int().positive().optional();

/** POST /notify/v1/channel (tenantId: platform and root users name the tenant; others use their own) */
export const channelCreateSchema = z.discriminatedUnion('kind', [
  z.object({ name: channelName, kind: z.literal('webhook'), config: webhookConfigSchema, enabled: z.boolean().default(true), tenantId }),
  z.object({ name: channelName, kind: z.literal('wecom'), config: wecomConfigSchema, enabled: z.boolean().default(true), tenantId }),
  z.object({ name: channelName, kind: z.literal('dingtalk'), config: dingtalkConfigSchema, enabled: z.boolean().default(true), tenantId }),
  z.object({ name: channelName, kind: z.literal('feishu'), config: feishuConfigSchema, enabled: z.boolean().default(true), tenantId }),
  z.object({ name: channelName, kind: z.literal('email'), config: emailConfigSchema, enabled: z.boolean().default(true), tenantId }),
  z.object({ name: channelName, kind: z.literal('sms'), config: smsConfigSchema, enabled: z.boolean().default(true), tenantId }),
]);
export type ChannelCreate = z.infer<typeof channelCreateSchema>;

/**
 * PUT /notify/v1/channel/{id}: the kind cannot change. A secret (or URL, header value) equal to
 * SECRET_MASK, or left out, keeps the stored one; '' clears an optional secret.
 */
export const channelUpdateSchema = z.object({
  name: channelName.optional(),
  enabled: z.boolean().optional(),
  /** validated against the channel's kind by the server */
  config: z.record(z.string().max(64), z.unknown()).optional(),
});
export type ChannelUpdate = z.infer<typeof channelUpdateSchema>;

export const channelListSchema = z.object({ tenantId: z.coerce.number().int().positive().optional() });

/** A channel as every answer shows it: secrets, keys in URLs and header values are SECRET_MASK. */
export interface ChannelDto {
  id: number;
  tenantId: number;
  name: string;
  kind: ChannelKind;
  enabled: boolean;
  /** the kind's config, masked */
  config: Record<string, unknown>;
  /** whether a secret (or password) is stored, since the value itself is never shown */
  hasSecret: boolean;
  /** the rate in force (the config's, else the kind's default); null: no limit */
  ratePerMinute: number | null;
  createdAt: number;
  updatedAt: number;
}

/** POST /notify/v1/channel/{id}/test: what the receiver answered. */
export interface ChannelTestAnswer {
  ok: boolean;
  /** the receiver's HTTP status (SMTP: the reply code), null when nothing answered */
  status: number | null;
  /** the first 500 characters of the receiver's answer */
  body: string;
  /** in words, in the request's language (连接被拒绝, 超时, HTTP 500: …); null when sent */
  error: string | null;
  durationMs: number;
}

/** Levels a rule can pick: 事故 1, 报警 2, 预警 4 (EVENT_LEVEL ids). */
export const NOTIFY_LEVELS = [EVENT_LEVEL.ACCIDENT, EVENT_LEVEL.ALARM, EVENT_LEVEL.EARLY_WARNING] as const;
const level = z
  .number()
  .int()
  .refine((n) => EVENT_LEVEL.has(n), '请选择正确的报警等级');
/** alarm types: EVENT_TYPE ids, and 6 通信中断 (commWatch) */
const alarmType = z.number().int().min(1).max(99);
const hhmm = z
  .string()
  .max(5)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间须为 HH:mm');

const quietHoursSchema = z.object({ from: hhmm, to: hhmm });
export type QuietHours = z.infer<typeof quietHoursSchema>;

const ruleFields = {
  name: channelName,
  /** null: every project in the caller's scope (now and later) */
  projectIds: z.array(z.number().int().positive()).max(1000).nullable(),
  levels: z.array(level).min(1).max(3),
  /** null: every alarm type */
  types: z.array(alarmType).max(50).nullable(),
  channelIds: z.array(z.number().int().positive()).max(50).default([]),
  /** users reached over the rule's channels that fit their contact fields (e-mail, phone, 企业微信/钉钉 id) */
  userIds: z.array(z.number().int().positive()).max(200).default([]),
  /** also send when the alarm ends */
  sendEnd: z.boolean().default(false),
  /** in the project's time zone; holds 报警 and 预警 until it ends, never 事故. from > to spans midnight. */
  quietHours: quietHoursSchema.nullable().default(null),
  enabled: z.boolean().default(true),
};

/** POST /notify/v1/rule → {id} */
export const ruleCreateSchema = z
  .object({ ...ruleFields, tenantId })
  .refine((r) => r.channelIds.length + r.userIds.length > 0, '请选择通知渠道或接收人');
export type RuleCreate = z.infer<typeof ruleCreateSchema>;

/** PUT /notify/v1/rule/{id}: the fields given replace the stored ones. */
export const ruleUpdateSchema = z.object({
  name: ruleFields.name.optional(),
  projectIds: ruleFields.projectIds.optional(),
  levels: ruleFields.levels.optional(),
  types: ruleFields.types.optional(),
  channelIds: z.array(z.number().int().positive()).max(50).optional(),
  userIds: z.array(z.number().int().positive()).max(200).optional(),
  sendEnd: z.boolean().optional(),
  quietHours: quietHoursSchema.nullable().optional(),
  enabled: z.boolean().optional(),
});
export type RuleUpdate = z.infer<typeof ruleUpdateSchema>;

export interface RuleDto {
  id: number;
  tenantId: number;
  name: string;
  projectIds: number[] | null;
  levels: number[];
  types: number[] | null;
  channelIds: number[];
  userIds: number[];
  sendEnd: boolean;
  quietHours: QuietHours | null;
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
}

/** 待发送 / 已发送 / 重试中 / 失败 */
export const DELIVERY_STATUSES = ['pending', 'sent', 'retrying', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_TEXT: Record<DeliveryStatus, { zh: string; en: string }> = {
  pending: { zh: '待发送', en: 'Pending' },
  sent: { zh: '已发送', en: 'Sent' },
  retrying: { zh: '重试中', en: 'Retrying' },
  failed: { zh: '失败', en: 'Failed' },
};

/**
 * What a delivery tells: an alarm raised, ended, escalated, a digest of several, a test, or a work
 * order given to its assignee (issue 29).
 */
export type DeliveryKind = 'raised' | 'ended' | 'escalated' | 'test' | 'assigned';

/**
 * Notice modes of the message log (spec §3 "noticeMode 4" is the web console); a delivery's mode
 * follows its channel kind.
 */
const NOTICE_MODE = { SMS: 1, EMAIL: 2, ROBOT: 3, WEB: 4 } as const;
export const noticeModeOf = (kind: ChannelKind): number =>
  kind === 'sms' ? NOTICE_MODE.SMS : kind === 'email' ? NOTICE_MODE.EMAIL : NOTICE_MODE.ROBOT;

/** POST /notify/v1/delivery/list; times are epoch ms */
export const deliveryListSchema = z.object({
  page: pageSchema.default({ index: 0, limit: 20 }),
  filter: z
    .object({
      /** the alarm (peceventextend id): the event detail's deliveries */
      eventId: z.number().int().positive().optional(),
      status: z.enum(DELIVERY_STATUSES).optional(),
      channelId: z.number().int().positive().optional(),
      userId: z.number().int().positive().optional(),
      projectId: z.number().int().positive().optional(),
      startTime: z.number().int().min(0).optional(),
      endTime: z.number().int().min(0).optional(),
    })
    .default({}),
});
export type DeliveryListRequest = z.infer<typeof deliveryListSchema>;

/** A row of the 通知记录 screen; answered as {code, msg, data: rows, total}. */
export interface DeliveryDto {
  /** stable id, also the receiver's idempotency key (X-Voltguard-Delivery) */
  id: string;
  /** the alarm (peceventextend id); null for a test */
  eventId: number | null;
  /** the domain event that caused it */
  eventSeq: number | null;
  kind: DeliveryKind;
  ruleId: number | null;
  channelId: number;
  channelName: string | null;
  channelKind: ChannelKind | null;
  /** a user reached by its contact field; null when the channel's own recipients */
  userId: number | null;
  userName: string | null;
  /** the address used: e-mail, phone, 企业微信/钉钉 id; null for the channel's own */
  recipient: string | null;
  projectId: number | null;
  level: number | null;
  status: DeliveryStatus;
  attempts: number;
  /** the last failure in words (连接被拒绝, 超时, HTTP 500: …) */
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
  /** when the worker tries next (quiet hours hold it until then) */
  nextAttemptAt: number | null;
  /** set when this alarm went out inside another delivery's digest (a flood, a rate limit) */
  mergedInto: string | null;
  noticeMode: number;
}
