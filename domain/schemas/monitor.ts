import { z } from 'zod';
import { DEVICE_STATUS, EVENT_LEVEL, EVENT_TYPE } from '../enums';
import { COMM_LOSS_EVENT_TYPE } from '../telemetry';

/**
 * Monitoring statistics (spec §7 "Monitoring and reports"): request shapes and answers shared by the
 * /home and /platform/monitor screens and the server's monitor/* routes.
 */

/** A node id in a path (0 for global): plain decimal digits, never coerced ("1abc", "1e3" are refused). */
const idText = z
  .string()
  .max(16)
  .regex(/^(0|[1-9]\d{0,15})$/, 'id 须为大于等于 0 的整数')
  .transform(Number);
/** A tenant id in a body. */
const tenantId = z.number().int().positive();

/**
 * The node a statistic is taken over. 'global' (id 0) is everything the caller may see; 'tenant' is an
 * enterprise (the tenant company that owns projects); the rest are ledger levels.
 */
const MONITOR_SCOPES = ['global', 'tenant', 'province', 'city', 'district', 'project'] as const;
export type MonitorScope = (typeof MONITOR_SCOPES)[number];
const scopeLabel = z.enum(MONITOR_SCOPES, { error: `modelLabel 须为 ${MONITOR_SCOPES.join('、')} 之一` });

export const statisParams = z.object({ modelLabel: scopeLabel, id: idText });
export const coordinateParams = z.object({ id: idText, modelLabel: scopeLabel });

/** Body of POST monitor/project/statis/list and monitor/global/platform/statis (both optional). */
export const projectStatisListBody = z
  .object({
    /** only this enterprise's projects */
    tenantId: tenantId.optional(),
    /** project name contains this text */
    keyword: z.string().trim().max(40, 'keyword 最长 40 个字符').optional(),
  })
  .strict();
export const platformStatisBody = z.object({ tenantId: tenantId.optional() }).strict();

/** Event types counted: the four monitored quantities, switch events and communication loss. */
export const MONITOR_EVENT_TYPES: readonly number[] = [...EVENT_TYPE.list.map((e) => e.id), COMM_LOSS_EVENT_TYPE];
export const MONITOR_EVENT_LEVELS: readonly number[] = EVENT_LEVEL.list.map((e) => e.id);
export const MONITOR_DEVICE_STATUSES: readonly number[] = DEVICE_STATUS.list.map((e) => e.id);

export interface CountById {
  id: number;
  count: number;
}

export interface AlarmCounts {
  total: number;
  /** every MONITOR_EVENT_TYPES id, zero-filled, in that order */
  byType: CountById[];
  /** every MONITOR_EVENT_LEVELS id, zero-filled, in that order */
  byLevel: CountById[];
  unconfirmed: number;
}

/** Worst active alarm of a project: what colours its map marker. */
export type AlarmState = 'accident' | 'alarm' | 'warning' | 'normal';

export interface MonitorStatis {
  scope: { modelLabel: MonitorScope; id: number; name: string };
  projectCount: number;
  deviceCount: number;
  /** every DEVICE_STATUS id, zero-filled */
  devicesByStatus: CountById[];
  /** communicating or unknown (spec §4 "Device status display") */
  normalDevices: number;
  abnormalDevices: number;
  /** events that began since the server's local midnight */
  today: AlarmCounts;
  /** events not yet ended (endeventid 0), whenever they began */
  active: AlarmCounts;
  dayStart: number;
  generatedAt: number;
}

export interface TenantStatis {
  id: number;
  name: string;
  projectCount: number;
  deviceCount: number;
  abnormalDevices: number;
  todayAlarms: number;
  activeAlarms: number;
}

/** monitor/global/platform/statis: the statistics plus one row per visible enterprise. */
export interface PlatformStatis extends MonitorStatis {
  tenants: TenantStatis[];
}

export interface ProjectStatis {
  id: number;
  name: string;
  tenantId: number;
  tenantName: string;
  provinceName: string;
  cityName: string;
  districtName: string;
  address: string | null;
  longitude: number | null;
  latitude: number | null;
  deviceCount: number;
  normalDevices: number;
  abnormalDevices: number;
  todayAlarms: number;
  activeAlarms: number;
  /** active alarms by EVENT_LEVEL id */
  activeByLevel: CountById[];
  alarmState: AlarmState;
}

export interface ProjectCoordinate {
  id: number;
  name: string;
  tenantId: number;
  longitude: number;
  latitude: number;
  deviceCount: number;
  activeAlarms: number;
  alarmState: AlarmState;
}

/** Accident outranks alarm outranks early warning. */
export function alarmStateOf(activeByLevel: readonly CountById[]): AlarmState {
  const n = (id: number) => activeByLevel.find((c) => c.id === id)?.count ?? 0;
  if (n(EVENT_LEVEL.ACCIDENT) > 0) return 'accident';
  if (n(EVENT_LEVEL.ALARM) > 0) return 'alarm';
  if (n(EVENT_LEVEL.EARLY_WARNING) > 0) return 'warning';
  return 'normal';
}
