import { useEffect, useState } from 'react';
import { Subject, map, merge } from 'rxjs';
import type { DeviceSnapshot } from '../../../domain/telemetry';
import type { WatchRequest } from '../../../domain/socketProtocol';
import { deviceTiles, type Tile, type TileUpdate } from '../../../streams/deviceTiles';
import { api } from '../api/client';
import { useOptionalRealtime } from '../realtime/RealtimeContext';

/** Reloaded now and then anyway, to correct anything the pushes could not say (alarm ranks after an end). */
const SNAPSHOT_REFRESH_MS = 60_000;

/**
 * Live tiles of the chosen projects: the REST snapshot, then pushed values, statuses and alarms,
 * folded per animation frame. `projectIds` null means every visible project. The server pushes the
 * values of what `shown` names (by default the chosen projects) and nothing else.
 */
export function useDeviceTiles(
  projectIds: number[] | null,
  shown?: { deviceIds: number[] },
): { tiles: ReadonlyMap<number, Tile>; loadedAt: number | null } {
  const realtime = useOptionalRealtime();
  const [tiles, setTiles] = useState<ReadonlyMap<number, Tile>>(new Map());
  const [loadedAt, setLoadedAt] = useState<number | null>(null);
  const key = projectIds === null ? 'all' : projectIds.join(',');
  const shownKey = shown ? shown.deviceIds.join(',') : null;

  useEffect(() => {
    if (!realtime) return;
    const request: WatchRequest =
      shownKey !== null
        ? { projectIds: [], deviceIds: shownKey ? shownKey.split(',').map(Number) : [] }
        : { projectIds: key === 'all' ? 'all' : key ? key.split(',').map(Number) : [], deviceIds: [] };
    return realtime.watch(request);
  }, [key, shownKey, realtime]);

  useEffect(() => {
    const snapshots = new Subject<TileUpdate>();
    const updates = merge(
      snapshots,
      ...(realtime
        ? [
            realtime.measures.pipe(map((message): TileUpdate => ({ type: 'measure', message }))),
            realtime.messages.pipe(map((message): TileUpdate => ({ type: 'notice', message }))),
          ]
        : []),
    );
    const sub = deviceTiles(updates).subscribe(setTiles);
    let live = true;
    const load = () =>
      api
        .get<DeviceSnapshot[]>(`/wisdompower/v1/realtime/snapshot${key === 'all' ? '' : `?projectIds=${key}`}`, { background: true })
        .then((devices) => {
          if (!live) return;
          snapshots.next({ type: 'snapshot', devices });
          setLoadedAt(Date.now());
        })
        .catch(() => {});
    if (key !== '') void load();
    const timer = window.setInterval(() => void load(), SNAPSHOT_REFRESH_MS);
    const resync = realtime?.resyncs.subscribe(() => void load());
    return () => {
      live = false;
      window.clearInterval(timer);
      resync?.unsubscribe();
      sub.unsubscribe();
    };
  }, [key, realtime]);

  return { tiles, loadedAt };
}
