import { z } from 'zod';
import { ACCESS_TYPE } from '../enums';
import { boundedName, nameSchema, phoneOrLandlineSchema, plainNameSchema, textSchema } from '../validation';
import { isTimeZone } from '../timeZone';
import {
  DEFAULT_PAGE_SIZE,
  EARLY_WARNING_MAX_HORIZON_DAYS,
  ESCALATION_MAX_SECONDS,
  ESCALATION_MIN_SECONDS,
  ORDER_DUE_MAX_HOURS,
  ORDER_DUE_MIN_HOURS,
  PAGE_SIZES,
  SETTINGS_DEFAULTS,
} from '../settingsDefaults';

/**
 * Request shapes of the information-management services (issue 7): system settings, access schemes,
 * the device access list and the operation log. Shared by the forms and the server.
 */

/** Ids a request refers to: positive safe integers, never coerced from text. */
const id = z.number().int().positive();
const optionalText = z.union([z.literal(''), textSchema]).nullish();

export { PAGE_SIZES };

/** ESCALATION_MIN_SECONDS and ESCALATION_MAX_SECONDS, spelled out so both languages can name them */
const ESCALATION_MSG = '升级时限须为 0（不升级）或 10 到 86400 秒';
/** ORDER_DUE_MIN_HOURS and ORDER_DUE_MAX_HOURS, spelled out so both languages can name them */
const ORDER_DUE_MSG = '处置时限须为 1 到 720 小时的整数';
const orderDueHours = z.number().int(ORDER_DUE_MSG).min(ORDER_DUE_MIN_HOURS, ORDER_DUE_MSG).max(ORDER_DUE_MAX_HOURS, ORDER_DUE_MSG);
const CAUSE_MSG = '原因目录须为 1 到 50 个不重复的名称';
const SHIFTS_MSG = '班次须为 1 到 6 个名称不重复的时段，如 白班 08:00-20:00';
const clock = z
  .string()
  .max(5)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, SHIFTS_MSG);
const shiftSchema = z.object({ name: boundedName(10), start: clock, end: clock }).refine((s) => s.start !== s.end, SHIFTS_MSG);
const escalationSeconds = z
  .number()
  .int(ESCALATION_MSG)
  .min(0, ESCALATION_MSG)
  .max(ESCALATION_MAX_SECONDS, ESCALATION_MSG)
  .refine((s) => s === 0 || s >= ESCALATION_MIN_SECONDS, ESCALATION_MSG);

/** 预警时长: how far ahead a projected crossing warns, in whole days */
const horizonDays = z
  .number()
  .int('预警时长须为 1 到 30 天的整数')
  .min(1, '预警时长须为 1 到 30 天的整数')
  .max(EARLY_WARNING_MAX_HORIZON_DAYS, '预警时长须为 1 到 30 天的整数');

export const systemSettingsSchema = z.object({
  platformName: nameSchema,
  /** empty means "no hotline shown" */
  contactPhone: z.union([z.literal(''), phoneOrLandlineSchema]),
  alarmSound: z.boolean(),
  /** spec §9: auto-display time limit for alarms, 60 s by default */
  alarmAutoDisplaySeconds: z.number().int().min(0).max(600),
  /** spec §9: realtime device refresh, 15 s by default */
  realtimeRefreshSeconds: z.number().int().min(5).max(300),
  tablePageSize: z.union(PAGE_SIZES.map((n) => z.literal(n)) as [z.ZodLiteral<10>, z.ZodLiteral<20>, z.ZodLiteral<50>, z.ZodLiteral<100>]),
  remark: z.union([z.literal(''), textSchema]),
  /** the project's time zone (IANA name): day bounds, reports, exports and every screen use it */
  timeZone: z.string().max(64).refine(isTimeZone, '请选择正确的时区'),
  /**
   * Spec §8 "logged in elsewhere": a new web login of a user ends that user's older web sessions.
   * Kiosk and API tokens are not affected.
   */
  singleWebSession: z.boolean().default(true),
  /** issue 19: an alarm not confirmed within this many seconds escalates, per level; 0 is off */
  escalateAccidentSeconds: escalationSeconds.default(SETTINGS_DEFAULTS.escalateAccidentSeconds),
  escalateAlarmSeconds: escalationSeconds.default(SETTINGS_DEFAULTS.escalateAlarmSeconds),
  escalateWarningSeconds: escalationSeconds.default(SETTINGS_DEFAULTS.escalateWarningSeconds),
  /** the role whose users are sent the escalation message (a role of the tenant); 0 is nobody */
  escalateRoleId: z.number().int().min(0).default(0),
  /** flood grouping: more than this many alarms of one device and type … */
  floodThreshold: z
    .number()
    .int()
    .min(2, '报警数须为 2 到 1000')
    .max(1000, '报警数须为 2 到 1000')
    .default(SETTINGS_DEFAULTS.floodThreshold),
  /** … within this many seconds are shown as one group */
  floodWindowSeconds: z
    .number()
    .int()
    .min(5, '时间窗须为 5 到 3600 秒')
    .max(3600, '时间窗须为 5 到 3600 秒')
    .default(SETTINGS_DEFAULTS.floodWindowSeconds),
  /** issue 31: trend warnings (趋势预警) and departures from the own normal (异常偏离), per tenant */
  earlyWarningTrend: z.boolean().default(SETTINGS_DEFAULTS.earlyWarningTrend),
  earlyWarningDeparture: z.boolean().default(SETTINGS_DEFAULTS.earlyWarningDeparture),
  /** a trend warns when its projected crossing is at most this many days away */
  earlyWarningHorizonDays: horizonDays.default(SETTINGS_DEFAULTS.earlyWarningHorizonDays),
  /** projects whose series are not watched for early warnings */
  earlyWarningOffProjects: z.array(id).max(10_000).default([]),
  /** projects with a horizon of their own (the others take earlyWarningHorizonDays) */
  earlyWarningProjectHorizons: z
    .array(z.object({ projectId: id, days: horizonDays }))
    .max(10_000)
    .refine((l) => new Set(l.map((p) => p.projectId)).size === l.length, '每个项目只能设置一个预警时长')
    .default([]),
  /** issue 29: a work order is due this many hours after dispatch, per level of its alarms (the highest) */
  orderDueAccidentHours: orderDueHours.default(SETTINGS_DEFAULTS.orderDueAccidentHours),
  orderDueAlarmHours: orderDueHours.default(SETTINGS_DEFAULTS.orderDueAlarmHours),
  orderDueWarningHours: orderDueHours.default(SETTINGS_DEFAULTS.orderDueWarningHours),
  /** the causes an on-site record picks from (误报 counts as a false alarm) */
  orderCauses: z
    .array(boundedName(20))
    .min(1, CAUSE_MSG)
    .max(50, CAUSE_MSG)
    .refine((l) => new Set(l).size === l.length, CAUSE_MSG)
    .default(SETTINGS_DEFAULTS.orderCauses),
  /** issue 29: the shifts a handover (交接班) covers, wall-clock ranges in the project zone */
  shifts: z
    .array(shiftSchema)
    .min(1, SHIFTS_MSG)
    .max(6, SHIFTS_MSG)
    .refine((l) => new Set(l.map((s) => s.name)).size === l.length, SHIFTS_MSG)
    .default(SETTINGS_DEFAULTS.shifts),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

// Defaults live in a zod-free module: the console's eager code (settings in force) needs them before
// zod is configured (zodConfig.ts), and defining a schema earlier would probe for eval under the CSP.
export const DEFAULT_SYSTEM_SETTINGS: SystemSettings = SETTINGS_DEFAULTS;

/**
 * The settings in force for a session (GET system/setting/effective): its tenant's saved record, else
 * the platform's, else the defaults; and the user's group logo. Readable by every signed-in user.
 */
export interface EffectiveSettingsDto {
  settings: SystemSettings;
  /** the file name of the caller's group logo, null when none (the header falls back to the product mark) */
  logo: string | null;
}

/** What the login page may know before anyone signs in (GET system/setting/public). */
export interface PublicSettingsDto {
  platformName: string;
  timeZone: string;
}

export const settingReadBody = z.object({ tenantId: id.optional() });
export const settingSaveBody = z.object({ tenantId: id.optional(), settings: systemSettingsSchema });

/** A project of the tenant, for the per-project early-warning settings (POST system/setting/projects). */
export interface SettingProjectDto {
  id: number;
  name: string;
}

/** A role the escalation message can be sent to (POST system/setting/roles). */
export interface SettingRoleDto {
  id: number;
  name: string;
}

export interface SystemSettingDto {
  tenantId: number;
  settings: SystemSettings;
  /** null while the defaults are in force */
  updatedAt: number | null;
}

const HOST = /^[A-Za-z0-9.-]{1,100}$/;
export const accessSchemeBody = z
  .object({
    name: plainNameSchema,
    accesstype: z
      .number()
      .int()
      .refine((v) => ACCESS_TYPE.has(v), '请选择接入方式'),
    tenantId: id.optional(),
    host: z.union([z.literal(''), z.string().max(100).regex(HOST, '请输入正确的服务器地址')]).nullish(),
    port: z.number().int().min(1, '端口范围 1~65535').max(65535, '端口范围 1~65535').nullish(),
    remark: optionalText,
  })
  .strict();

export interface AccessSchemeDto {
  id: number;
  modelLabel: 'equipaccessscheme';
  name: string;
  accesstype: number;
  accesstypeText: string;
  tenantId: number;
  host: string | null;
  port: number | null;
  remark: string | null;
  createdAt: number;
  /** devices linked to the scheme; a scheme in use cannot be deleted */
  deviceCount: number;
}

export interface AccessConfigDto {
  accessTypes: { id: number; key: string; text: string }[];
  schemes: AccessSchemeDto[];
}

const page = z.object({
  index: z.number().int().min(0).max(1_000_000).default(0),
  limit: z.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE),
});

export const deviceAccessListBody = z.object({
  accesstype: z.number().int().optional(),
  schemeId: id.optional(),
  projectId: id.optional(),
  keyword: z.string().max(64).optional(),
  page: page.default({ index: 0, limit: DEFAULT_PAGE_SIZE }),
});

export interface DeviceAccessRow {
  id: number;
  name: string;
  code: string;
  accesstype: number;
  accesstypeText: string;
  projectId: number;
  projectName: string | null;
  schemeId: number | null;
  schemeName: string | null;
}

/** ms since epoch; the range is [startTime, endTime). */
export const operationLogFilter = z
  .object({
    startTime: z.number().int().min(0).optional(),
    endTime: z.number().int().min(0).optional(),
    /** part of the acting user's name */
    userName: z.string().max(64).optional(),
    /** an exact kind (user.created) or a family (user) */
    kind: z
      .string()
      .regex(/^[a-z_]+(\.[a-z_]+)*$/, '日志类型不合法')
      .max(64)
      .optional(),
  })
  .refine((f) => f.startTime === undefined || f.endTime === undefined || f.startTime < f.endTime, '开始时间须早于结束时间');

export const operationLogListBody = z.object({
  filter: operationLogFilter.default({}),
  page: page.default({ index: 0, limit: DEFAULT_PAGE_SIZE }),
});

export interface OperationLogRow {
  seq: number;
  at: number;
  kind: string;
  actorId: number | null;
  actorName: string | null;
  tenantId: number | null;
  projectId: number | null;
  subject: string | null;
  /**
   * What the subject is called, in the answer's language and the project zone: a user's or project's name,
   * a device's name and code, an event's type, time and device; null when the object is gone and its
   * entry carried no name.
   */
  subjectName: string | null;
  payload: { before?: unknown; after?: unknown; [k: string]: unknown };
}

export interface GraphTreeNode {
  id: number;
  name: string;
  modelLabel: 'province' | 'city' | 'district' | 'project' | 'terminal';
  children: GraphTreeNode[];
}
