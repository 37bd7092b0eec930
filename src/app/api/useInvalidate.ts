import { useCallback } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * After a write: makes the cached reads of a family stale (queryKeys.x.all). The ones a screen
 * shows are read again at once, the others when a screen next shows them.
 */
export function useInvalidate(): (queryKey: QueryKey) => void {
  const client = useQueryClient();
  return useCallback((queryKey: QueryKey) => void client.invalidateQueries({ queryKey }), [client]);
}
