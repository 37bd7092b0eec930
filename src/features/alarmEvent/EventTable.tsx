import { useLayoutEffect, useMemo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { PecEvent } from '../../../domain/telemetry';
import { currentLanguage, t, useLanguage, type MessageKey } from '../../app/i18n/i18n';
import { produce } from '../../app/immer';
import { EmptyOrErrorRow, type ReadState } from '../../app/widgets/LoadError';
import { nextSort, type SortState } from '../../app/widgets/table/sorting';
import { rem, useScaledPx } from '../../app/ui/rem';
import type { EventOrderDto } from '../../../domain/schemas/workorder';
import type { OptionalColumn } from '../../app/widgets/table/columnChoice';
import { useColumnChoice } from '../../app/widgets/table/useColumnChoice';
import { ColumnChooser } from '../../app/widgets/table/ColumnChooser';
import { SortMark } from '../../app/widgets/table/SortMark';
import { EventRow, ROW_HEIGHT } from './EventRow';

/**
 * sortKey: the event property the server orders by (spec §7 orders); only those columns sort. A column with
 * a priority is optional: shown while it fits the table's width (lower first) or as the user chose in 列设置;
 * the others — 事件时间, 设备, 类型, 等级, 确认状态 and 操作 — are always there (issue 30: at 1366 the last two
 * fell off the screen).
 */
// Widths fit the longer of the two languages' words (Early warning, Confirmation, Remarked by) with the sort mark.
const COLUMNS: { id: string; key: MessageKey; width: number; sortKey?: string; priority?: number }[] = [
  { id: 'eventtime', key: 'alarmEvent.time', width: 150, sortKey: 'eventtime' },
  { id: 'project', key: 'alarmEvent.project', width: 110, priority: 2 },
  { id: 'device', key: 'alarmEvent.device', width: 140 },
  { id: 'type', key: 'alarmEvent.type', width: 130, sortKey: 'customtype' },
  { id: 'level', key: 'alarmEvent.level', width: 132, sortKey: 'peceventlevel' },
  { id: 'value', key: 'alarmEvent.value', width: 90, priority: 1 },
  { id: 'status', key: 'alarmEvent.status', width: 84, sortKey: 'endeventid', priority: 3 },
  { id: 'confirm', key: 'alarmEvent.confirmStatus', width: 150, sortKey: 'confirmeventstatus' },
  // issue 29: the event's work order (its newest), overdue in the alarm language
  { id: 'handling', key: 'wo.handling', width: 150, priority: 4 },
  { id: 'operator', key: 'alarmEvent.operator', width: 104, priority: 6 },
  { id: 'updatetime', key: 'alarmEvent.updatetime', width: 150, priority: 7 },
  { id: 'remark', key: 'alarmEvent.remark', width: 120, priority: 5 },
  { id: 'remarkoperator', key: 'alarmEvent.remarkOperator', width: 104, priority: 8 },
  { id: 'remarktime', key: 'alarmEvent.remarkTime', width: 150, priority: 9 },
  { id: 'action', key: 'alarmEvent.action', width: 112 },
];
const CONFIRM_AT = COLUMNS.findIndex((c) => c.id === 'confirm');
/** The optional columns before 确认状态 give way to the width; those after it are there and scroll sideways. */
const GIVING_WAY: OptionalColumn[] = COLUMNS.slice(0, CONFIRM_AT).flatMap((c) =>
  c.priority === undefined ? [] : [{ id: c.id, width: c.width, priority: c.priority }],
);
const SCROLLING = COLUMNS.slice(CONFIRM_AT).flatMap((c) => (c.priority === undefined ? [] : [c.id]));
const SELECT_WIDTH = 40;
/** what must fit beside the columns giving way: the always-shown ones up to 确认状态, the sticky 操作, the scroller's bar */
const FIXED_WIDTH =
  SELECT_WIDTH +
  16 +
  COLUMNS.filter((c, i) => c.priority === undefined && (i <= CONFIRM_AT || c.id === 'action')).reduce((s, c) => s + c.width, 0);

export interface EventTableProps {
  rows: PecEvent[];
  selected: ReadonlySet<number>;
  onSelectedChange: (next: ReadonlySet<number>) => void;
  onView: ((deviceId: number) => void) | undefined;
  /** opens the event's detail with its notifications (a stable function: the rows are memoised) */
  onDetail: (row: PecEvent) => void;
  /** bumped when rows were inserted on top; the table keeps the user's place unless at the very top */
  topInsert: { version: number; added: number };
  /** the page key (filters + page); a new page scrolls back to the top */
  pageKey: string;
  /** the page's load: a failure shows its reason with 重试 instead of 暂无数据 */
  load?: ReadState;
  /** the order asked of the server; unsorted = newest first */
  sort?: { state: SortState; onChange: (next: SortState) => void };
  /** the work orders of the rows by event id (the 处置 column) */
  orders?: ReadonlyMap<number, EventOrderDto>;
}

/**
 * The event table with a virtualized body: only the rows in view (plus overscan) are in the DOM, so a
 * 100-row page and a stream of live inserts stay cheap. Shift-click selects a range.
 */
export function EventTable({
  rows,
  selected,
  onSelectedChange,
  onView,
  onDetail,
  topInsert,
  pageKey,
  load,
  sort,
  orders,
}: EventTableProps) {
  useLanguage();
  const lang = currentLanguage();
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<number | undefined>(undefined);
  const choice = useColumnChoice('events', GIVING_WAY, FIXED_WIDTH, scroller, SCROLLING);
  const shownKey = COLUMNS.filter((c) => c.priority === undefined || choice.shown.has(c.id))
    .map((c) => c.id)
    .join(',');
  // a stable list while the choice is the same, so the memoised rows do not all re-render
  const columns = useMemo(() => COLUMNS.filter((c) => shownKey.split(',').includes(c.id)), [shownKey]);
  const columnIds = useMemo(() => columns.map((c) => c.id), [columns]);
  const minWidth = SELECT_WIDTH + columns.reduce((w, c) => w + c.width, 0);
  const rowHeight = useScaledPx(ROW_HEIGHT);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    getItemKey: (i) => rows[i]!.id,
  });

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && topInsert.added > 0 && el.scrollTop > 0) el.scrollTop += topInsert.added * rowHeight;
  }, [topInsert, rowHeight]);
  // the console grew or shrank with the window: every row's place changes
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    anchor.current = undefined;
  }, [pageKey]);

  // Latest rows/selection for the stable callbacks the memoised rows receive.
  const live = useRef({ rows, selected, onSelectedChange });
  live.current = { rows, selected, onSelectedChange };
  const range = (from: number, to: number) => {
    const ids = live.current.rows.map((r) => r.id);
    const a = ids.indexOf(from);
    const b = ids.indexOf(to);
    return a < 0 || b < 0 ? [to] : ids.slice(Math.min(a, b), Math.max(a, b) + 1);
  };
  const handlers = useRef({
    onCheck: (id: number, shift: boolean) => {
      const { selected: sel, onSelectedChange: set } = live.current;
      const from = anchor.current;
      anchor.current = id;
      set(
        produce(sel, (next) => {
          if (shift && from !== undefined) range(from, id).forEach((x) => next.add(x));
          else if (!next.delete(id)) next.add(id);
        }),
      );
    },
    onOnly: (id: number, shift: boolean) => {
      const next = shift && anchor.current !== undefined ? new Set(range(anchor.current, id)) : new Set([id]);
      if (!shift) anchor.current = id;
      live.current.onSelectedChange(next);
    },
  }).current;

  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));

  return (
    <div ref={scroller} className="@container min-h-0 flex-1 overflow-auto" data-testid="event-scroller">
      <table className="w-full table-fixed border-collapse text-sm" style={{ minWidth: rem(minWidth) }} data-testid="event-table">
        <colgroup>
          <col style={{ width: rem(SELECT_WIDTH) }} />
          {columns.map((c) => (
            <col key={c.key} style={{ width: c.key === 'alarmEvent.remark' ? undefined : rem(c.width) }} />
          ))}
        </colgroup>
        <thead className="sticky top-0 z-10 bg-surface-2 text-left text-muted">
          <tr>
            <th className="border-b border-line px-3 py-2">
              <input
                type="checkbox"
                aria-label={t('table.selectAll')}
                checked={allSelected}
                onChange={() => onSelectedChange(allSelected ? new Set() : new Set(rows.map((r) => r.id)))}
                className="h-4 w-4 align-middle accent-[var(--vg-brand)]"
              />
            </th>
            {columns.map((c) => {
              const dir = sort && c.sortKey && sort.state.by === c.sortKey ? sort.state.dir : undefined;
              return (
                <th
                  key={c.key}
                  // the whole header on hover, where a narrow column cuts it (事件…)
                  title={t(c.key)}
                  aria-sort={!sort || !c.sortKey ? undefined : dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
                  className={`truncate border-b border-line px-2 py-2 font-medium ${c.id === 'action' ? 'sticky right-0 bg-surface-2' : ''}`}
                >
                  {c.id === 'action' ? (
                    <span className="flex items-center justify-between gap-1">
                      <span className="truncate">{t(c.key)}</span>
                      <ColumnChooser
                        columns={COLUMNS.filter((o) => o.priority !== undefined).map((o) => ({ id: o.id, label: t(o.key) }))}
                        shown={choice.shown}
                        chosen={choice.chosen}
                        onChoose={choice.choose}
                      />
                    </span>
                  ) : sort && c.sortKey ? (
                    <button
                      type="button"
                      className="inline-flex max-w-full items-center gap-1 hover:text-ink"
                      onClick={() => sort.onChange(nextSort(sort.state, c.sortKey!))}
                    >
                      <span className="truncate">{t(c.key)}</span>
                      <SortMark dir={dir} />
                    </button>
                  ) : (
                    t(c.key)
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          <EmptyOrErrorRow empty={rows.length === 0} load={load} colSpan={columns.length + 1} inScroller />
          {!load?.error && padTop > 0 && <tr style={{ height: padTop }} aria-hidden />}
          {!load?.error &&
            items.map((v) => {
              const row = rows[v.index]!;
              return (
                <EventRow
                  key={row.id}
                  row={row}
                  selected={selected.has(row.id)}
                  onCheck={handlers.onCheck}
                  onOnly={handlers.onOnly}
                  onView={onView}
                  onDetail={onDetail}
                  order={orders?.get(row.id)}
                  columns={columnIds}
                  lang={lang}
                />
              );
            })}
          {!load?.error && padBottom > 0 && <tr style={{ height: padBottom }} aria-hidden />}
        </tbody>
      </table>
    </div>
  );
}
