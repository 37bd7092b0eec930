/**
 * Telemetry shared by browser and server: the measures catalogue of a terminal, default thresholds,
 * and the zod schemas of the telemetry, alarm, history and remote APIs (docs/api-telemetry.md).
 */
import { z } from 'zod';
import { EVENT_CONFIRM, EVENT_LEVEL, EVENT_TYPE } from './enums';
import { expressionSchema, orderSchema, pageSchema } from './schemas/query';

/** A stored device (terminal) id: a positive safe integer. */
const deviceIdSchema = z.number().int().positive();

/** Not in spec §3's EVENT_TYPE list: loss of communication is an alarm episode too (issue 3). */
export const COMM_LOSS_EVENT_TYPE = 6;
export const EVENT_TYPE_TEXT: Record<number, string> = {
  ...Object.fromEntries(EVENT_TYPE.list.map((e) => [e.id, e.text])),
  [COMM_LOSS_EVENT_TYPE]: '通信中断',
};
export const EVENT_TYPE_TEXT_EN: Record<number, string> = {
  ...Object.fromEntries(EVENT_TYPE.list.map((e) => [e.id, e.en])),
  [COMM_LOSS_EVENT_TYPE]: 'Communication loss',
};

/** dataTypeId of every catalogue measure: the instantaneous (realtime) value. */
export const DATA_TYPE = { REALTIME: 1 } as const;
export const DATA_TYPE_NAME: Record<number, string> = { 1: '实时值' };

export interface MeasureDef {
  dataId: number;
  logicalId: number;
  dataTypeId: number;
  name: string;
  unit: string;
  /** alarm category raised when this measure crosses its limit; null: no thresholds */
  eventType: number | null;
  /** default alarm limit; early warning at warnRatio of it */
  alarmLimit: number | null;
  /** level raised at the alarm limit (probe faults are accidents) */
  alarmLevel: number;
  /** cumulative counter: history may answer differences (isDiffValue) */
  cumulative: boolean;
  /** trend chart group title (spec §3 realtime trendData) */
  chart: string;
  /** the name in English (server answers in English; the browser's packs hold the same) */
  en: string;
}

/** The trend groups by a language-neutral id, for the browser's packs (measureChart.<id>). */
export const MEASURE_CHART_IDS: Record<string, string> = {
  剩余电流: 'residual',
  温度: 'temperature',
  电流电压: 'currentVoltage',
  功率: 'power',
  状态: 'status',
};

export const WARN_RATIO = 0.8;
/** Release band below a limit, as a fraction of the limit: values must fall this far before an alarm ends. */
export const HYSTERESIS_RATIO = 0.05;
export const DEFAULT_POWER_LIMIT_KW = 20;

const m = (d: Partial<MeasureDef> & Pick<MeasureDef, 'dataId' | 'name' | 'en' | 'unit' | 'chart'>): MeasureDef => ({
  logicalId: 1,
  dataTypeId: DATA_TYPE.REALTIME,
  eventType: null,
  alarmLimit: null,
  alarmLevel: EVENT_LEVEL.ALARM,
  cumulative: false,
  ...d,
});

/** Every measure a terminal reports. dataIds are unique, so (device, dataId) names one series. */
export const MEASURES: readonly MeasureDef[] = [
  m({
    dataId: 1001,
    name: '剩余电流',
    en: 'Residual current',
    unit: 'mA',
    chart: '剩余电流',
    eventType: EVENT_TYPE.AFTERCURRENT,
    alarmLimit: 300,
  }),
  m({
    dataId: 1101,
    name: 'A相温度',
    en: 'Phase A temperature',
    unit: '℃',
    chart: '温度',
    eventType: EVENT_TYPE.TEMPERATURE,
    alarmLimit: 70,
  }),
  m({
    dataId: 1102,
    name: 'B相温度',
    en: 'Phase B temperature',
    unit: '℃',
    chart: '温度',
    eventType: EVENT_TYPE.TEMPERATURE,
    alarmLimit: 70,
  }),
  m({
    dataId: 1103,
    name: 'C相温度',
    en: 'Phase C temperature',
    unit: '℃',
    chart: '温度',
    eventType: EVENT_TYPE.TEMPERATURE,
    alarmLimit: 70,
  }),
  m({
    dataId: 1104,
    name: 'N相温度',
    en: 'Neutral temperature',
    unit: '℃',
    chart: '温度',
    eventType: EVENT_TYPE.TEMPERATURE,
    alarmLimit: 70,
  }),
  m({ dataId: 1201, name: 'A相电流', en: 'Phase A current', unit: 'A', chart: '电流电压' }),
  m({ dataId: 1202, name: 'B相电流', en: 'Phase B current', unit: 'A', chart: '电流电压' }),
  m({ dataId: 1203, name: 'C相电流', en: 'Phase C current', unit: 'A', chart: '电流电压' }),
  m({ dataId: 1301, name: 'A相电压', en: 'Phase A voltage', unit: 'V', chart: '电流电压' }),
  m({ dataId: 1302, name: 'B相电压', en: 'Phase B voltage', unit: 'V', chart: '电流电压' }),
  m({ dataId: 1303, name: 'C相电压', en: 'Phase C voltage', unit: 'V', chart: '电流电压' }),
  m({
    dataId: 1401,
    name: '有功功率',
    en: 'Active power',
    unit: 'kW',
    chart: '功率',
    eventType: EVENT_TYPE.POWER_LIMIT_EXCEEDED,
    alarmLimit: DEFAULT_POWER_LIMIT_KW,
  }),
  m({ dataId: 1402, name: '有功电度', en: 'Active energy', unit: 'kWh', chart: '功率', cumulative: true }),
  // 0 normal, 1 fault: a fault is an accident, with no early-warning stage.
  m({
    dataId: 1501,
    name: '探头状态',
    en: 'Probe status',
    unit: '',
    chart: '状态',
    eventType: EVENT_TYPE.PROBE_FAILURE,
    alarmLimit: 1,
    alarmLevel: EVENT_LEVEL.ACCIDENT,
  }),
];
export const MEASURE_BY_ID: ReadonlyMap<number, MeasureDef> = new Map(MEASURES.map((x) => [x.dataId, x]));

export interface Threshold {
  dataId: number;
  /** null: the measure is not checked */
  alarmLimit: number | null;
  /** null: no early-warning stage */
  warnLimit: number | null;
  /** release band (same unit): an alarm ends once the value is below limit - hysteresis */
  hysteresis: number;
  enabled: boolean;
}

export function defaultThreshold(def: MeasureDef): Threshold {
  const limit = def.alarmLimit;
  const isFault = def.eventType === EVENT_TYPE.PROBE_FAILURE;
  return {
    dataId: def.dataId,
    alarmLimit: limit,
    warnLimit: limit === null || isFault ? null : round2(limit * WARN_RATIO),
    hysteresis: limit === null || isFault ? 0 : round2(limit * HYSTERESIS_RATIO),
    enabled: limit !== null,
  };
}

export function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

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

export const commandAckSchema = z.object({
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
export type IngestBatch = z.input<typeof ingestBatchSchema>;

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

export const eventListBody = z.object({
  rootLabel: z.literal('peceventextend').default('peceventextend'),
  rootCondition: z
    .object({
      filter: z.object({ expressions: z.array(expressionSchema).max(50).default([]) }).optional(),
      page: pageSchema.optional(),
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
export const REMARK_LENGTH_MSG = '长度在 1 到 140 个字符';
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
  noticeMode: z.literal(4, { error: 'noticeMode 须为 4' }).default(4),
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
}
