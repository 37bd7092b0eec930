import { useEffect, useState } from 'react';
import { filter } from 'rxjs';
import { coalescePerFrame } from '../../../streams/coalesce';
import { seriesService } from '../trend/seriesClient';
import { useOptionalRealtime } from '../realtime/RealtimeContext';
import type { TrendGroup } from './realtimeTypes';

/** An hour of rows at one a second: the ring never grows past this. */
const RING_ROWS = 3600;

/**
 * Pushed values of one device go into a ring per trend group in the series worker; once a frame the
 * rings come back as AlignedData columns (by transfer) so the charts move between REST refreshes.
 */
export function useLiveTrend(deviceId: number | null, groups: Record<string, TrendGroup> | undefined): Map<string, Float64Array[]> {
  const realtime = useOptionalRealtime();
  const [live, setLive] = useState<Map<string, Float64Array[]>>(new Map());
  const layout = groups ? Object.entries(groups).map(([title, g]) => [title, g.measureDataList.map((m) => m.dataId)] as const) : [];
  const layoutKey = `${deviceId}|${layout.map(([t, ids]) => `${t}:${ids.join(',')}`).join(';')}`;

  useEffect(() => {
    setLive(new Map());
    if (deviceId === null || !realtime || layout.length === 0) return;
    let closed = false;
    const unwatch = realtime.watch({ projectIds: [], deviceIds: [deviceId] });
    const keys = layout.map(([title]) => `${deviceId}:${title}`);
    const ready = seriesService().then(async (svc) => {
      await Promise.all(layout.map(([, ids], i) => svc.ringOpen(keys[i]!, ids.length, RING_ROWS)));
      return svc;
    });
    const sub = realtime.measures
      .pipe(
        filter((m) => m.deviceId === deviceId),
        coalescePerFrame(),
      )
      .subscribe((batch) => {
        void ready.then(async (svc) => {
          const next = new Map<string, Float64Array[]>();
          for (const [i, [title, ids]] of layout.entries()) {
            const rows = batch
              .map((m) => ({ time: m.time, values: ids.map((id) => m.values[id] ?? null) }))
              .filter((r) => r.values.some((v) => v !== null));
            if (rows.length) await svc.ringPush(keys[i]!, rows);
            next.set(title, await svc.ringTake(keys[i]!));
          }
          if (!closed) setLive(next);
        });
      });
    return () => {
      closed = true;
      unwatch();
      sub.unsubscribe();
      void ready.then((svc) => keys.forEach((k) => void svc.ringClose(k)));
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- layoutKey stands for deviceId and the groups' shape
  }, [layoutKey, realtime]);

  return live;
}
