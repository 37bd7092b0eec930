/**
 * The measures catalogue of a terminal, default thresholds and the event type names: plain data,
 * free of zod, so the browser's eager code (measure names in the device dialog) can use it before zod
 * is configured (a schema defined that early probes for eval under the CSP). domain/telemetry.ts
 * re-exports all of it.
 */
import { EVENT_LEVEL, EVENT_TYPE } from './enums';

/** Not in spec §3's EVENT_TYPE list: loss of communication is an alarm episode too (issue 3). */
export const COMM_LOSS_EVENT_TYPE = 6;
/** Early warnings (issue 31), always 预警: a series projected to reach its limit soon … */
export const TREND_WARNING_EVENT_TYPE = 7;
/** … or staying far above its own normal for the hour of day while still under the limit. */
export const DEPARTURE_EVENT_TYPE = 8;
/** Episodes no threshold raised: the threshold engine neither tracks nor ends them. */
export const NON_THRESHOLD_EVENT_TYPES: readonly number[] = [COMM_LOSS_EVENT_TYPE, TREND_WARNING_EVENT_TYPE, DEPARTURE_EVENT_TYPE];
export const EVENT_TYPE_TEXT: Record<number, string> = {
  ...Object.fromEntries(EVENT_TYPE.list.map((e) => [e.id, e.text])),
  [COMM_LOSS_EVENT_TYPE]: '通信中断',
  [TREND_WARNING_EVENT_TYPE]: '趋势预警',
  [DEPARTURE_EVENT_TYPE]: '异常偏离',
};
export const EVENT_TYPE_TEXT_EN: Record<number, string> = {
  ...Object.fromEntries(EVENT_TYPE.list.map((e) => [e.id, e.en])),
  [COMM_LOSS_EVENT_TYPE]: 'Communication loss',
  [TREND_WARNING_EVENT_TYPE]: 'Trend warning',
  [DEPARTURE_EVENT_TYPE]: 'Departure from normal',
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

/** The ids a measure goes by in the answers that list measures; each answer names it under its own key after them. */
export const measureIds = (d: MeasureDef) => ({
  dataId: d.dataId,
  logicalId: d.logicalId,
  dataTypeId: d.dataTypeId,
  dataTypeName: DATA_TYPE_NAME[d.dataTypeId],
});

/** The trend groups by a language-neutral id, for the browser's packs (measureChart.<id>). */
export const MEASURE_CHART_IDS: Record<string, string> = {
  剩余电流: 'residual',
  温度: 'temperature',
  电流电压: 'currentVoltage',
  功率: 'power',
  状态: 'status',
};

const WARN_RATIO = 0.8;
/** Release band below a limit, as a fraction of the limit: values must fall this far before an alarm ends. */
const HYSTERESIS_RATIO = 0.05;
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

/** The measures the early-warning detectors watch (issue 31): every one with an upper limit (residual current, temperatures, power), not the probe status. */
export const EARLY_WARNING_MEASURES: readonly MeasureDef[] = MEASURES.filter(
  (m) => m.alarmLimit !== null && m.eventType !== null && m.eventType !== EVENT_TYPE.PROBE_FAILURE,
);

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
