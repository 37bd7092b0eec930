import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { useRecordList } from '../widgets/table/useRecordList';
import { api } from './client';
import { queryKeys } from './queryKeys';
import { useInvalidate } from './useInvalidate';

/**
 * A record list of the auth service's directory (users, roles, groups, platform users): kept in a form
 * dialog, deleted by ids at `deletePath`; a save or a delete reads every directory list again (a
 * deleted role leaves its users, a deleted group its members).
 */
export function useDirectoryList<R extends { id: number; name: string }, K extends QueryKey>(
  query: UseQueryOptions<R[], Error, R[], K>,
  noun: string,
  deletePath: string,
) {
  const invalidate = useInvalidate();
  return useRecordList({
    query,
    noun,
    remove: (rows) => api.del(deletePath, { ids: rows.map((r) => r.id) }),
    reload: () => invalidate(queryKeys.directory.all),
  });
}
