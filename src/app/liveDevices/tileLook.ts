import { ALARM_STATES, stateOfRank, type AlarmStateKey } from '../../../domain/alarmLanguage';
import { isDeviceStatusNormal } from '../../../domain/enums';
import type { Tile } from '../../../streams/deviceTiles';
import { shownAge } from './ageText';

/** A tile's state in the alarm language (domain/alarmLanguage.ts). */
export type TileState = AlarmStateKey;

/**
 * One look per tile. A device that lost communication shows as offline first: its values are stale
 * and its open alarm is the communication loss itself.
 */
export function tileState(t: Tile): TileState {
  if (!isDeviceStatusNormal(t.devicestatus)) return 'offline';
  return stateOfRank(t.alarmRank);
}

/**
 * Its data cannot be trusted as live: no reading yet, or none for two report intervals, or the device
 * is out of communication.
 */
function isStale(t: Tile, now: number, reportMs: number): boolean {
  return t.time === null || now - t.time > 2 * reportMs || !isDeviceStatusNormal(t.devicestatus);
}

const ORDER = Object.fromEntries(ALARM_STATES.map((s, i) => [s, i])) as Record<TileState, number>;

const collator = new Intl.Collator('zh-CN', { numeric: true });

/**
 * Each device's place by project and code. Collation is slow (5,000 devices take tens of ms), so this
 * runs when the set of devices changes, not on every frame of values.
 */
export function placeOrder(tiles: Iterable<Tile>): Map<number, number> {
  const list = [...tiles].sort((a, b) => collator.compare(a.projectName, b.projectName) || collator.compare(a.code, b.code));
  return new Map(list.map((t, i) => [t.deviceId, i]));
}

/** A cheap fingerprint of which devices are there (not of their values). */
export function membership(tiles: ReadonlyMap<number, Tile>): number {
  let h = tiles.size;
  for (const id of tiles.keys()) h = (Math.imul(h, 31) + id) | 0;
  return h;
}

/** Severest first (so page one of a paged wall holds the alarms), then by the devices' place. */
export function wallSort(tiles: Tile[], place: ReadonlyMap<number, number>): Tile[] {
  return tiles.sort((a, b) => ORDER[tileState(a)] - ORDER[tileState(b)] || (place.get(a.deviceId) ?? 0) - (place.get(b.deviceId) ?? 0));
}

export interface WallCounts {
  byState: Record<TileState, number>;
  stale: number;
  total: number;
  /** the newest reading's time across the tiles */
  newest: number | null;
}

/** What the wall's strip counts of the tiles themselves (their staleness, which moves with the clock, apart). */
export function wallTally(tiles: Iterable<Tile>): Omit<WallCounts, 'stale'> {
  const byState = Object.fromEntries(ALARM_STATES.map((s) => [s, 0])) as Record<TileState, number>;
  let total = 0;
  let newest: number | null = null;
  for (const t of tiles) {
    byState[tileState(t)]++;
    if (t.time !== null && (newest === null || t.time > newest)) newest = t.time;
    total++;
  }
  return { byState, total, newest };
}

/** How many tiles' data is stale at `now`. */
export function staleCount(tiles: Iterable<Tile>, now: number, reportMs: number): number {
  let stale = 0;
  for (const t of tiles) if (isStale(t, now, reportMs)) stale++;
  return stale;
}

/** The age a tile shows at `now` (cut to its text's unit, ageText.ts), or -1 while its data is live. */
export function tileAge(t: Tile, now: number, reportMs: number): number {
  if (!isStale(t, now, reportMs)) return -1;
  return t.time === null ? 0 : shownAge(now - t.time);
}

/** The wall's key values: residual current and the hottest of the four cable temperatures. */
export function keyValues(t: Tile): { leak: number | null; temp: number | null } {
  const temps = [1101, 1102, 1103, 1104].map((id) => t.values.get(id)).filter((v): v is number => typeof v === 'number');
  return { leak: t.values.get(1001) ?? null, temp: temps.length ? Math.max(...temps) : null };
}
