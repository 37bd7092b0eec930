import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button } from '../../app/ui/Modal';
import { showToast, toastSuccess } from '../../app/ui/toastStore';
import { useOptionalRealtime } from '../../app/realtime/RealtimeContext';
import { ScreenFrame } from '../../app/widgets/ScreenFrame';
import { Tree } from '../../app/widgets/tree/Tree';
import { Pagination } from '../../app/widgets/table/Pagination';
import { defaultRange } from '../../app/widgets/dateSelector/dateRange';
import { EventFiltersBar, type FilterState } from './EventFiltersBar';
import { EventTable } from './EventTable';
import { RemarkDialog } from './RemarkDialog';
import { EventDetailDialog } from './EventDetailDialog';
import type { PecEvent } from '../../../domain/telemetry';
import { DispatchDialog } from './DispatchDialog';
import { useOperationCan } from '../../app/session/useOperationCan';
import { confirmEvents, exportEvents, remarkEvents } from './eventApi';
import { deviceTreeQuery, parseTreeKey as scopeOfKey, toTreeWidgets, treeKey as nodeKey } from '../../app/liveDevices/deviceTree';
import { EVENT_PAGE_ORDER, type EventFilters, type EventOrder, type ScopeNode } from './filterMapping';
import { UNSORTED, type SortState } from '../../app/widgets/table/sorting';
import { useEventPage } from './useEventPage';
import { useEventOrders } from './useEventOrders';
import { usePaging } from '../../app/widgets/table/usePaging';

/** Today, every type and level, both statuses (the date is taken when the screen opens). */
const initialFilters = (): FilterState => ({ range: defaultRange(), types: [], levels: [], status: 'all', confirm: 'all' });

/**
 * /alarmEvent (spec §2, §3 "Alarm event", §7 "Events"): scope from the device tree, filters, a live
 * virtualized page of events, confirm (stamped by the server), remark, export of the filtered set.
 */
export default function AlarmEventScreen() {
  useLanguage();
  const realtime = useOptionalRealtime();
  const tree = useQuery({ ...deviceTreeQuery, select: toTreeWidgets });
  const [filterState, setFilterState] = useState<FilterState>(initialFilters);
  const [scope, setScope] = useState<ScopeNode | undefined>();
  const [page, setPage] = usePaging();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [remarkOpen, setRemarkOpen] = useState(false);
  const [detail, setDetail] = useState<PecEvent | undefined>();
  const filters = useMemo<EventFilters>(
    () => ({
      start: filterState.range.start,
      end: filterState.range.end,
      types: filterState.types,
      levels: filterState.levels,
      status: filterState.status,
      confirm: filterState.confirm,
    }),
    [filterState],
  );
  const [sort, setSort] = useState<SortState>(UNSORTED);
  // A column sort first, newest first within it; unsorted is the spec's eventtime descending.
  const orders = useMemo<EventOrder>(
    () => (sort.by ? [{ propertyLabel: sort.by, orderType: sort.dir }, ...EVENT_PAGE_ORDER] : EVENT_PAGE_ORDER),
    [sort],
  );
  const list = useEventPage(filters, scope, page, orders);
  const workOrders = useEventOrders(list.rows);
  const pageKey = `${JSON.stringify(filterState)}|${scope ? nodeKey(scope) : ''}|${page.index}|${page.limit}|${sort.by}|${sort.dir}`;
  const changeSort = (next: SortState) => (setSort(next), setPage((p) => ({ ...p, index: 0 })), setSelected(new Set()));

  // A new query starts on page one with nothing selected; live inserts keep both.
  const changeFilters = (f: FilterState) => (setFilterState(f), setPage((p) => ({ ...p, index: 0 })), setSelected(new Set()));
  const changeScope = (s: ScopeNode | undefined) => (setScope(s), setPage((p) => ({ ...p, index: 0 })), setSelected(new Set()));

  const requireSelection = (): number[] | undefined => {
    const ids = list.rows.filter((r) => selected.has(r.id)).map((r) => r.id);
    if (!ids.length) showToast(t('table.selectEditRow'));
    return ids.length ? ids : undefined;
  };
  const confirm = async () => {
    const ids = requireSelection();
    if (!ids) return;
    // Already confirmed rows keep their first operator and time.
    const open = list.rows.filter((r) => ids.includes(r.id) && r.confirmeventstatus !== 3).map((r) => r.id);
    if (open.length)
      await confirmEvents(open)
        .catch(() => undefined)
        .then((r) => r && toastSuccess(t('alarmEvent.confirmDone')));
    await list.refreshRows(ids);
  };
  const openRemark = () => requireSelection() && setRemarkOpen(true);
  const saveRemark = async (remark: string) => {
    const ids = list.rows.filter((r) => selected.has(r.id)).map((r) => r.id);
    await remarkEvents(ids, remark);
    toastSuccess(t('table.saveSuccess'));
    setRemarkOpen(false);
    await list.refreshRows(ids);
  };
  const selectedRows = list.rows.filter((r) => selected.has(r.id));
  const can = useOperationCan();
  const [dispatchOpen, setDispatchOpen] = useState(false);

  return (
    <ScreenFrame
      title={t('route.alarmEvent')}
      testId="alarm-event"
      filters={<EventFiltersBar value={filterState} onChange={changeFilters} />}
    >
      <div className="flex min-h-0 flex-1 gap-3">
        <aside className="flex w-60 shrink-0 flex-col rounded-lg border border-line bg-surface p-3" aria-label={t('alarmEvent.scope')}>
          <button
            type="button"
            aria-pressed={!scope}
            onClick={() => changeScope(undefined)}
            className={`mb-2 rounded px-2 py-1 text-left text-sm ${!scope ? 'bg-brand/10 font-medium text-brand' : 'hover:bg-surface-2'}`}
          >
            {t('alarmEvent.allScope')}
          </button>
          <Tree
            load={tree}
            testId="event-tree"
            className="min-h-0 flex-1"
            nodes={tree.data ?? []}
            selectedId={scope ? nodeKey(scope) : undefined}
            onSelect={(n) => changeScope(scopeOfKey(n.id))}
            defaultExpandDepth={3}
          />
        </aside>
        <div className="flex min-h-0 min-w-0 flex-1 flex-col rounded-lg border border-line bg-surface">
          <div className="flex flex-wrap items-center gap-2 border-b border-line p-3">
            <Button kind="primary" onClick={() => void confirm()}>
              {t('alarmEvent.confirm')}
            </Button>
            <Button onClick={openRemark}>{t('alarmEvent.addRemark')}</Button>
            {can('workorder_dispatch') && (
              <Button onClick={() => setDispatchOpen(true)} disabled={selectedRows.length === 0}>
                {t('wo.dispatch')}
              </Button>
            )}
            <Button onClick={list.refetch}>{t('alarmEvent.refresh')}</Button>
            <span className="text-sm text-muted" data-testid="selected-count">
              {selected.size ? t('alarmEvent.selected', { count: selectedRows.length }) : ''}
            </span>
            <Button className="ml-auto" onClick={() => void exportEvents(filters, scope, orders).catch(() => undefined)}>
              {t('table.export')}
            </Button>
          </div>
          <EventTable
            rows={list.rows}
            selected={selected}
            onSelectedChange={setSelected}
            onView={realtime ? realtime.openDevice : undefined}
            onDetail={setDetail}
            topInsert={list.topInsert}
            pageKey={pageKey}
            load={list}
            sort={{ state: sort, onChange: changeSort }}
            orders={workOrders.byEvent}
          />
          <Pagination
            pageIndex={page.index}
            pageSize={page.limit}
            total={list.total}
            onChange={(index, limit) => (setPage({ index, limit }), setSelected(new Set()))}
          />
        </div>
      </div>
      <EventDetailDialog event={detail} onClose={() => setDetail(undefined)} />
      <DispatchDialog rows={selectedRows} open={dispatchOpen} onClose={() => setDispatchOpen(false)} onDone={workOrders.reload} />
      <RemarkDialog
        open={remarkOpen}
        initial={selectedRows.length === 1 ? (selectedRows[0]!.remark ?? '') : ''}
        count={selectedRows.length}
        onSave={saveRemark}
        onClose={() => setRemarkOpen(false)}
      />
    </ScreenFrame>
  );
}
