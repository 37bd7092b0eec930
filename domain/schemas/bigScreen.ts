import type { CountById } from './monitor';

/**
 * The 大屏 overview (issue 30): what GET /wisdompower/v1/monitor/bigScreen answers in one read, over
 * the projects the caller may see. Days are the project time zone's (系统配置 → 时区).
 */

/** The trend's longest window in days; the shorter one (7) is its tail. */
export const BIG_SCREEN_TREND_DAYS = 30;
export const BIG_SCREEN_SHORT_DAYS = 7;
/** rows of each ranking */
export const BIG_SCREEN_TOP = 10;
/** alarms the ticker starts with, newest first, before pushed ones join */
export const BIG_SCREEN_RECENT = 20;

export interface BigScreenKpis {
  projects: number;
  devices: number;
  /** devices communicating now (正在通信); 未知 and every fault status are not online */
  online: number;
  /** online ÷ devices; null without devices */
  onlineRate: number | null;
  /** alarms raised since the project zone's midnight, by EVENT_LEVEL id (every level, zero-filled) */
  todayByLevel: CountById[];
  todayTotal: number;
  /** alarms nobody has confirmed yet, whenever raised */
  unconfirmed: number;
  /** work orders not closed (待接单, 处理中, 待审核) */
  openWorkOrders: number;
  /** mean of confirmation time − raise time over today's confirmed alarms; null when none is confirmed */
  mttaMs: number | null;
}

/** Alarms per project-zone day by level, oldest day first; `days` are the days' midnights. */
export interface BigScreenTrend {
  days: number[];
  /** every EVENT_LEVEL id, each with one count per day */
  byLevel: { id: number; counts: number[] }[];
}

interface BigScreenDeviceRank {
  deviceId: number;
  name: string;
  code: string;
  projectName: string;
  count: number;
}

interface BigScreenProjectRank {
  projectId: number;
  name: string;
  count: number;
}

/** An alarm as the ticker shows it: the same fields a pushed alarm.raised carries. */
export interface BigScreenAlarm {
  eventId: number;
  time: number;
  level: number;
  customtype: number;
  dataId: number | null;
  value: number | null;
  limit: number | null;
  projectName: string;
  deviceName: string;
  deviceCode: string;
}

export interface BigScreenData {
  kpis: BigScreenKpis;
  trend: BigScreenTrend;
  /** the BIG_SCREEN_TREND_DAYS window's most alarming devices and projects, most first */
  topDevices: BigScreenDeviceRank[];
  topProjects: BigScreenProjectRank[];
  /** the newest alarms, newest first */
  recent: BigScreenAlarm[];
  dayStart: number;
  generatedAt: number;
}
