import { useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { t, useLanguage } from '../../i18n/i18n';
import { useImmer } from '../../useImmer';
import { TREE_SEARCH_DELAY_MS, useDebouncedValue } from '../useDebouncedValue';
import { filterIds, indexTree, toggleWithRange, visibleRows, type TreeNode } from './treeModel';
import { TreeRowView } from './TreeRowView';

export interface TreeProps {
  nodes: TreeNode[];
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
}

const ROW_HEIGHT = 28;

/**
 * Virtualized tree (spec §2 "Other widgets"): only the rows in view are in the DOM, so a 20,000-node
 * ledger scrolls smoothly; the keyword filter runs 400 ms after the last keystroke.
 */
export function Tree({
  nodes,
  checkable,
  checked,
  onCheckedChange,
  selectedId,
  onSelect,
  defaultExpandDepth = 1,
  className,
  testId,
}: TreeProps) {
  useLanguage();
  const index = useMemo(() => indexTree(nodes), [nodes]);
  const [expanded, updateExpanded] = useImmer<ReadonlySet<string>>(new Set<string>());
  const [keyword, setKeyword] = useState('');
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
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  const toggleExpand = (id: string) =>
    updateExpanded((open) => {
      if (!open.delete(id)) open.add(id);
    });
  const toggleCheck = (id: string, shift: boolean) => {
    if (!onCheckedChange) return;
    onCheckedChange(toggleWithRange(index, rows, id, anchor.current, shift, checked ?? new Set()));
    anchor.current = id;
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
      <div
        ref={scroller}
        role="tree"
        aria-multiselectable={checkable}
        className="min-h-0 flex-1 overflow-auto rounded border border-line bg-surface"
      >
        {rows.length === 0 ? (
          <p className="p-3 text-sm text-muted">{t('common.noData')}</p>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((v) => {
              const row = rows[v.index]!;
              return (
                <TreeRowView
                  key={row.node.id}
                  row={row}
                  top={v.start}
                  height={ROW_HEIGHT}
                  index={index}
                  checkable={!!checkable}
                  checked={checked}
                  selected={row.node.id === selectedId}
                  onToggleExpand={toggleExpand}
                  onToggleCheck={toggleCheck}
                  onSelect={onSelect}
                />
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
