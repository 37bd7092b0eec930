import { useCallback, useEffect, useState } from 'react';

/**
 * Loads data for a screen and reloads it on demand (after a write). A stale answer to an older
 * request never overwrites a newer one. `deps` are what `load` reads (checked by lint like
 * useCallback's); a change of `reloadKey` reloads without being read, as a parent's write counter.
 */
export function useLoad<T>(
  load: () => Promise<T>,
  deps: readonly unknown[],
  reloadKey?: unknown,
): { data: T | undefined; loading: boolean; reload: () => void } {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the callers' `load` and `deps` are checked instead: useLoad is in the rule's additionalHooks (eslint.config.js)
  const run = useCallback(load, deps);
  useEffect(() => {
    let live = true;
    setLoading(true);
    run()
      .then((v) => live && setData(v))
      .catch(() => {
        // the API client has already shown the error
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [run, version, reloadKey]);
  return { data, loading, reload: () => setVersion((v) => v + 1) };
}
