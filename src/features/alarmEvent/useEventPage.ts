import { useEffect, useEffectEvent, useRef } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { filter, map } from 'rxjs';
import type { PecEvent } from '../../../domain/telemetry';
import type { NoticeMessage } from '../../../domain/telemetry';
import { queryKeys } from '../../app/api/queryKeys';
import { useOptionalRealtime } from '../../app/realtime/RealtimeContext';
import { eventsById, listEvents } from './eventApi';
import { EVENT_PAGE_ORDER, type EventFilters, type EventOrder, type ScopeNode } from './filterMapping';
import { EVENT_PUSH_KINDS, eventIdOf, mergeRows } from './liveRows';

export interface EventPage {
  rows: PecEvent[];
  total: number;
  /** the page's read, as the table shows it (app/widgets/LoadError.tsx ReadState) */
  isFetching: boolean;
  /** why the page could not be read (shown with 重试 instead of an empty table) */
  error: Error | null;
  topInsert: { version: number; added: number };
  /** re-reads some rows in place (after this user's own confirm or remark) */
  refreshRows: (ids: readonly number[]) => Promise<void>;
  refetch: () => void;
}

/** One page as cached: its rows, its total, and the rows live updates put on its top (the table keeps its scroll). */
interface PageData {
  rows: PecEvent[];
  total: number;
  inserted: { version: number; added: number };
}

const NOTHING_INSERTED = { version: 0, added: 0 };
const NO_ROWS: PecEvent[] = [];

/** The page a live update was meant for: its cache entry, and whether new events go on its top. */
interface Target {
  queryKey: QueryKey;
  onTop: boolean;
}

/**
 * One page of events for the filters, kept live: pushed alarm messages, coalesced per frame, fetch
 * fresh copies of the events they name. Raised events that match the filters join the top of the
 * first page (other pages only count them); known rows are replaced in place.
 *
 * The page is a query keyed by filters, scope, page and order, so an answer for another page never
 * lands on the one shown; a live update is merged into the cache entry of the page that was shown
 * when its message arrived, which is the one shown or none at all.
 */
export function useEventPage(
  filters: EventFilters,
  scope: ScopeNode | undefined,
  page: { index: number; limit: number },
  orders: EventOrder = EVENT_PAGE_ORDER,
): EventPage {
  const realtime = useOptionalRealtime();
  const client = useQueryClient();
  const queryKey = queryKeys.eventPage({ filters, scope, page, orders });
  // The last page's cursor, for the same filters, scope and order only: the next, previous or same
  // page is then read by keyset (rows that arrived meanwhile neither repeat nor push rows off a page).
  const cursor = useRef<{ value: string; filters: EventFilters; scope: ScopeNode | undefined; orders: EventOrder } | undefined>(undefined);
  const read = useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<PageData> => {
      const c = cursor.current;
      const from = c && c.filters === filters && c.scope === scope && c.orders === orders ? c.value : undefined;
      const r = await listEvents(filters, scope, page, signal, orders, from);
      cursor.current = r.cursor === undefined ? undefined : { value: r.cursor, filters, scope, orders };
      return { rows: r.rows, total: r.total, inserted: NOTHING_INSERTED };
    },
  });
  // New events go on top only of the first page in the newest-first order; elsewhere they are only counted.
  const shown = useRef<Target & { filters: EventFilters; scope: ScopeNode | undefined }>({ queryKey, onTop: false, filters, scope });
  shown.current = { queryKey, onTop: page.index === 0 && orders === EVENT_PAGE_ORDER, filters, scope };

  const rowsOf = (at: Target) => client.getQueryData<PageData>(at.queryKey)?.rows ?? NO_ROWS;
  const apply = (at: Target, fresh: PecEvent[], countNew: boolean) => {
    const old = client.getQueryData<PageData>(at.queryKey);
    if (!old) return;
    const known = new Set(old.rows.map((r) => r.id));
    const total = old.total + (countNew ? fresh.filter((r) => !known.has(r.id)).length : 0);
    const merged = mergeRows(old.rows, at.onTop ? fresh : fresh.filter((r) => known.has(r.id)));
    if (merged.rows === old.rows && total === old.total) return;
    const inserted = merged.added ? { version: old.inserted.version + 1, added: merged.added } : old.inserted;
    client.setQueryData<PageData>(at.queryKey, { rows: merged.rows, total, inserted });
  };

  const refreshRows = async (ids: readonly number[]) => {
    const at = shown.current;
    const fresh = await eventsById(ids).catch(() => []);
    const onPage = new Set(rowsOf(at).map((r) => r.id));
    apply(
      at,
      fresh.filter((r) => ids.includes(r.id) && onPage.has(r.id)),
      false,
    );
  };

  // A batch of pushed alarm messages: fresh copies of the events they name, for the page shown now.
  const onAlarms = useEffectEvent((batch: NoticeMessage[]) => {
    const at = shown.current;
    const onPage = new Set(rowsOf(at).map((r) => r.id));
    const raised = [...new Set(batch.filter((m) => m.kind === 'alarm.raised').map((m) => eventIdOf(m.payload)!))].filter(
      (id) => !onPage.has(id),
    );
    const changed = [...new Set(batch.map((m) => eventIdOf(m.payload)!))].filter((id) => onPage.has(id));
    // New events only when they match the filters; rows already shown update whatever they became.
    void Promise.all([eventsById(raised, at.filters, at.scope).catch(() => []), eventsById(changed).catch(() => [])]).then(
      ([added, updated]) => apply(at, [...added, ...updated], true),
    );
  });
  useEffect(() => {
    if (!realtime) return;
    const sub = realtime.channels
      .alarms()
      .pipe(
        map((all) => all.filter((m: NoticeMessage) => EVENT_PUSH_KINDS.has(m.kind) && eventIdOf(m.payload) !== undefined)),
        filter((batch) => batch.length > 0),
      )
      .subscribe((batch) => onAlarms(batch));
    return () => sub.unsubscribe();
  }, [realtime]);

  const { refetch } = read;
  return {
    rows: read.data?.rows ?? NO_ROWS,
    total: read.data?.total ?? 0,
    isFetching: read.isFetching,
    error: read.error,
    topInsert: read.data?.inserted ?? NOTHING_INSERTED,
    refreshRows,
    refetch: () => void refetch(),
  };
}
