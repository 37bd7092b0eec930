import type { Expression } from '../../../domain/schemas/query';

/**
 * The /alarmEvent filters and their mapping onto the spec §7 filter expressions. Pure, so the whole
 * mapping is checked as one table in tests/unit/eventFilters.test.ts.
 */
export type StatusChoice = 'all' | 0 | 1; // EVENT_STATUS: ACTIVE 0, END 1, ALL both
export type ConfirmChoice = 'all' | 1 | 3; // EVENT_CONFIRM: UNCONFIRM 1, CONFIRM 3, ALL both

export interface EventFilters {
  /** half-open [start, end) from the shared date selector */
  start: Date;
  end: Date;
  /** EVENT_TYPE ids; empty = every type */
  types: readonly number[];
  /** EVENT_LEVEL ids; empty = every level */
  levels: readonly number[];
  status: StatusChoice;
  confirm: ConfirmChoice;
}

/** A device-tree node the list is scoped to (the route's ?id=&modelLabel=). */
export interface ScopeNode {
  id: number;
  modelLabel: 'province' | 'city' | 'district' | 'project' | 'terminal';
}

/**
 * Chosen values are always IN, one value or several: spec §7 gives customtype and peceventlevel IN
 * only, and IN is one of the two forms of endeventid and confirmeventstatus. None means "no
 * restriction" and sends nothing.
 */
function choice(prop: string, values: readonly number[]): Expression[] {
  const v = [...new Set(values)].sort((a, b) => a - b);
  return v.length === 0 ? [] : [{ prop, operator: 'IN', limit: v }];
}

export function toExpressions(f: EventFilters): Expression[] {
  return [
    { prop: 'eventtime', operator: 'GE', limit: f.start.getTime() },
    { prop: 'eventtime', operator: 'LT', limit: f.end.getTime() },
    ...choice('customtype', f.types),
    ...choice('peceventlevel', f.levels),
    ...(f.status === 'all' ? [] : choice('endeventid', [f.status])),
    ...(f.confirm === 'all' ? [] : choice('confirmeventstatus', [f.confirm])),
  ];
}

export type EventOrder = { propertyLabel: string; orderType: 'asc' | 'desc' }[];
export const EVENT_PAGE_ORDER: EventOrder = [{ propertyLabel: 'eventtime', orderType: 'desc' }];

/** The event/list (and export) body for a page; export ignores the page. A column sort comes first, newest first after it. */
export function listBody(
  f: EventFilters,
  page: { index: number; limit: number; cursor?: string },
  extra: readonly Expression[] = [],
  orders: EventOrder = EVENT_PAGE_ORDER,
) {
  return {
    rootLabel: 'peceventextend' as const,
    rootCondition: { page, filter: { expressions: [...toExpressions(f), ...extra] } },
    orders,
    include_submodel: true,
  };
}

export function scopeQuery(scope: ScopeNode | undefined): string {
  return scope ? `?id=${scope.id}&modelLabel=${scope.modelLabel}` : '';
}
