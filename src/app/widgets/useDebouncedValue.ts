import { useEffect, useState } from 'react';

/** Spec §9: the tree search waits 400 ms after the last keystroke. */
export const TREE_SEARCH_DELAY_MS = 400;

export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
