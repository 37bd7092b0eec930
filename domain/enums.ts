/** Enumerations of spec §3, shared by browser and server. Labels are the zh_cn UI strings. */

interface EnumItem {
  id: number;
  key: string;
  /** the zh_cn label (the spec's text) */
  text: string;
  /** the English pack's label */
  en: string;
}

export type EnumLanguage = 'zh_cn' | 'en';

function enumeration<const T extends Record<string, { id: number; text: string; en: string }>>(items: T) {
  const list: EnumItem[] = Object.entries(items).map(([key, v]) => ({ key, id: v.id, text: v.text, en: v.en }));
  const ids = Object.fromEntries(Object.entries(items).map(([k, v]) => [k, v.id])) as { [K in keyof T]: T[K]['id'] };
  const textOf = (id: number | null | undefined, lang: EnumLanguage = 'zh_cn') => {
    const item = list.find((i) => i.id === id);
    return item ? (lang === 'en' ? item.en : item.text) : '--';
  };
  return { ...ids, list, textOf, has: (id: number) => list.some((i) => i.id === id) };
}

export const DEVICE_STATUS = enumeration({
  COMMUNICATING: { id: 1, text: '正在通信', en: 'Communicating' },
  AUTO_EXIT: { id: 2, text: '自动退出', en: 'Auto exit' },
  RETRY: { id: 3, text: '重试', en: 'Retrying' },
  MANUAL_OUT: { id: 4, text: '手动退出', en: 'Manual out' },
  MAINTENANCE_SERVICE: { id: 5, text: '检修停运', en: 'Maintenance' },
  UNKNOWN: { id: 6, text: '未知', en: 'Unknown' },
} as const);

/** Spec §4 "Device status display": communicating or unknown is normal, the rest an error. */
export function isDeviceStatusNormal(status: number | null | undefined): boolean {
  return status === DEVICE_STATUS.COMMUNICATING || status === DEVICE_STATUS.UNKNOWN || status == null;
}

export const ACCESS_TYPE = enumeration({
  '4G': { id: 5, text: 'GPRS/4G模式', en: 'GPRS/4G' },
  NB: { id: 6, text: '电信平台', en: 'Telecom platform (NB-IoT)' },
} as const);

export const EVENT_TYPE = enumeration({
  AFTERCURRENT: { id: 1, text: '剩余电流', en: 'Residual current' },
  TEMPERATURE: { id: 2, text: '温度', en: 'Temperature' },
  POWER_LIMIT_EXCEEDED: { id: 3, text: '功率超限', en: 'Power limit exceeded' },
  PROBE_FAILURE: { id: 4, text: '探头故障', en: 'Probe failure' },
  SWITCH_EVENT: { id: 5, text: '开关事件', en: 'Switch event' },
} as const);

export const EVENT_LEVEL = enumeration({
  ACCIDENT: { id: 1, text: '事故', en: 'Accident' },
  ALARM: { id: 2, text: '报警', en: 'Alarm' },
  EARLY_WARNING: { id: 4, text: '预警', en: 'Early warning' },
} as const);

/** ALL is a filter choice, not a stored value. */
export const EVENT_STATUS = enumeration({
  ACTIVE: { id: 0, text: '活动', en: 'Active' },
  END: { id: 1, text: '结束', en: 'Ended' },
} as const);

export const EVENT_CONFIRM = enumeration({
  UNCONFIRM: { id: 1, text: '未确认', en: 'Unconfirmed' },
  CONFIRM: { id: 3, text: '已确认', en: 'Confirmed' },
} as const);

export const USER_TYPE = enumeration({
  PLATFORM: { id: 1, text: '平台用户', en: 'Platform user' },
  SERVICE: { id: 2, text: '服务用户', en: 'Service user' },
  PROJECT: { id: 3, text: '项目用户', en: 'Project user' },
} as const);

export const ROOT_USER_ID = 1;

/** Hierarchy levels of the ledger (spec §3), top to bottom. */
export const MODEL_LABELS = ['province', 'city', 'district', 'project', 'terminal', 'enterprise'] as const;
export type ModelLabel = (typeof MODEL_LABELS)[number];

export const ENUMERATIONS = {
  DEVICE_STATUS: DEVICE_STATUS.list,
  ACCESS_TYPE: ACCESS_TYPE.list,
  EVENT_TYPE: EVENT_TYPE.list,
  EVENT_LEVEL: EVENT_LEVEL.list,
  EVENT_STATUS: EVENT_STATUS.list,
  EVENT_CONFIRM: EVENT_CONFIRM.list,
  USER_TYPE: USER_TYPE.list,
} as const;
