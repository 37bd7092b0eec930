import { preload } from './lazyScreen';

type Loader = () => Promise<unknown>;

/** Runs when the browser has nothing better to do (at the latest after a second), so a prefetch never delays a frame. */
function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 200);
  return () => clearTimeout(id);
}

/**
 * Loads chunks the user is likely to open next, one after another and each in an idle moment, so a
 * wall or a console navigates without waiting for the network. Returns the cancel (the user changed).
 */
export function prefetchWhenIdle(loaders: readonly Loader[]): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const next = (i: number) => {
    if (cancelled || i >= loaders.length) return;
    cancelIdle = whenIdle(() => {
      void preload(loaders[i]!).then(() => next(i + 1));
    });
  };
  next(0);
  return () => {
    cancelled = true;
    cancelIdle();
  };
}
