import type { TreeIndex, TreeRow } from './treeModel';

/**
 * What a key does in a tree, after the WAI-ARIA tree pattern: ↓/↑ move between visible rows, → opens a
 * closed branch or moves into an open one, ← closes an open branch or moves to the parent, Home/End go
 * to the first/last visible row, `*` opens the siblings. Pure, so every key is unit-tested.
 */
export type TreeKeyAction =
  | { kind: 'focus'; id: string }
  | { kind: 'expand'; ids: string[] }
  | { kind: 'collapse'; id: string }
  | { kind: 'activate'; id: string }
  | { kind: 'toggle'; id: string }
  | { kind: 'none' };

export function treeKeyAction(rows: readonly TreeRow[], index: TreeIndex, activeId: string | undefined, key: string): TreeKeyAction {
  if (!rows.length) return { kind: 'none' };
  const at = Math.max(
    0,
    rows.findIndex((r) => r.node.id === activeId),
  );
  const row = rows[at]!;
  const id = row.node.id;
  switch (key) {
    case 'ArrowDown':
      return { kind: 'focus', id: rows[Math.min(at + 1, rows.length - 1)]!.node.id };
    case 'ArrowUp':
      return { kind: 'focus', id: rows[Math.max(at - 1, 0)]!.node.id };
    case 'Home':
      return { kind: 'focus', id: rows[0]!.node.id };
    case 'End':
      return { kind: 'focus', id: rows[rows.length - 1]!.node.id };
    case 'ArrowRight':
      if (!row.hasChildren) return { kind: 'none' };
      if (!row.expanded) return { kind: 'expand', ids: [id] };
      return { kind: 'focus', id: rows[at + 1]!.node.id };
    case 'ArrowLeft': {
      if (row.hasChildren && row.expanded) return { kind: 'collapse', id };
      const parent = index.parent.get(id);
      return parent !== undefined ? { kind: 'focus', id: parent } : { kind: 'none' };
    }
    case '*': {
      const parent = index.parent.get(id);
      const siblings = rows.filter((r) => r.hasChildren && !r.expanded && index.parent.get(r.node.id) === parent);
      return siblings.length ? { kind: 'expand', ids: siblings.map((r) => r.node.id) } : { kind: 'none' };
    }
    case 'Enter':
      return { kind: 'activate', id };
    case ' ':
      return { kind: 'toggle', id };
    default:
      return { kind: 'none' };
  }
}

/** The typed characters are held this long (ms) before a new search starts. */
export const TYPE_AHEAD_MS = 500;

/**
 * Type-ahead: the next visible row after the active one (wrapping) whose label starts with the typed
 * text; a repeated single letter cycles through the rows starting with it.
 */
export function typeAheadTarget(
  rows: readonly TreeRow[],
  index: TreeIndex,
  activeId: string | undefined,
  typed: string,
): string | undefined {
  const text = typed.toLowerCase();
  if (!text || !rows.length) return undefined;
  const repeated = text.length > 1 && [...text].every((c) => c === text[0]);
  const needle = repeated ? text[0]! : text;
  const at = rows.findIndex((r) => r.node.id === activeId);
  // A longer prefix may still match the active row; a single letter moves on from it.
  const start = needle.length > 1 ? Math.max(at, 0) : at + 1;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[(start + i) % rows.length]!;
    if (index.lower.get(r.node.id)!.startsWith(needle)) return r.node.id;
  }
  return undefined;
}
