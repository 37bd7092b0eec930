import { useEffect, useState } from 'react';
import type { WatchRequest } from '../../../domain/socketProtocol';
import type { Tile } from '../../../streams/deviceTiles';
import { projectsKey } from '../../../streams/realtimeChannels';
import { useOptionalRealtime } from '../realtime/RealtimeContext';

const NO_TILES: ReadonlyMap<number, Tile> = new Map();

/**
 * Live tiles of the chosen projects (`null`: every visible project; `[]`: none yet), from the
 * console's shared tile channel: the REST snapshot, then pushed values, statuses and alarms folded
 * per animation frame. Views that ask for the same projects share one stream; one that mounts again
 * within a few seconds (a kiosk turn) gets the current tiles at once, without a reload. The server
 * pushes the values of what `shown` names (by default the chosen projects) and nothing else.
 */
export function useDeviceTiles(
  projectIds: readonly number[] | null,
  shown?: { deviceIds: number[] },
): { tiles: ReadonlyMap<number, Tile> } {
  const realtime = useOptionalRealtime();
  const [tiles, setTiles] = useState<ReadonlyMap<number, Tile>>(NO_TILES);
  const key = projectIds === null ? null : projectsKey(projectIds);
  const shownKey = shown ? shown.deviceIds.join(',') : null;

  useEffect(() => {
    if (!realtime) return;
    const request: WatchRequest =
      shownKey !== null
        ? { projectIds: [], deviceIds: shownKey ? shownKey.split(',').map(Number) : [] }
        : { projectIds: key === null ? 'all' : key ? key.split(',').map(Number) : [], deviceIds: [] };
    return realtime.watch(request);
  }, [key, shownKey, realtime]);

  useEffect(() => {
    if (!realtime || key === '') {
      setTiles(NO_TILES);
      return;
    }
    const sub = realtime.channels.tiles(key === null ? null : key.split(',').map(Number)).subscribe(setTiles);
    return () => sub.unsubscribe();
  }, [key, realtime]);

  return { tiles };
}
