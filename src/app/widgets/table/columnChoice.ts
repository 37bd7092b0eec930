/**
 * Which optional columns of a table a user shows (issue 30: the event table's 确认状态 and 操作 fell off
 * a 1366 screen). Each optional column has a priority; until the user chooses, the columns that fit the
 * table's width are shown in priority order. A choice is remembered per user and table in this browser.
 */
export interface OptionalColumn {
  id: string;
  width: number;
  /** lower shows first when the width is short */
  priority: number;
}

const keyOf = (table: string, userId: number | null) => `vg.columns.${table}.${userId ?? 'anon'}`;

export function savedChoice(table: string, userId: number | null): string[] | null {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(keyOf(table, userId)) ?? 'null');
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : null;
  } catch {
    return null;
  }
}

export function saveChoice(table: string, userId: number | null, ids: readonly string[] | null): void {
  if (ids === null) localStorage.removeItem(keyOf(table, userId));
  else localStorage.setItem(keyOf(table, userId), JSON.stringify(ids));
}

/** The optional columns that fit `room` (px left after the fixed columns), taken by priority. */
export function columnsThatFit(optional: readonly OptionalColumn[], room: number): string[] {
  const shown = new Set<string>();
  let left = room;
  for (const c of [...optional].sort((a, b) => a.priority - b.priority)) {
    if (c.width > left) continue;
    shown.add(c.id);
    left -= c.width;
  }
  return optional.filter((c) => shown.has(c.id)).map((c) => c.id);
}
