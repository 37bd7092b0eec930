import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BigScreenData } from '../../../domain/schemas/bigScreen';
import type { ProjectCoordinate } from '../../../domain/schemas/monitor';
import { api } from '../../app/api/client';
import { queryKeys } from '../../app/api/queryKeys';
import { loadCoordinates } from '../../app/monitor/api';
import { REFRESH_MS, usePushRefresh } from '../../app/monitor/usePushRefresh';

const BIG_SCREEN_URL = '/wisdompower/v1/monitor/bigScreen';

export interface BigScreenView {
  data?: BigScreenData | undefined;
  coordinates: ProjectCoordinate[];
  /** why the first load failed; a failed refresh keeps the last figures on the wall instead */
  error?: Error | undefined;
  reload: () => void;
}

const NONE: ProjectCoordinate[] = [];

/**
 * The 大屏's figures (one read of monitor/bigScreen) and the projects' map positions, read again every
 * 15 s, on pushed alarm and status messages and after a resync. Only loads before the first
 * figures show in the loading bar; overlapping reads of the one query never land out of order.
 */
export function useBigScreenData(): BigScreenView {
  const client = useQueryClient();
  const view = useQuery({
    queryKey: queryKeys.bigScreen(),
    queryFn: async () => {
      const opts = client.getQueryData(queryKeys.bigScreen()) === undefined ? {} : { background: true, quiet: true };
      const [data, coordinates] = await Promise.all([api.get<BigScreenData>(BIG_SCREEN_URL, opts), loadCoordinates({}, opts)]);
      return { data, coordinates };
    },
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: true,
  });
  const { refetch } = view;
  usePushRefresh(refetch);
  return {
    data: view.data?.data,
    coordinates: view.data?.coordinates ?? NONE,
    error: view.data === undefined ? (view.error ?? undefined) : undefined,
    reload: () => void refetch(),
  };
}
