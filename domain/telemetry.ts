/**
 * Telemetry shared by browser and server: the measures catalogue of a terminal, default thresholds,
 * and the zod schemas of the telemetry, alarm, history and remote APIs (docs/api-telemetry.md).
 */
import { z } from 'zod';
import { EVENT_CONFIRM } from './enums';
import { expressionSchema, orderSchema, pageSchema } from './schemas/query';

/** A stored device (terminal) id: a positive safe integer. */
const deviceIdSchema = z.number().int().positive();

export * from './measures';
import { DATA_TYPE, DEFAULT_POWER_LIMIT_KW, MEASURES } from './measures';

// ---------- ingest ----------

export const MAX_BATCH_VALUES = 500;
/** readings more than this far ahead of the server clock are refused */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000;

export const readingSchema = z.object({
  dataId: z.number().int(),
  logicalId: z.number().int().min(0).default(1),
  // Checked one by one so a single bad value does not sink the batch.
  value: z.unknown(),
  status: z.number().int().min(0).max(255).default(0),
});

const commandAckSchema = z.object({
  commandId: z.string().min(1).max(64),
  ok: z.boolean(),
  /** parameter values read back or applied */
  params: z
    .record(z.string().max(40), z.number())
    .refine((o) => Object.keys(o).length <= 50, '参数最多 50 个')
    .optional(),
  message: z.string().max(200).optional(),
});
export type CommandAck = z.infer<typeof commandAckSchema>;

export const ingestBatchSchema = z.object({
  /** device code (e.g. VG3301060001) or numeric terminal id */
  device: z.union([z.string().min(1).max(64), z.number().int().min(0)]),
  /** ms since epoch, or an ISO / `YYYY-MM-DD HH:mm:ss` string */
  time: z.union([z.number().int().min(0), z.string().min(1).max(40)]),
  values: z.array(z.unknown()).default([]),
  acks: z.array(commandAckSchema).max(100).optional(),
});

export interface RejectedReading {
  index: number;
  dataId: unknown;
  reason: string;
}
export interface PendingCommand {
  commandId: string;
  type: 'control' | 'param_read' | 'param_write';
  controlpoint?: number;
  groupId?: number;
  params?: Record<string, number>;
}
export interface IngestResult {
  deviceId: number;
  accepted: number;
  rejected: RejectedReading[];
  /** commands waiting for the device: answered in the next batch's acks */
  commands: PendingCommand[];
}

// ---------- thresholds, measures ----------

export const thresholdListBody = z.object({
  rootID: deviceIdSchema,
  rootLabel: z.literal('terminal', { error: 'rootLabel 须为 terminal' }),
});
export const thresholdSaveBody = z.object({
  rootID: deviceIdSchema,
  rootLabel: z.literal('terminal', { error: 'rootLabel 须为 terminal' }),
  thresholds: z
    .array(
      z.object({
        dataId: z.number().int(),
        alarmLimit: z.number().finite().nullable(),
        warnLimit: z.number().finite().nullable().optional(),
        hysteresis: z.number().finite().min(0).optional(),
        enabled: z.boolean().default(true),
      }),
    )
    .min(1)
    .max(MEASURES.length),
});

// ---------- events ----------

export const EVENT_PROPS = [
  'id',
  'eventtime',
  'endeventid',
  'customtype',
  'confirmeventstatus',
  'peceventlevel',
  'deviceid',
  'projectid',
  'dataid',
] as const;

/**
 * The event list's page: the spec's index and limit, plus (optional) the cursor the previous answer
 * gave, so that the page after, before or the same one is read by keyset (server/events/eventPage.ts).
 */
const eventPageSchema = pageSchema.extend({
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, '须原样回传上一页答复中的 cursor')
    .optional(),
});
export const eventListBody = z.object({
  rootLabel: z.literal('peceventextend').default('peceventextend'),
  rootCondition: z
    .object({
      filter: z.object({ expressions: z.array(expressionSchema).max(50).default([]) }).optional(),
      page: eventPageSchema.optional(),
    })
    .optional(),
  orders: z.array(orderSchema).max(3).optional(),
  include_submodel: z.boolean().optional(),
});
export const eventScopeQuery = z.object({
  id: z
    .string()
    .max(16)
    .regex(/^[1-9]\d{0,15}$/, '须为正整数')
    .transform(Number)
    .optional(),
  modelLabel: z.enum(['province', 'city', 'district', 'project', 'terminal']).optional(),
});
/** Spec §5 text rule for a remark: 1 to 140 characters once trimmed (shared by the form and the server). */
const REMARK_LENGTH_MSG = '长度在 1 到 140 个字符';
export const remarkSchema = z.string().trim().min(1, REMARK_LENGTH_MSG).max(140, REMARK_LENGTH_MSG);
/**
 * event/save takes a list of events: the id, and what to change. A client may send the full row it
 * listed (eventtime, operator, …): those fields are the server's to stamp and are ignored. A
 * confirmeventstatus of 3 confirms (1 leaves an unconfirmed event as it is); a remark string sets the
 * remark, null clears it.
 */
export const eventSaveBody = z
  .array(
    z.object({
      id: z.number().int().positive(),
      confirmeventstatus: z.union([z.literal(EVENT_CONFIRM.UNCONFIRM), z.literal(EVENT_CONFIRM.CONFIRM)]).optional(),
      remark: remarkSchema.nullable().optional(),
    }),
  )
  .min(1)
  .max(1000);

export interface PecEvent {
  id: number;
  modelLabel: 'peceventextend';
  eventtime: number;
  endtime: number | null;
  endeventid: number;
  customtype: number;
  customtypeName: string;
  peceventlevel: number;
  peceventlevelName: string;
  confirmeventstatus: number;
  value: number | null;
  endvalue: number | null;
  limitvalue: number | null;
  dataid: number | null;
  description: string;
  remark: string | null;
  /** the confirmation stamp: set once, when the event is confirmed (spec §4) */
  updatetime: number | null;
  operator: string | null;
  /** the remark's own stamp: who wrote the current remark and when */
  remarkoperator: string | null;
  remarktime: number | null;
  /** when it escalated for staying unconfirmed (issue 19), null while it has not */
  escalatedat: number | null;
  deviceid: number;
  devicename: string;
  devicecode: string;
  projectid: number;
  projectname: string;
}

// ---------- history, realtime, trend ----------

const timeText = z.union([z.number().int().min(0), z.string().min(1).max(40)]);

export const datalogBody = z.object({
  dataId: z.number().int(),
  logicalId: z.number().int().min(0).default(1),
  dataTypeId: z.number().int().default(DATA_TYPE.REALTIME),
  startTime: timeText,
  endTime: timeText,
  isDiffValue: z.boolean().default(false),
});
export const unitListBody = z.object({ dataIds: z.array(z.number().int()).max(100).optional() });
export const historyExportBody = z.object({
  pecDeviceId: deviceIdSchema,
  dataIds: z.array(z.number().int()).min(1).max(MEASURES.length),
  startTime: timeText,
  endTime: timeText,
  isDiffValue: z.boolean().default(false),
  fileName: z.string().max(60).optional(),
});

export const trendQueryBody = z.object({
  startTime: z
    .string()
    .max(19)
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'startTime 须为 YYYY-MM-DD HH:mm:ss'),
  endTime: z
    .string()
    .max(19)
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'endTime 须为 YYYY-MM-DD HH:mm:ss'),
  /** bucket width in seconds; 0 or absent: raw points when they fit MAX_TREND_POINTS */
  interval: z
    .number()
    .int()
    .min(0)
    .max(31 * 86400)
    .default(0),
  meterConfigs: z
    .array(
      z.object({
        dataId: z.number().int(),
        dataTypeId: z.number().int().default(DATA_TYPE.REALTIME),
        deviceId: deviceIdSchema,
        logicalId: z.number().int().min(0).default(1),
      }),
    )
    .min(1)
    .max(20),
});
export const MAX_TREND_POINTS = 2000;

export interface TrendPoint {
  time: number;
  value: number | null;
  status: number;
  /** present on aggregated points: the bucket's extremes so spikes survive */
  min?: number;
  max?: number;
}

// ---------- remote ----------

export const userInfoSchema = z.object({
  userName: z.string().min(1, '用户名不能为空').max(64),
  password: z.string().min(1, '密码不能为空').max(128),
  timestamps: z.number().int().positive().optional(),
  client: z.string().max(20).optional(),
});

export const remoteControlBody = z.object({
  deviceId: deviceIdSchema.optional(),
  controlpoint: z.number().int().optional(),
  data: z.object({ paramValue: z.union([z.number(), z.string().max(64)]).optional(), type: z.number().int().optional() }).optional(),
  userInfo: userInfoSchema,
});

export const paramSaveBody = z.object({
  deviceId: deviceIdSchema,
  groupId: z.number().int().min(0),
  params: z
    .array(z.object({ id: z.string().min(1).max(40), value: z.number().finite() }))
    .min(1)
    .max(50),
  userInfo: userInfoSchema,
});

export interface RemoteParamDef {
  id: string;
  groupId: number;
  name: string;
  unit: string;
  min: number;
  max: number;
  defaultValue: number;
}

export const REMOTE_GROUPS = [
  { id: 1, name: '保护定值' },
  { id: 2, name: '通信参数' },
] as const;

export const REMOTE_PARAMS: readonly RemoteParamDef[] = [
  { id: 'leakLimit', groupId: 1, name: '剩余电流报警值', unit: 'mA', min: 30, max: 1000, defaultValue: 300 },
  { id: 'tempLimit', groupId: 1, name: '温度报警值', unit: '℃', min: 45, max: 120, defaultValue: 70 },
  { id: 'powerLimit', groupId: 1, name: '功率限值', unit: 'kW', min: 1, max: 200, defaultValue: DEFAULT_POWER_LIMIT_KW },
  { id: 'reportInterval', groupId: 2, name: '上报周期', unit: 's', min: 5, max: 3600, defaultValue: 15 },
];

export const CONTROL_POINTS = [
  { id: 1, name: '消音', controlType: 1, para: 'silence' },
  { id: 2, name: '复位', controlType: 2, para: 'reset' },
] as const;

// ---------- push ----------

/** One pushed message: the spec §3 notification fields plus the event log sequence number. */
export interface NoticeMessage {
  seq: number;
  id: string;
  time: number;
  kind: string;
  logTypeName: string;
  projectId: number | null;
  description: {
    projectName: string | null;
    deviceName: string | null;
    deviceCode: string | null;
    contactInfo: string | null;
    value: number | string | null;
    deviceId: number | null;
  };
  payload: unknown;
}

export const messageLogBody = z.object({
  /** 4: the web console (the event log); 1 短信, 2 邮件, 3 webhook/机器人: notification deliveries (issue 28) */
  noticeMode: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'noticeMode 须为 1、2、3 或 4' }).default(4),
  startTime: timeText,
  endTime: timeText,
  receiver: z.number().int().positive(),
  page: pageSchema.optional(),
});

/** A device's newly committed values, pushed as 'measure' (not sequenced: live state, not an event). */
export interface MeasureMessage {
  deviceId: number;
  projectId: number;
  time: number;
  /** value by dataId */
  values: Record<number, number>;
}

/** One tile of the wall / row of the realtime table: GET /wisdompower/v1/realtime/snapshot. */
export interface DeviceSnapshot {
  deviceId: number;
  code: string;
  name: string;
  projectId: number;
  projectName: string;
  devicestatus: number;
  /** highest active alarm: 0 none, 1 early warning, 2 alarm, 3 accident */
  alarmRank: number;
  activeAlarms: number;
  time: number | null;
  values: Record<number, number>;
  /** what tripped the severest active alarm (issue 30: a wall tile says why); null without one */
  trip: TileTrip | null;
}

/** An active alarm as a tile names it: the measure, the value it reached and the limit it crossed. */
export interface TileTrip {
  eventId: number;
  level: number;
  customtype: number;
  /** null for an alarm no measure raised (communication loss) */
  dataId: number | null;
  value: number | null;
  /** null where no limit applies (a probe fault) */
  limit: number | null;
}
