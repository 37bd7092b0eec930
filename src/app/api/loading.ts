import { useSyncExternalStore } from 'react';

/** Counted loading indicator (spec §4): shown from the first request in flight until all finished. */
let inFlight = 0;
const listeners = new Set<() => void>();

export function beginRequest(): () => void {
  inFlight++;
  listeners.forEach((l) => l());
  let done = false;
  return () => {
    if (done) return;
    done = true;
    inFlight--;
    listeners.forEach((l) => l());
  };
}

export function useRequestsInFlight(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => inFlight,
  );
}
