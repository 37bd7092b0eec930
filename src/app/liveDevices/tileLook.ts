import { isDeviceStatusNormal } from '../../../domain/enums';
import type { Tile } from '../../../streams/deviceTiles';

export type TileState = 'accident' | 'alarm' | 'warning' | 'offline' | 'normal';

/**
 * One look per tile. A device that lost communication shows as offline first: its values are stale
 * and its open alarm is the communication loss itself.
 */
export function tileState(t: Tile): TileState {
  if (!isDeviceStatusNormal(t.devicestatus)) return 'offline';
  if (t.alarmRank >= 3) return 'accident';
  if (t.alarmRank === 2) return 'alarm';
  if (t.alarmRank === 1) return 'warning';
  return 'normal';
}

export const STATE_CLASS: Record<TileState, string> = {
  accident: 'border-danger bg-danger/20 animate-pulse',
  alarm: 'border-danger bg-danger/10',
  warning: 'border-warn bg-warn/10',
  offline: 'border-line bg-surface-2 opacity-70',
  normal: 'border-ok/50 bg-surface',
};

export const STATE_DOT: Record<TileState, string> = {
  accident: 'bg-danger',
  alarm: 'bg-danger',
  warning: 'bg-warn',
  offline: 'bg-muted',
  normal: 'bg-ok',
};

/** The wall's key values: residual current and the hottest of the four cable temperatures. */
export function keyValues(t: Tile): { leak: number | null; temp: number | null } {
  const temps = [1101, 1102, 1103, 1104].map((id) => t.values[id]).filter((v): v is number => typeof v === 'number');
  return { leak: t.values[1001] ?? null, temp: temps.length ? Math.max(...temps) : null };
}
