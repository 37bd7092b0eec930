/** A table's order: the column it sorts by and the direction; no column = the data's own order. */
export interface SortState {
  by: string | undefined;
  dir: 'asc' | 'desc';
}

export const UNSORTED: SortState = { by: undefined, dir: 'asc' };

/** A click on a header: ascending first, then descending, then back to the data's own order. */
export function nextSort(current: SortState, column: string): SortState {
  if (current.by !== column) return { by: column, dir: 'asc' };
  return current.dir === 'asc' ? { by: column, dir: 'desc' } : UNSORTED;
}

const collator = new Intl.Collator(['zh-CN', 'en'], { numeric: true, sensitivity: 'base' });
const empty = (v: unknown) => v === null || v === undefined || v === '';

/**
 * Order of two cell values: numbers (and dates) by value, text by the zh-CN collation with numbers in
 * it compared as numbers (2#柜 before 10#柜); empty cells go last whatever the direction.
 */
export function compareCells(a: unknown, b: unknown, dir: 'asc' | 'desc'): number {
  if (empty(a) || empty(b)) return empty(a) === empty(b) ? 0 : empty(a) ? 1 : -1;
  const sign = dir === 'asc' ? 1 : -1;
  const x = a instanceof Date ? a.getTime() : a;
  const y = b instanceof Date ? b.getTime() : b;
  if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
  if (typeof x === 'boolean' && typeof y === 'boolean') return sign * (Number(x) - Number(y));
  return sign * collator.compare(String(x), String(y));
}

/** The rows in the order asked for (a stable sort: equal rows keep the data's order). */
export function sortRows<T>(rows: readonly T[], sort: SortState, valueOf: ((row: T) => unknown) | undefined): readonly T[] {
  if (!sort.by || !valueOf) return rows;
  return rows
    .map((row, i) => ({ row, i, v: valueOf(row) }))
    .sort((p, q) => compareCells(p.v, q.v, sort.dir) || p.i - q.i)
    .map((e) => e.row);
}
