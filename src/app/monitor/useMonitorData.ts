import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonitorStatis, PlatformStatis, ProjectCoordinate, ProjectStatis } from '../../../domain/schemas/monitor';
import { queryKeys } from '../api/queryKeys';
import { loadCoordinates, loadProjects, loadStatis, type MonitorFilter, type Variant } from './api';
import { REFRESH_MS, usePushRefresh } from './usePushRefresh';

export interface MonitorData {
  statis?: MonitorStatis | PlatformStatis | undefined;
  projects: ProjectStatis[];
  coordinates: ProjectCoordinate[];
  updatedAt?: number | undefined;
  /** why the last load the user asked for failed (a failed background refresh keeps the figures instead) */
  error?: Error | undefined;
  reload: () => void;
}

const NONE: never[] = [];

/**
 * Statistics, project list and map positions for a filter (one query per filter, so an older
 * filter's answer never lands on the newer); read again every 15 s, on pushed alarm and status
 * messages, after a socket resync and when the filter changes. The first read of a filter is the
 * user's: in the loading bar, its failure shown in place and once as a toast. Reads after it are
 * background refreshes: they neither flash the loading bar nor repeat an error toast every 15 s,
 * and a failed one keeps the last figures.
 */
export function useMonitorData(variant: Variant, f: MonitorFilter): MonitorData {
  const client = useQueryClient();
  const { tenantId, projectId } = f;
  const queryKey = queryKeys.monitor(variant, { tenantId, projectId });
  const figures = useQuery({
    queryKey,
    queryFn: async () => {
      const before = client.getQueryState(queryKey);
      const opts = before && before.dataUpdateCount + before.errorUpdateCount > 0 ? { background: true, quiet: true } : {};
      const filterNow = { tenantId, projectId };
      const [statis, projects, coordinates] = await Promise.all([
        loadStatis(variant, filterNow, opts),
        loadProjects(opts),
        loadCoordinates(filterNow, opts),
      ]);
      return { statis, projects, coordinates };
    },
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: true,
  });
  const { refetch } = figures;
  usePushRefresh(refetch);
  const data = figures.data;
  return {
    statis: data?.statis,
    projects: data?.projects ?? NONE,
    coordinates: data?.coordinates ?? NONE,
    updatedAt: data ? figures.dataUpdatedAt : undefined,
    // with figures there (an earlier success of this filter), a failed refresh is not shown
    error: data === undefined ? (figures.error ?? undefined) : undefined,
    reload: () => void refetch(),
  };
}
