import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { EventOrderDto } from '../../../domain/schemas/workorder';
import type { PecEvent } from '../../../domain/telemetry';
import { queryKeys } from '../../app/api/queryKeys';
import { useInvalidate } from '../../app/api/useInvalidate';
import { workOrderQueries } from '../workOrder/workOrderApi';

/** at most this many events are asked about at once (the route's bound) */
const MAX_EVENTS = 1000;
const NO_ORDERS: EventOrderDto[] = [];

/**
 * The work orders of the events shown (the 处置 column), asked again when the shown events change
 * and after a 派单 (reload). No events shown: nothing is asked.
 */
export function useEventOrders(rows: readonly PecEvent[]): { byEvent: ReadonlyMap<number, EventOrderDto>; reload: () => void } {
  const key = rows
    .slice(0, MAX_EVENTS)
    .map((r) => r.id)
    .join(',');
  const load = useQuery(workOrderQueries.ofEvents(key));
  const invalidate = useInvalidate();
  const data = key ? (load.data ?? NO_ORDERS) : NO_ORDERS;
  const byEvent = useMemo(() => new Map(data.map((o) => [o.eventId, o])), [data]);
  return { byEvent, reload: () => invalidate(queryKeys.workOrders.all) };
}
