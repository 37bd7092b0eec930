import { useEffect, useRef, useState } from 'react';
import { filter, map } from 'rxjs';
import type { PecEvent } from '../../../domain/telemetry';
import type { NoticeMessage } from '../../../domain/telemetry';
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

/**
 * One page of events for the filters, kept live: pushed alarm messages, coalesced per frame, fetch
 * fresh copies of the events they name. Raised events that match the filters join the top of the
 * first page (other pages only count them); known rows are replaced in place.
 */
export function useEventPage(
  filters: EventFilters,
  scope: ScopeNode | undefined,
  page: { index: number; limit: number },
  orders: EventOrder = EVENT_PAGE_ORDER,
): EventPage {
  const realtime = useOptionalRealtime();
  const [rows, setRows] = useState<PecEvent[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<Error | null>(null);
  const [topInsert, setTopInsert] = useState({ version: 0, added: 0 });
  const [version, setVersion] = useState(0);
  // New events go on top only in the newest-first order; under a column sort they are only counted.
  const newestFirst = orders === EVENT_PAGE_ORDER;
  const current = useRef({ filters, scope, page, rows, newestFirst });
  current.current = { filters, scope, page, rows, newestFirst };
  // Bumped per load so a live answer that belongs to an older page is dropped.
  const generation = useRef(0);
  // The last page's cursor, for the same filters, scope and order only: the next, previous or same
  // page is then read by keyset (rows that arrived meanwhile neither repeat nor push rows off a page).
  const cursor = useRef<{ value: string; filters: EventFilters; scope: ScopeNode | undefined; orders: EventOrder } | undefined>(undefined);

  useEffect(() => {
    const ctrl = new AbortController();
    const gen = ++generation.current;
    setLoading(true);
    const c = cursor.current;
    const from = c && c.filters === filters && c.scope === scope && c.orders === orders ? c.value : undefined;
    listEvents(filters, scope, page, ctrl.signal, orders, from)
      .then((r) => {
        if (gen !== generation.current) return;
        cursor.current = r.cursor === undefined ? undefined : { value: r.cursor, filters, scope, orders };
        setRows(r.rows);
        setTotal(r.total);
        setError(null);
      })
      .catch((err: unknown) => {
        if (gen === generation.current && !ctrl.signal.aborted) setError(err instanceof Error ? err : new Error(String(err)));
      })
      .finally(() => gen === generation.current && setLoading(false));
    return () => ctrl.abort();
  }, [filters, scope, page, orders, version]);

  const apply = (fresh: PecEvent[], countNew: boolean) => {
    const { rows: now, page: p, newestFirst: top } = current.current;
    const known = new Set(now.map((r) => r.id));
    const newOnes = fresh.filter((r) => !known.has(r.id));
    if (countNew && newOnes.length) setTotal((n) => n + newOnes.length);
    const merged = mergeRows(now, p.index === 0 && top ? fresh : fresh.filter((r) => known.has(r.id)));
    if (merged.rows === now) return;
    current.current.rows = merged.rows;
    setRows(merged.rows);
    if (merged.added) setTopInsert((v) => ({ version: v.version + 1, added: merged.added }));
  };

  const refreshRows = async (ids: readonly number[]) => {
    const gen = generation.current;
    const fresh = await eventsById(ids).catch(() => []);
    if (gen === generation.current)
      apply(
        fresh.filter((r) => ids.includes(r.id) && current.current.rows.some((x) => x.id === r.id)),
        false,
      );
  };

  useEffect(() => {
    if (!realtime) return;
    const sub = realtime.channels
      .alarms()
      .pipe(
        map((all) => all.filter((m: NoticeMessage) => EVENT_PUSH_KINDS.has(m.kind) && eventIdOf(m.payload) !== undefined)),
        filter((batch) => batch.length > 0),
      )
      .subscribe((batch) => {
        const gen = generation.current;
        const { filters: f, scope: s, rows: now } = current.current;
        const onPage = new Set(now.map((r) => r.id));
        const raised = [...new Set(batch.filter((m) => m.kind === 'alarm.raised').map((m) => eventIdOf(m.payload)!))].filter(
          (id) => !onPage.has(id),
        );
        const changed = [...new Set(batch.map((m) => eventIdOf(m.payload)!))].filter((id) => onPage.has(id));
        // New events only when they match the filters; rows already shown update whatever they became.
        void Promise.all([eventsById(raised, f, s).catch(() => []), eventsById(changed).catch(() => [])]).then(([added, updated]) => {
          if (gen === generation.current) apply([...added, ...updated], true);
        });
      });
    return () => sub.unsubscribe();
  }, [realtime]);

  return { rows, total, isFetching: loading, error, topInsert, refreshRows, refetch: () => setVersion((v) => v + 1) };
}
