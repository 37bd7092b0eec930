import { Observable, animationFrameScheduler, scan, share, type SchedulerLike } from 'rxjs';
import type { DeviceSnapshot, MeasureMessage } from '../domain/telemetry';
import { EVENT_LEVEL } from '../domain/enums';
import { coalescePerFrame } from './coalesce';
import type { PushedMessage } from './alarmStreams';

/** A device as the wall and the realtime table show it. */
export type Tile = DeviceSnapshot;

export type TileUpdate =
  | { type: 'snapshot'; devices: DeviceSnapshot[] }
  | { type: 'measure'; message: MeasureMessage }
  | { type: 'notice'; message: PushedMessage };

const RANK_OF_LEVEL: Record<number, number> = { [EVENT_LEVEL.EARLY_WARNING]: 1, [EVENT_LEVEL.ALARM]: 2, [EVENT_LEVEL.ACCIDENT]: 3 };
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/**
 * Applies one update to the map of tiles (a fresh map per frame, fresh objects only for the
 * devices that changed, so memoised tiles of untouched devices do not re-render).
 */
export function applyTileUpdate(tiles: Map<number, Tile>, u: TileUpdate): void {
  if (u.type === 'snapshot') {
    tiles.clear();
    for (const d of u.devices) tiles.set(d.deviceId, d);
    return;
  }
  if (u.type === 'measure') {
    const cur = tiles.get(u.message.deviceId);
    if (!cur || (cur.time !== null && u.message.time < cur.time)) return;
    tiles.set(cur.deviceId, { ...cur, time: u.message.time, values: { ...cur.values, ...u.message.values } });
    return;
  }
  const m = u.message;
  const deviceId = m.description.deviceId;
  const cur = deviceId === null ? undefined : tiles.get(deviceId);
  if (!cur) return;
  const p = (m.payload ?? {}) as Record<string, unknown>;
  if (m.kind === 'device.status_changed') {
    const to = num(p.to);
    if (to !== null) tiles.set(cur.deviceId, { ...cur, devicestatus: to });
  } else if (m.kind === 'alarm.raised') {
    const rank = RANK_OF_LEVEL[num(p.peceventlevel) ?? EVENT_LEVEL.ALARM] ?? 2;
    tiles.set(cur.deviceId, { ...cur, activeAlarms: cur.activeAlarms + 1, alarmRank: Math.max(cur.alarmRank, rank) });
  } else if (m.kind === 'alarm.ended') {
    const left = Math.max(0, cur.activeAlarms - 1);
    // The remaining alarms' levels are not in the message; the next snapshot refines the rank.
    tiles.set(cur.deviceId, { ...cur, activeAlarms: left, alarmRank: left === 0 ? 0 : cur.alarmRank });
  }
}

/** Folds snapshots, pushed values and pushed events into tiles, emitted at most once a frame. */
export function deviceTiles(
  updates: Observable<TileUpdate>,
  scheduler: SchedulerLike = animationFrameScheduler,
): Observable<ReadonlyMap<number, Tile>> {
  return updates.pipe(
    coalescePerFrame<TileUpdate>(scheduler),
    scan(
      (prev, batch) => {
        const next = new Map(prev);
        for (const u of batch) applyTileUpdate(next, u);
        return next as ReadonlyMap<number, Tile>;
      },
      new Map<number, Tile>() as ReadonlyMap<number, Tile>,
    ),
    share({ resetOnRefCountZero: true }),
  );
}
