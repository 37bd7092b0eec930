import type { Expression } from '../../../domain/schemas/query';
import type { PecEvent } from '../../../domain/telemetry';
import { api, request } from '../../app/api/client';
import { fetchBlob } from '../../app/api/blob';
import { defaultExportName, saveBlob } from '../../app/widgets/table/exportXlsx';
import { EVENT_PAGE_ORDER, listBody, scopeQuery, type EventFilters, type EventOrder, type ScopeNode } from './filterMapping';

const BASE = '/wisdompower/v1/event';

/**
 * One page. `cursor` is the one the previous page's answer gave: with it the server reads the page
 * after, before or the same one by keyset (no row repeated or skipped when events arrive meanwhile);
 * it ignores a cursor of other filters and reads any page by its index without one.
 */
export async function listEvents(
  f: EventFilters,
  scope: ScopeNode | undefined,
  page: { index: number; limit: number },
  signal?: AbortSignal,
  orders: EventOrder = EVENT_PAGE_ORDER,
  cursor?: string,
) {
  const body = listBody(f, cursor ? { ...page, cursor } : page, [], orders);
  const r = await request<PecEvent[]>('POST', `${BASE}/list${scopeQuery(scope)}`, body, { read: true, signal });
  return { rows: r.data, total: r.total ?? r.data.length, cursor: r.cursor };
}

/**
 * Fresh copies of some events for live updates, in the background. With filters, only those that match
 * them come back (the server is the one judge of a match); without, every id the caller may see.
 */
export async function eventsById(ids: readonly number[], f?: EventFilters, scope?: ScopeNode): Promise<PecEvent[]> {
  if (!ids.length) return [];
  const idIn: Expression = { prop: 'id', operator: 'IN', limit: [...ids] };
  const page = { index: 0, limit: ids.length };
  const body = f ? listBody(f, page, [idIn]) : { rootLabel: 'peceventextend', rootCondition: { page, filter: { expressions: [idIn] } } };
  const r = await request<PecEvent[]>('POST', `${BASE}/list${f ? scopeQuery(scope) : ''}`, body, {
    background: true,
    quiet: true,
    read: true,
  });
  return r.data;
}

/** Confirm: the server stamps operator and updatetime from the session. */
export { confirmEvents } from '../../app/api/eventConfirm';

export const remarkEvents = (ids: readonly number[], remark: string) =>
  api.post<{ updated: number }>(
    `${BASE}/save`,
    ids.map((id) => ({ id, remark })),
  );

/** The whole filtered set (not the page) as 表格导出.xlsx, streamed by the server. */
export async function exportEvents(f: EventFilters, scope: ScopeNode | undefined, orders: EventOrder = EVENT_PAGE_ORDER): Promise<void> {
  const blob = await fetchBlob(`${BASE}/export/list${scopeQuery(scope)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(listBody(f, { index: 0, limit: 100 }, [], orders)),
  });
  saveBlob(blob, `${defaultExportName()}.xlsx`);
}
