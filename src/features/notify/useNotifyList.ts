import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../app/api/queryKeys';
import { useInvalidate } from '../../app/api/useInvalidate';
import { useRecordList } from '../../app/widgets/table/useRecordList';

/**
 * A record list of the notification service (channels, rules): kept in a form dialog, deleted one
 * record at a time (the service deletes by id); a save or a delete reads every notify list again
 * (a deleted channel leaves the rules that sent to it).
 */
export function useNotifyList<R extends { id: number; name: string }, K extends QueryKey>(
  query: UseQueryOptions<R[], Error, R[], K>,
  noun: string,
  deleteOne: (id: number) => Promise<unknown>,
  beforeOpen?: () => void,
) {
  const invalidate = useInvalidate();
  return useRecordList({
    query,
    noun,
    remove: async (rows) => {
      for (const r of rows) await deleteOne(r.id);
    },
    reload: () => invalidate(queryKeys.notify.all),
    beforeOpen,
  });
}
