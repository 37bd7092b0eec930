import { useEffect, useRef, useState } from 'react';
import type { BigScreenData } from '../../../domain/schemas/bigScreen';
import type { ProjectCoordinate } from '../../../domain/schemas/monitor';
import { api } from '../../app/api/client';
import { loadCoordinates } from '../../app/monitor/api';
import { useRefreshTick } from '../../app/monitor/useRefreshTick';

const BIG_SCREEN_URL = '/wisdompower/v1/monitor/bigScreen';

export interface BigScreenView {
  data?: BigScreenData | undefined;
  coordinates: ProjectCoordinate[];
  /** why the first load failed; a failed refresh keeps the last figures on the wall instead */
  error?: Error | undefined;
  reload: () => void;
}

/**
 * The 大屏's figures (one read of monitor/bigScreen) and the projects' map positions, read again every
 * 15 s, on pushed alarm and status messages and after a resync. Only the first load shows in the
 * loading bar; an older answer never overwrites a newer.
 */
export function useBigScreenData(): BigScreenView {
  const { tick, bump } = useRefreshTick();
  const [state, setState] = useState<Omit<BigScreenView, 'reload'>>({ coordinates: [] });
  const seq = useRef(0);
  const loaded = useRef(false);

  useEffect(() => {
    const mine = ++seq.current;
    const opts = loaded.current ? { background: true, quiet: true } : {};
    Promise.all([api.get<BigScreenData>(BIG_SCREEN_URL, opts), loadCoordinates({}, opts)])
      .then(([data, coordinates]) => {
        if (mine !== seq.current) return;
        loaded.current = true;
        setState({ data, coordinates });
      })
      .catch((err: unknown) => {
        if (mine === seq.current && !loaded.current)
          setState((s) => ({ ...s, error: err instanceof Error ? err : new Error(String(err)) }));
      });
  }, [tick]);

  return { ...state, reload: bump };
}
