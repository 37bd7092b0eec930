import { DEFAULT_TIME_ZONE } from './timeZone';

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
};
