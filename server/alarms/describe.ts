import { EVENT_LEVEL, EVENT_TYPE } from '../../domain/enums';
import { EVENT_TYPE_TEXT, type MeasureDef } from '../../domain/telemetry';
import type { Rank } from './hysteresis';

export function levelOfRank(def: MeasureDef, rank: Rank): number {
  return rank === 2 ? def.alarmLevel : EVENT_LEVEL.EARLY_WARNING;
}

/** Human text of an episode, stored with it so lists and exports need no catalogue lookups. */
export function describeEpisode(def: MeasureDef, rank: Rank, value: number, limit: number | null): string {
  if (def.eventType === EVENT_TYPE.PROBE_FAILURE) return '探头故障';
  const what = rank === 2 ? '报警值' : '预警值';
  return `${def.name} ${fmt(value)}${def.unit} 超过${what} ${limit === null ? '--' : fmt(limit)}${def.unit}`;
}

export function typeText(customtype: number): string {
  return EVENT_TYPE_TEXT[customtype] ?? '事件';
}

function fmt(v: number): string {
  return String(Math.round(v * 100) / 100);
}
