import { useMemo } from 'react';
import type { EventOrderDto } from '../../../domain/schemas/workorder';
import type { PecEvent } from '../../../domain/telemetry';
import { useLoad } from '../../app/widgets/useLoad';
import { ordersOfEvents } from '../workOrder/workOrderApi';

/** at most this many events are asked about at once (the route's bound) */
const MAX_EVENTS = 1000;

/**
 * The work orders of the events shown (the 处置 column), asked again when the shown events change
 * and after a 派单 (reload).
 */
export function useEventOrders(rows: readonly PecEvent[]): { byEvent: ReadonlyMap<number, EventOrderDto>; reload: () => void } {
  const key = rows
    .slice(0, MAX_EVENTS)
    .map((r) => r.id)
    .join(',');
  const load = useLoad(async () => (key ? ordersOfEvents(key.split(',').map(Number)) : []), [key]);
  const byEvent = useMemo(() => new Map((load.data ?? []).map((o) => [o.eventId, o])), [load.data]);
  return { byEvent, reload: load.reload };
}
