import { useSyncExternalStore } from 'react';
import { DEFAULT_TIME_ZONE } from '../../../domain/defaultTimeZone';

/**
 * Which zone is the project's (./projectTime.ts formats in it). Apart from the formatting, so the
 * settings in force can set it from the entry chunk without date-fns.
 */
let zone = DEFAULT_TIME_ZONE;
const listeners = new Set<() => void>();

export const projectZone = () => zone;

export function setProjectZone(next: string): void {
  if (next === zone) return;
  zone = next;
  for (const l of listeners) l();
}

/** Re-renders the caller when the project zone changes; returns it. */
export function useProjectZone(): string {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => zone,
  );
}
