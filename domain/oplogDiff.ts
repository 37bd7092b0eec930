/** One field an operation changed, with its value before and after (undefined: the side did not have it). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields an entry of the operation log changed (issue 30: before/after as an inline diff): for an
 * update the fields it wrote whose values differ, for a creation every field it set, for a removal every
 * field it had. A side that is not an object (a list, a number) is one change of the whole value.
 */
export function changedFields(payload: { before?: unknown; after?: unknown }): FieldChange[] {
  const { before, after } = payload;
  if (before === undefined && after === undefined) return [];
  if (!isRecord(before ?? {}) || !isRecord(after ?? {})) return same(before, after) ? [] : [{ field: '', before, after }];
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  // An update's `before` is often the whole stored row and its `after` the fields written: the fields only
  // in `before` (id, tenant) are context, not changes.
  const fields = after === undefined ? Object.keys(b) : Object.keys(a);
  return fields.filter((f) => !same(b[f], a[f])).map((field) => ({ field, before: b[field], after: a[field] }));
}

/** A field's value as the log shows it: text as written, anything else as JSON, nothing as --. */
export function fieldValueText(v: unknown): string {
  if (v === undefined || v === null || v === '') return '--';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The changes in one line, for a table cell: name: 日志组 → 日志组2; users: [1] → [1,2]. */
export function changesLine(changes: readonly FieldChange[]): string {
  return changes
    .map(
      (c) => `${c.field ? `${c.field}: ` : ''}${c.before === undefined ? '' : `${fieldValueText(c.before)} → `}${fieldValueText(c.after)}`,
    )
    .join('; ');
}
