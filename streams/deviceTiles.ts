import { EMPTY, Observable, asyncScheduler, catchError, from, interval, map, merge, of, switchMap, type SchedulerLike } from 'rxjs';
import type { DeviceSnapshot, MeasureMessage } from '../domain/telemetry';
import { EVENT_LEVEL } from '../domain/enums';
import { keyedState } from './keyedState';
import type { FrameOptions } from './frameFlush';
import type { PushedMessage } from './alarmStreams';

/**
 * A device as the wall and the realtime table show it: the snapshot's device with its values by dataId
 * in a Map. An object keyed by dataIds (1001–1504) costs 6 kB a tile once a value is merged into it:
 * V8 keeps the integer keys of an object literal, a spread or an assignment in a flat array as long as
 * the largest key (1,504 slots for eight values), where JSON.parse had made a dictionary of 0.5 kB. A
 * 10,000-device wall held 60 MB of such arrays and copied 6 kB at each of its 2,000 updates a second,
 * and its tiles' values changed kind at every snapshot refresh (dictionary) and every push (flat array),
 * so the code that reads them was compiled for both. A Map is 0.3 kB whatever the keys, and one kind.
 */
export interface Tile extends Omit<DeviceSnapshot, 'values'> {
  values: ReadonlyMap<number, number>;
}

/** A snapshot's values (JSON: dataId keys as text) as a tile holds them. */
function valuesOf(values: Record<number, number>): Map<number, number> {
  const out = new Map<number, number>();
  for (const id in values) out.set(Number(id), values[id]!);
  return out;
}

export type TileUpdate =
  | { type: 'snapshot'; devices: DeviceSnapshot[] }
  | { type: 'measure'; message: MeasureMessage }
  | { type: 'notice'; message: PushedMessage };

const RANK_OF_LEVEL: Record<number, number> = { [EVENT_LEVEL.EARLY_WARNING]: 1, [EVENT_LEVEL.ALARM]: 2, [EVENT_LEVEL.ACCIDENT]: 3 };
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

function tileIdOf(u: TileUpdate): number | null {
  if (u.type === 'measure') return u.message.deviceId;
  if (u.type === 'notice') return u.message.description.deviceId;
  return null;
}

/**
 * A copy of a tile (or a snapshot's device) written out field by field in one order: every tile the
 * stream holds is made here, so all of them share one hidden class. Tiles made three ways (parsed from
 * the snapshot's JSON, spread from the last tile, frozen by immer) had three, and the wall's hottest
 * code (the tile's state and age, the header's counts) was compiled against whichever were alive:
 * a kiosk's day saw it thrown away and compiled again hundreds of times as they came and went (issue 32).
 */
function copyTile(t: Tile): Tile {
  return withValues(t, t.values);
}

/** A snapshot's device as a tile (copyTile's fields, in its order). */
function toTile(d: DeviceSnapshot): Tile {
  return withValues(d, valuesOf(d.values));
}

function withValues(t: Omit<Tile, 'values'>, values: ReadonlyMap<number, number>): Tile {
  return {
    deviceId: t.deviceId,
    code: t.code,
    name: t.name,
    projectId: t.projectId,
    projectName: t.projectName,
    devicestatus: t.devicestatus,
    alarmRank: t.alarmRank,
    activeAlarms: t.activeAlarms,
    time: t.time,
    values,
    trip: t.trip,
  };
}

/**
 * One pushed value or event applied to its device's tile: a new tile (the old one stays as it was, for
 * the views that hold it). A value that changes nothing (a repeated reading) gives back the same tile,
 * so neither the map nor the tile's view is renewed for it. A device the snapshot does not hold has
 * no tile: pushes cannot invent one.
 */
export function reduceTile(cur: Tile | undefined, u: TileUpdate): Tile | undefined {
  if (!cur || u.type === 'snapshot') return cur;
  if (u.type === 'measure') {
    // The hot path (a wall takes a thousand a second).
    const m = u.message;
    if (cur.time !== null && m.time < cur.time) return cur;
    let moved = m.time !== cur.time;
    for (const id in m.values) if (cur.values.get(Number(id)) !== m.values[id]) moved = true;
    if (!moved) return cur;
    const values = new Map(cur.values);
    for (const id in m.values) values.set(Number(id), m.values[id]!);
    const next = withValues(cur, values);
    next.time = m.time;
    return next;
  }
  const m = u.message;
  const p = (m.payload ?? {}) as Record<string, unknown>;
  if (m.kind === 'device.status_changed') {
    const to = num(p.to);
    if (to === null) return cur;
    const next = copyTile(cur);
    next.devicestatus = to;
    return next;
  }
  if (m.kind === 'alarm.raised') {
    const level = num(p.peceventlevel) ?? EVENT_LEVEL.ALARM;
    const rank = RANK_OF_LEVEL[level] ?? 2;
    const eventId = num(p.eventId);
    const next = copyTile(cur);
    next.activeAlarms += 1;
    // the newest of the severest alarms says why the tile is in its state (as the snapshot picks it)
    if (rank >= cur.alarmRank && eventId !== null)
      next.trip = { eventId, level, customtype: num(p.customtype) ?? 0, dataId: num(p.dataId), value: num(p.value), limit: num(p.limit) };
    next.alarmRank = Math.max(cur.alarmRank, rank);
    return next;
  }
  if (m.kind === 'alarm.ended') {
    const next = copyTile(cur);
    next.activeAlarms = Math.max(0, cur.activeAlarms - 1);
    // The remaining alarms' levels are not in the message; the next snapshot refines the rank and the trip.
    if (next.activeAlarms === 0) next.alarmRank = 0;
    if (next.activeAlarms === 0 || cur.trip?.eventId === num(p.eventId)) next.trip = null;
    return next;
  }
  return cur;
}

/** Folds snapshots, pushed values and pushed events into tiles, emitted at most once a frame. */
function deviceTiles(updates: Observable<TileUpdate>, frames: FrameOptions = {}): Observable<ReadonlyMap<number, Tile>> {
  return keyedState<TileUpdate, number, Tile>(updates, {
    ...frames,
    key: tileIdOf,
    reduce: reduceTile,
    replaces: (u) => (u.type === 'snapshot' ? u.devices.map((d) => [d.deviceId, toTile(d)] as const) : null),
  });
}

/** Reloaded now and then anyway, to correct what the pushes cannot say (alarm ranks after an end). */
export const SNAPSHOT_REFRESH_MS = 60_000;

export interface TileSources {
  measures: Observable<MeasureMessage>;
  messages: Observable<PushedMessage>;
  /** a reconnect or resync: the snapshot is reloaded */
  resyncs: Observable<unknown>;
  /** the REST snapshot of the projects (null: every visible project) */
  snapshot: (projectIds: readonly number[] | null) => Promise<DeviceSnapshot[]>;
}

/**
 * Live tiles of some projects: the snapshot at the start, after every resync and every
 * SNAPSHOT_REFRESH_MS, with pushed values and events folded in between. A failed load keeps the
 * tiles there are (the next one corrects them).
 */
export function liveTiles(
  src: TileSources,
  projectIds: readonly number[] | null,
  opts: FrameOptions & { refreshMs?: number; timers?: SchedulerLike } = {},
): Observable<ReadonlyMap<number, Tile>> {
  const loads = merge(of(0), src.resyncs, interval(opts.refreshMs ?? SNAPSHOT_REFRESH_MS, opts.timers ?? asyncScheduler)).pipe(
    switchMap(() => from(src.snapshot(projectIds)).pipe(catchError(() => EMPTY))),
    map((devices): TileUpdate => ({ type: 'snapshot', devices })),
  );
  const updates = merge(
    loads,
    src.measures.pipe(map((message): TileUpdate => ({ type: 'measure', message }))),
    src.messages.pipe(map((message): TileUpdate => ({ type: 'notice', message }))),
  );
  return deviceTiles(updates, opts);
}
