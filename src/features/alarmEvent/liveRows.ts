import type { PecEvent } from '../../../domain/telemetry';

/** Pushed kinds that touch the event table (raised adds a row; the others change one). */
export const EVENT_PUSH_KINDS = new Set(['alarm.raised', 'alarm.ended', 'alarm.confirmed', 'alarm.remarked', 'alarm.escalated']);

export { eventIdOf } from '../../../streams/alarmStreams';

export interface Merge {
  rows: PecEvent[];
  /** rows inserted above the existing ones (the screen keeps the scroll position by that much) */
  added: number;
}

/**
 * Folds fresh copies of events into the page: a known id is replaced in place (confirmed or remarked
 * elsewhere), an unknown one is new and goes on top, newest first. The server already checked that
 * each fresh row matches the current filters.
 */
export function mergeRows(current: readonly PecEvent[], fresh: readonly PecEvent[]): Merge {
  const byId = new Map(fresh.map((r) => [r.id, r]));
  const known = new Set(current.map((r) => r.id));
  const rows = current.map((r) => byId.get(r.id) ?? r);
  const top = fresh.filter((r) => !known.has(r.id)).sort((a, b) => b.eventtime - a.eventtime || b.id - a.id);
  return { rows: top.length ? [...top, ...rows] : rows, added: top.length };
}
