import { useEffect, useRef } from 'react';
import { checkState, type TreeIndex, type TreeRow } from './treeModel';
import { rem } from '../../ui/rem';

interface Props {
  domId: string;
  row: TreeRow;
  top: number;
  height: number;
  index: TreeIndex;
  checkable: boolean;
  checked: ReadonlySet<string> | undefined;
  selected: boolean;
  /** the row the tree's keyboard focus points at (aria-activedescendant) */
  active: boolean;
  onToggleExpand: (id: string) => void;
  onToggleCheck: (id: string, shift: boolean) => void;
  onActivate: (id: string) => void;
  onFocusRow: (id: string) => void;
}

/**
 * One positioned row of the virtualized tree. Its parts take no tab stop of their own: the tree is the
 * single tab stop and the row is reached with the arrow keys (the mouse still clicks the parts).
 */
export function TreeRowView({
  domId,
  row,
  top,
  height,
  index,
  checkable,
  checked,
  selected,
  active,
  onToggleExpand,
  onToggleCheck,
  onActivate,
  onFocusRow,
}: Props) {
  const { node, depth, hasChildren, expanded } = row;
  const state = checkable ? checkState(index, node.id, checked ?? new Set()) : 'unchecked';
  const box = useRef<HTMLInputElement>(null);
  // indeterminate exists only as a DOM property, not an attribute
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === 'indeterminate';
  }, [state]);
  return (
    <div
      id={domId}
      role="treeitem"
      aria-level={depth + 1}
      aria-expanded={hasChildren ? expanded : undefined}
      aria-selected={checkable ? undefined : selected}
      aria-checked={checkable ? (state === 'indeterminate' ? 'mixed' : state === 'checked') : undefined}
      data-node-id={node.id}
      data-active={active || undefined}
      onMouseDown={() => onFocusRow(node.id)}
      style={{ position: 'absolute', top, left: 0, right: 0, height, paddingLeft: rem(8 + depth * 18) }}
      className={`flex items-center gap-1.5 pr-2 text-sm ${selected ? 'bg-brand/15 text-brand' : 'hover:bg-surface-2'} ${
        active ? 'group-focus-visible/tree:outline-2 group-focus-visible/tree:-outline-offset-2 group-focus-visible/tree:outline-brand' : ''
      }`}
    >
      <span
        aria-hidden
        onClick={() => hasChildren && onToggleExpand(node.id)}
        className={`flex h-5 w-5 cursor-pointer items-center justify-center text-muted ${hasChildren ? '' : 'invisible'}`}
      >
        <span className={`inline-block transition-transform ${expanded ? 'rotate-90' : ''}`}>▸</span>
      </span>
      {checkable && (
        <input
          ref={box}
          type="checkbox"
          tabIndex={-1}
          aria-label={node.label}
          checked={state === 'checked'}
          // React's change event comes from the click, so the native event carries the Shift key.
          onChange={(e) => onToggleCheck(node.id, (e.nativeEvent as MouseEvent).shiftKey === true)}
          className="h-4 w-4 accent-[var(--vg-brand)]"
        />
      )}
      <span onClick={() => onActivate(node.id)} className="min-w-0 flex-1 cursor-pointer truncate text-left" title={node.label}>
        {node.label}
      </span>
    </div>
  );
}
