import { EVENT_LEVEL } from '../../domain/enums';
import type { SystemSettings } from '../../domain/schemas/info';

/** Hours from dispatch to the due time for an order whose highest alarm level is `level` (系统配置). */
export function dueHours(settings: SystemSettings, level: number): number {
  if (level === EVENT_LEVEL.ACCIDENT) return settings.orderDueAccidentHours;
  if (level === EVENT_LEVEL.ALARM) return settings.orderDueAlarmHours;
  return settings.orderDueWarningHours;
}

/** The highest level of a set of events: the smallest level id (事故 1 < 报警 2 < 预警 4). */
export const highestLevel = (levels: readonly number[]): number => Math.min(...levels);
