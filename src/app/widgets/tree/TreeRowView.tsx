import { useEffect, useRef } from 'react';
import { checkState, type TreeIndex, type TreeNode, type TreeRow } from './treeModel';
import { t } from '../../i18n/i18n';

interface Props {
  row: TreeRow;
  top: number;
  height: number;
  index: TreeIndex;
  checkable: boolean;
  checked: ReadonlySet<string> | undefined;
  selected: boolean;
  onToggleExpand: (id: string) => void;
  onToggleCheck: (id: string, shift: boolean) => void;
  onSelect: ((node: TreeNode) => void) | undefined;
}

/** One positioned row of the virtualized tree. */
export function TreeRowView({ row, top, height, index, checkable, checked, selected, onToggleExpand, onToggleCheck, onSelect }: Props) {
  const { node, depth, hasChildren, expanded } = row;
  const state = checkable ? checkState(index, node.id, checked ?? new Set()) : 'unchecked';
  const box = useRef<HTMLInputElement>(null);
  // indeterminate exists only as a DOM property, not an attribute
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === 'indeterminate';
  }, [state]);
  return (
    <div
      role="treeitem"
      aria-level={depth + 1}
      aria-expanded={hasChildren ? expanded : undefined}
      aria-selected={selected}
      data-node-id={node.id}
      style={{ position: 'absolute', top, left: 0, right: 0, height, paddingLeft: 8 + depth * 18 }}
      className={`flex items-center gap-1.5 pr-2 text-sm ${selected ? 'bg-brand/15 text-brand' : 'hover:bg-surface-2'}`}
    >
      <button
        type="button"
        tabIndex={-1}
        aria-label={expanded ? t('tree.collapse') : t('tree.expand')}
        onClick={() => hasChildren && onToggleExpand(node.id)}
        className={`flex h-5 w-5 items-center justify-center text-muted ${hasChildren ? '' : 'invisible'}`}
      >
        <span className={`inline-block transition-transform ${expanded ? 'rotate-90' : ''}`}>▸</span>
      </button>
      {checkable && (
        <input
          ref={box}
          type="checkbox"
          aria-label={node.label}
          checked={state === 'checked'}
          // React's change event comes from the click, so the native event carries the Shift key.
          onChange={(e) => onToggleCheck(node.id, (e.nativeEvent as MouseEvent).shiftKey === true)}
          className="h-4 w-4 accent-[var(--vg-brand)]"
        />
      )}
      <button
        type="button"
        onClick={() => (onSelect ? onSelect(node) : hasChildren && onToggleExpand(node.id))}
        className="min-w-0 flex-1 truncate text-left"
        title={node.label}
      >
        {node.label}
      </button>
    </div>
  );
}
