import { useEffect, useRef, useState } from 'react';
import type { MonitorStatis, PlatformStatis, ProjectCoordinate, ProjectStatis } from '../../../domain/schemas/monitor';
import { loadCoordinates, loadProjects, loadStatis, type MonitorFilter, type Variant } from './api';
import { useRefreshTick } from './useRefreshTick';

export interface MonitorData {
  statis?: MonitorStatis | PlatformStatis | undefined;
  projects: ProjectStatis[];
  coordinates: ProjectCoordinate[];
  updatedAt?: number | undefined;
  /** why the last load the user asked for failed (a failed background refresh keeps the figures instead) */
  error?: Error | undefined;
  reload: () => void;
}

/**
 * Statistics, project list and map positions for a filter; reloaded every 15 s, on pushed alarm and
 * status messages, after a socket resync and when the filter changes. Background reloads neither
 * flash the loading bar nor repeat an error toast every 15 s; an older answer never overwrites a newer.
 */
export function useMonitorData(variant: Variant, f: MonitorFilter): MonitorData {
  const { tick, bump } = useRefreshTick();
  const [state, setState] = useState<Omit<MonitorData, 'reload'>>({ projects: [], coordinates: [] });
  const seq = useRef(0);
  const lastTick = useRef<number | null>(null);

  const { tenantId, projectId } = f;
  useEffect(() => {
    const mine = ++seq.current;
    // Only the timer and pushes move the tick: a filter change the user made is a foreground load.
    const background = lastTick.current !== null && lastTick.current !== tick;
    lastTick.current = tick;
    const opts = background ? { background: true, quiet: true } : {};
    const filterNow = { tenantId, projectId };
    Promise.all([loadStatis(variant, filterNow, opts), loadProjects(opts), loadCoordinates(filterNow, opts)])
      .then(([statis, projects, coordinates]) => {
        if (mine === seq.current) setState({ statis, projects, coordinates, updatedAt: Date.now() });
      })
      .catch((err: unknown) => {
        // a foreground load's error is shown in place (and once as a toast); a failed background refresh keeps the last figures
        if (mine === seq.current && !background) setState((s) => ({ ...s, error: err instanceof Error ? err : new Error(String(err)) }));
      });
  }, [variant, tenantId, projectId, tick]);

  return { ...state, reload: bump };
}
