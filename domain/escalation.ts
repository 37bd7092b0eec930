import { EVENT_LEVEL } from './enums';

/**
 * Escalation (issue 19): an alarm nobody confirmed within the time its level is given in 系统配置
 * escalates — a banner on every console and wall of its project, a louder repeated sound, a message to
 * the users of a chosen role, a mark in the event list and a line in the operation log. Confirming
 * the event ends it. The server decides (server/escalation/escalation.ts); consoles only show it.
 */

/** How often a console repeats the loud escalation sound while an escalated alarm stays unconfirmed. */
export const ESCALATION_REPEAT_MS = 15_000;

/** The settings that decide escalation (a subset of SystemSettings). */
export interface EscalationSettings {
  escalateAccidentSeconds: number;
  escalateAlarmSeconds: number;
  escalateWarningSeconds: number;
}

/** Seconds an event of `level` may stay unconfirmed; 0 (or an unknown level) never escalates. */
export function escalationSeconds(settings: EscalationSettings, level: number): number {
  if (level === EVENT_LEVEL.ACCIDENT) return settings.escalateAccidentSeconds;
  if (level === EVENT_LEVEL.ALARM) return settings.escalateAlarmSeconds;
  if (level === EVENT_LEVEL.EARLY_WARNING) return settings.escalateWarningSeconds;
  return 0;
}

/**
 * Events older than this are never escalated: turning escalation on (or upgrading) must not sound
 * every unconfirmed alarm of past years at once. Twice the longest time a level can be given.
 */
export const ESCALATION_HORIZON_MS = 2 * 86_400_000;

/**
 * The most escalations a console holds, the newest (GET event/escalations answers as many): a wall
 * nobody attends under a steady stream of alarms escalates them for days on end, and its banner only
 * names the severest and counts them — a few hundred say "many" as well as tens of thousands would,
 * which would grow the page's memory without end (issue 19 item 8).
 */
export const ESCALATION_LIST_LIMIT = 200;

/** One escalated, still unconfirmed event, as a console's banner shows it (GET event/escalations). */
export interface EscalationDto {
  eventId: number;
  projectId: number;
  projectName: string | null;
  deviceId: number;
  deviceName: string | null;
  deviceCode: string | null;
  level: number;
  customtype: number;
  eventtime: number;
  escalatedAt: number;
  description: string;
}

/** The payload of an `alarm.escalated` domain event (the push message and the operation-log line). */
export interface EscalatedPayload {
  eventId: number;
  peceventlevel: number;
  customtype: number;
  eventtime: number;
  escalatedAt: number;
  limitSeconds: number;
  description: string;
  deviceId: number;
  deviceName: string | null;
  deviceCode: string | null;
  projectName: string | null;
  contactInfo: string | null;
  /** the role sent the message (0: none chosen) and how many of its users were sent it */
  roleId: number;
  roleName: string | null;
  notified: number;
  value: string;
}

export const isEscalatedPayload = (p: unknown): p is EscalatedPayload =>
  !!p && typeof p === 'object' && typeof (p as { eventId?: unknown }).eventId === 'number';
