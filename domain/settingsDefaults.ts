import { DEFAULT_TIME_ZONE } from './defaultTimeZone';

/**
 * The defaults of the system settings, free of zod: the browser's eager code (the settings in force,
 * src/app/settings) needs them before zod is configured, and a schema defined that early would probe
 * for eval under the Content-Security-Policy. domain/schemas/info.ts re-exports them with the schema.
 */

/** Spec §9 options for the table page size. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 100;

/** Checked against the schema's type where domain/schemas/info.ts re-exports it. */
export const SETTINGS_DEFAULTS = {
  platformName: '智慧安全用电监控平台',
  contactPhone: '',
  alarmSound: true,
  alarmAutoDisplaySeconds: 60,
  realtimeRefreshSeconds: 15,
  tablePageSize: DEFAULT_PAGE_SIZE as (typeof PAGE_SIZES)[number],
  remark: '',
  timeZone: DEFAULT_TIME_ZONE,
  singleWebSession: true,
  // Escalation (issue 19): seconds an alarm may stay unconfirmed before it escalates; 0 is off.
  // 事故 after 5 minutes and 报警 after 15 (a shift's round of a 3 m wall); 预警 never by default.
  escalateAccidentSeconds: 300,
  escalateAlarmSeconds: 900,
  escalateWarningSeconds: 0,
  /** the role whose users get the escalation message; 0 is nobody (the banner and sound still come) */
  escalateRoleId: 0,
  // Flood grouping (issue 19): more than floodThreshold alarms of one device and type within
  // floodWindowSeconds are shown as one group in the popup and the bell.
  floodThreshold: 5,
  floodWindowSeconds: 60,
  // Early warning (issue 31): 趋势预警 when a series' daily peak is projected to reach its limit within
  // the horizon, 异常偏离 when it stays far above its own normal for the hour; projects can be left out.
  earlyWarningTrend: true,
  earlyWarningDeparture: true,
  earlyWarningHorizonDays: 7,
  earlyWarningOffProjects: [] as number[],
  // a project's own horizon where it differs from the tenant's
  earlyWarningProjectHorizons: [] as { projectId: number; days: number }[],
  // Work orders (issue 29): hours from dispatch to the due time, per alarm level (the SLA), and the
  // catalogue of causes an on-site record picks from.
  orderDueAccidentHours: 2,
  orderDueAlarmHours: 8,
  orderDueWarningHours: 72,
  orderCauses: ['线路老化', '过载', '漏电/绝缘下降', '接触不良', '设备故障', '误报', '其他'] as string[],
  // Shift handover (issue 29): the shifts of a day as wall-clock ranges in the project zone; a range
  // whose end is not after its start runs past midnight.
  shifts: [
    { name: '白班', start: '08:00', end: '20:00' },
    { name: '夜班', start: '20:00', end: '08:00' },
  ] as { name: string; start: string; end: string }[],
};

/** Bounds of a work order's due time from dispatch (hours, per level). */
export const ORDER_DUE_MIN_HOURS = 1;
export const ORDER_DUE_MAX_HOURS = 720;
/** The cause that counts as a false alarm in the review figures. */
export const FALSE_ALARM_CAUSE = '误报';

/** Bounds of the early-warning horizon (days). */
export const EARLY_WARNING_MAX_HORIZON_DAYS = 30;

/** Bounds of the escalation times (seconds): 0 is off, else at least 10 s and at most a day. */
export const ESCALATION_MIN_SECONDS = 10;
export const ESCALATION_MAX_SECONDS = 86_400;
