import { memo, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { t, useLanguage } from '../../i18n/i18n';
import { useImmer } from '../../useImmer';
import { TREE_SEARCH_DELAY_MS, useDebouncedValue } from '../useDebouncedValue';
import { filterIds, indexTree, toggleWithRange, visibleRows, type TreeNode } from './treeModel';
import { TYPE_AHEAD_MS, treeKeyAction, typeAheadTarget } from './treeKeys';
import { TreeRowView } from './TreeRowView';
import { EmptyOrError, type ReadState } from '../LoadError';
import { useScaledPx } from '../../ui/rem';

export interface TreeProps {
  nodes: TreeNode[];
  /** the tree's accessible name (what it holds: 设备树, 权限…) */
  label?: string;
  /** checkboxes with shift-click range checking */
  checkable?: boolean;
  checked?: ReadonlySet<string>;
  onCheckedChange?: (next: ReadonlySet<string>) => void;
  selectedId?: string | undefined;
  onSelect?: (node: TreeNode) => void;
  /** levels above this depth start expanded */
  defaultExpandDepth?: number;
  className?: string;
  testId?: string;
  /** the load behind `nodes`: a failure shows its reason with 重试 instead of 暂无数据 */
  load?: ReadState | undefined;
}

/** at the 16 px root; scaled with the console (ui/rem.ts) */
const ROW_HEIGHT = 28;

/**
 * Virtualized tree (spec §2 "Other widgets"): only the rows in view are in the DOM, so a 20,000-node
 * ledger scrolls smoothly; the keyword filter runs 400 ms after the last keystroke.
 *
 * Keyboard (WAI-ARIA tree pattern): the tree is one tab stop and points at its active row with
 * aria-activedescendant — a virtualized row may not exist in the DOM, so focus cannot sit on the rows
 * themselves. Arrows, Home/End, `*`, Enter (select), Space (check or select) and type-ahead.
 */
// Memoized: a screen's own state (a range, a filter) renders the screen, not its device tree.
export const Tree = memo(function Tree({
  nodes,
  label,
  checkable,
  checked,
  onCheckedChange,
  selectedId,
  onSelect,
  defaultExpandDepth = 1,
  className,
  testId,
  load,
}: TreeProps) {
  useLanguage();
  const domId = useId();
  const index = useMemo(() => indexTree(nodes), [nodes]);
  const [expanded, updateExpanded] = useImmer<ReadonlySet<string>>(new Set<string>());
  const [keyword, setKeyword] = useState('');
  const [activeId, setActiveId] = useState<string | undefined>(undefined);
  const typed = useRef({ text: '', at: 0 });
  const settled = useDebouncedValue(keyword, TREE_SEARCH_DELAY_MS);
  const anchor = useRef<string | undefined>(undefined);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const open = new Set<string>();
    const walk = (n: TreeNode, depth: number) => {
      if (depth >= defaultExpandDepth || !n.children?.length) return;
      open.add(n.id);
      n.children.forEach((c) => walk(c, depth + 1));
    };
    nodes.forEach((n) => walk(n, 0));
    updateExpanded(open);
  }, [nodes, defaultExpandDepth, updateExpanded]);

  const filter = useMemo(() => filterIds(nodes, index, settled), [nodes, index, settled]);
  const rows = useMemo(() => visibleRows(nodes, expanded, filter), [nodes, expanded, filter]);
  const rowHeight = useScaledPx(ROW_HEIGHT);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  // the console grew or shrank with the window: every row's place changes
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  // The active row: the one moved to, else the selected one, else the first; always a visible row.
  const activeRow = rows.find((r) => r.node.id === activeId) ?? rows.find((r) => r.node.id === selectedId) ?? rows[0];
  const current = activeRow?.node.id;
  const rowDomId = (id: string) => `${domId}-n-${id}`;

  const toggleExpand = (id: string) =>
    updateExpanded((open) => {
      if (!open.delete(id)) open.add(id);
    });
  const toggleCheck = (id: string, shift: boolean) => {
    if (!onCheckedChange) return;
    onCheckedChange(toggleWithRange(index, rows, id, anchor.current, shift, checked ?? new Set()));
    anchor.current = id;
  };
  const moveTo = (id: string) => {
    setActiveId(id);
    const at = rows.findIndex((r) => r.node.id === id);
    if (at >= 0) virtualizer.scrollToIndex(at, { align: 'auto' });
  };
  const activate = (id: string) => {
    const node = index.byId.get(id);
    if (!node) return;
    if (onSelect) onSelect(node);
    else if (node.children?.length) toggleExpand(id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const action = treeKeyAction(rows, index, current, e.key);
    if (action.kind === 'none') {
      if (e.key.length !== 1 || e.key === ' ') return;
      // type-ahead: letters typed within TYPE_AHEAD_MS of each other make one prefix
      const now = e.timeStamp;
      typed.current = { text: now - typed.current.at < TYPE_AHEAD_MS ? typed.current.text + e.key : e.key, at: now };
      const target = typeAheadTarget(rows, index, current, typed.current.text);
      if (target) moveTo(target);
      e.preventDefault();
      return;
    }
    e.preventDefault();
    if (action.kind === 'focus') moveTo(action.id);
    else if (action.kind === 'expand')
      updateExpanded((open) => {
        action.ids.forEach((id) => open.add(id));
      });
    else if (action.kind === 'collapse') toggleExpand(action.id);
    else if (action.kind === 'activate') activate(action.id);
    else if (action.kind === 'toggle') {
      if (checkable) toggleCheck(action.id, e.shiftKey);
      else activate(action.id);
    }
  };

  return (
    <div className={`flex min-h-0 flex-col ${className ?? ''}`} data-testid={testId}>
      <input
        type="search"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        placeholder={t('tree.search')}
        aria-label={t('tree.search')}
        className="mb-2 w-full rounded border border-line bg-surface-2 px-3 py-1.5 text-sm text-ink outline-none focus:border-brand"
      />
      {rows.length === 0 || load?.error ? (
        <EmptyOrError load={load} className="min-h-0 flex-1 rounded border border-line bg-surface" />
      ) : (
        <div
          ref={scroller}
          role="tree"
          tabIndex={0}
          aria-label={label ?? t('tree.label')}
          aria-multiselectable={checkable || undefined}
          aria-activedescendant={current !== undefined ? rowDomId(current) : undefined}
          onKeyDown={onKeyDown}
          className="group/tree min-h-0 flex-1 overflow-auto rounded border border-line bg-surface outline-none focus-visible:ring-2 focus-visible:ring-brand"
        >
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((v) => {
              const row = rows[v.index]!;
              return (
                <TreeRowView
                  key={row.node.id}
                  domId={rowDomId(row.node.id)}
                  row={row}
                  top={v.start}
                  height={rowHeight}
                  index={index}
                  checkable={!!checkable}
                  checked={checked}
                  selected={row.node.id === selectedId}
                  active={row.node.id === current}
                  onToggleExpand={toggleExpand}
                  onToggleCheck={toggleCheck}
                  onActivate={(id) => (setActiveId(id), activate(id))}
                  onFocusRow={setActiveId}
                />
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}, sameTreeProps);

/** A load is the same by what the tree shows of it: a query's result is a new object at each render. */
const sameLoad = (a: ReadState | undefined, b: ReadState | undefined) =>
  a === b || (!!a && !!b && a.isFetching === b.isFetching && a.error === b.error && a.refetch === b.refetch);

function sameTreeProps(a: TreeProps, b: TreeProps): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof TreeProps)[]);
  for (const k of keys) if (k === 'load' ? !sameLoad(a.load, b.load) : !Object.is(a[k], b[k])) return false;
  return true;
}
