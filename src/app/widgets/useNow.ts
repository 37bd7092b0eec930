import { useSyncExternalStore } from 'react';

const TICK_MS = 1000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: number | undefined;

/** The next tick falls on the next whole second of the clock. */
const schedule = () => (timer = window.setTimeout(tick, TICK_MS - (now % TICK_MS)));

function tick(): void {
  now = Date.now();
  schedule();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    now = Date.now();
    schedule();
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.clearTimeout(timer);
    timer = undefined;
  };
}

/** While stopped the clock reads the time itself: a component mounting later never starts from an old tick. */
const snapshot = () => (timer === undefined ? (now = Date.now()) : now);

/**
 * The current time, as one clock shared by everything that shows ages, staleness or the time of day.
 * It ticks on each whole second, so a wall's clock neither lags its second nor skips one (a timer per
 * component drifted against the seconds it shows), and every component showing it re-renders in the
 * same task once a second, instead of a timer and a render each. It stops while nothing shows it;
 * page.clock drives it in tests.
 */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot);
}

/**
 * What a component shows of the clock (an age in the unit it is told in, whether data is stale): the
 * component renders when that changes, not on every tick. `select` must answer a primitive.
 */
export function useNowAs<T extends string | number | boolean>(select: (now: number) => T): T {
  return useSyncExternalStore(subscribe, () => select(snapshot()));
}
