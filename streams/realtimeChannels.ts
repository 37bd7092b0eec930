import type { Observable, SchedulerLike } from 'rxjs';
import type { DeviceSnapshot, MeasureMessage, NoticeMessage } from '../domain/telemetry';
import { ChannelCache } from './channels';
import { alarmStream, deviceStatusStream, raisedAlarmStream, type DeviceStatus } from './alarmStreams';
import { liveTiles, type Tile } from './deviceTiles';
import type { FrameOptions } from './frameFlush';

/** What a console's live streams are made from: the socket's output, the page's visibility, REST. */
export interface RealtimeSources {
  /** every pushed message, in sequence order */
  messages: Observable<NoticeMessage>;
  /** live values of devices */
  measures: Observable<MeasureMessage>;
  /** fires after a resync or a reconnect: state is reloaded from REST */
  resyncs: Observable<unknown>;
  /** true while the page is hidden */
  hidden: Observable<boolean>;
  /** GET /wisdompower/v1/realtime/snapshot for some projects (null: every visible one) */
  snapshot: (projectIds: readonly number[] | null) => Promise<DeviceSnapshot[]>;
}

/**
 * The streams the views subscribe to, one shared stream per channel (streams/channels.ts): every
 * bell, popup, wall and table of the console that asks for the same channel shares one upstream,
 * torn down a few seconds after the last of them leaves. See docs/streams.md.
 */
export interface RealtimeChannels {
  /** raised alarms, batched per frame (once a second in a hidden tab): the bell, the popup, the kiosk's pause */
  raisedAlarms(): Observable<NoticeMessage[]>;
  /** raised, ended, confirmed, remarked and escalated alarms batched per frame; the latest per event while hidden */
  alarms(): Observable<NoticeMessage[]>;
  /** the tiles of some projects (null: every visible project); a late subscriber gets the current map at once */
  tiles(projectIds: readonly number[] | null): Observable<ReadonlyMap<number, Tile>>;
  /** communication status and active alarm count per device, from pushes only */
  deviceStatus(): Observable<ReadonlyMap<number, DeviceStatus>>;
}

export interface RealtimeChannelOptions extends FrameOptions {
  keepAliveMs?: number;
  /** the keep-alive and snapshot-refresh timers */
  timers?: SchedulerLike;
  refreshMs?: number;
}

/** `projectIds` as a channel name: the same set in any order is the same channel. */
export function projectsKey(projectIds: readonly number[] | null): string {
  return projectIds === null ? 'all' : [...new Set(projectIds)].sort((a, b) => a - b).join(',');
}

export function createRealtimeChannels(
  src: RealtimeSources,
  opts: RealtimeChannelOptions = {},
): RealtimeChannels & { cache: ChannelCache } {
  const cache = new ChannelCache({
    ...(opts.keepAliveMs !== undefined && { keepAliveMs: opts.keepAliveMs }),
    ...(opts.timers && { scheduler: opts.timers }),
  });
  const frames: FrameOptions = { ...opts, hidden: src.hidden };
  return {
    cache,
    raisedAlarms: () => cache.get('alarms:raised', () => raisedAlarmStream(src.messages, frames)),
    alarms: () => cache.get('alarms', () => alarmStream(src.messages, frames)),
    tiles: (projectIds) => {
      const key = projectsKey(projectIds);
      const ids = projectIds === null ? null : key === '' ? [] : key.split(',').map(Number);
      return cache.get(`tiles:${key}`, () => liveTiles(src, ids, frames), { replayLatest: true });
    },
    deviceStatus: () => cache.get('deviceStatus', () => deviceStatusStream(src.messages, frames), { replayLatest: true }),
  };
}
