import { useState } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useInvalidate } from './useInvalidate';

/**
 * The row a list opens in its detail dialog (a work order, a handover): its detail is read afresh on
 * every opening, and the dialog shows only once that answer is in (never the previous row's).
 */
export function useOpenedDetail<T, K extends QueryKey>(
  detailQuery: (id: number) => UseQueryOptions<T, Error, T, K>,
): {
  /** the detail of the row opened, once read */
  open: T | undefined;
  show: (row: { id: number }) => void;
  close: () => void;
} {
  const invalidate = useInvalidate();
  const [openId, setOpenId] = useState(0);
  const detail = useQuery({ ...detailQuery(openId), enabled: openId > 0, placeholderData: undefined });
  return {
    open: openId ? detail.data : undefined,
    show: (row) => (invalidate(detailQuery(row.id).queryKey), setOpenId(row.id)),
    close: () => setOpenId(0),
  };
}
