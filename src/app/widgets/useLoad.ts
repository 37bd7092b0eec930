import { useCallback, useEffect, useState } from 'react';

/** What a screen shows for one load: the data, whether it is on its way, and why it failed. */
export interface LoadState<T> {
  data: T | undefined;
  loading: boolean;
  /** the reason of the last failure (cleared by the next success); the data of an earlier success stays */
  error: Error | undefined;
  reload: () => void;
}

/**
 * Loads data for a screen and reloads it on demand (after a write). A stale answer to an older
 * request never overwrites a newer one. `deps` are what `load` reads (checked by lint like
 * useCallback's); a change of `reloadKey` reloads without being read, as a parent's write counter.
 * A failure is kept as `error` so the screen shows it with 重试 instead of an empty table.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[], reloadKey?: unknown): LoadState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<Error | undefined>(undefined);
  const [version, setVersion] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the callers' `load` and `deps` are checked instead: useLoad is in the rule's additionalHooks (eslint.config.js)
  const run = useCallback(load, deps);
  useEffect(() => {
    let live = true;
    setLoading(true);
    run()
      .then((v) => {
        if (!live) return;
        setData(v);
        setError(undefined);
      })
      .catch((err: unknown) => {
        // the API client has already shown the error as a toast; the screen shows it in place too
        if (live) setError(err instanceof Error ? err : new Error(String(err)));
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [run, version, reloadKey]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, loading, error, reload };
}
