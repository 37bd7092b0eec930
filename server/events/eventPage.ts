import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { PecEvent, eventListBody } from '../../domain/telemetry';
import { errors } from '../errors';
import { tx } from '../text/text';
import { isDefaultOrder, newerThan, olderThan, ordered, pageIds, rowsOf, type EventPosition, type EventQuery } from './eventQuery';

/**
 * Event list pages by keyset. Each page in the default order (eventtime desc, id desc) answers a
 * cursor: its index, its first and last row's (eventtime, id) and a key of the filter and page size it
 * belongs to. A client sending it back with the next request gets the page after (index + 1), before
 * (index − 1) or the same page again by a range read on the (scope, eventtime) index just past that
 * row, so page 1,000 costs what page 2 does; new events arriving meanwhile, or rows leaving the filter
 * (confirmed while the list shows only unconfirmed ones), neither repeat nor skip a row as an OFFSET
 * would. The page index stays the spec's contract (`page: {index, limit}`): without a cursor, with a
 * cursor of another filter or page size, for a jump to any other page, for page 0 (always the newest
 * rows) and under a column sort, the page is read by OFFSET over the same covering index — exactly
 * what it was before, the ids alone skipped in the index.
 */
export type EventListBody = z.infer<typeof eventListBody>;

/** How a page was read (for the bench and the log; the answer is the same shape whatever it was). */
export type PagedBy = 'offset' | 'next' | 'previous' | 'same';

interface Cursor {
  key: string;
  index: number;
  first: EventPosition;
  last: EventPosition;
}

/** The filter (its scoped SQL and parameters) and the page size a cursor belongs to. */
function pageKey(q: EventQuery, limit: number): string {
  const c = q.select('peceventextend.id').compile();
  return createHash('sha256')
    .update(`${c.sql}\u0000${JSON.stringify(c.parameters)}\u0000${limit}`)
    .digest('base64url')
    .slice(0, 16);
}

function encode(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.key, c.index, c.first.eventtime, c.first.id, c.last.eventtime, c.last.id])).toString('base64url');
}

const badCursor = () =>
  errors.BAD_REQUEST(
    tx(
      'page.cursor 无效：须原样回传上一页答复中的 cursor',
      'page.cursor is invalid: send back the cursor of the previous answer as it came',
    ),
  );

function decode(s: string): Cursor {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (
    !Array.isArray(v) ||
    v.length !== 6 ||
    typeof v[0] !== 'string' ||
    !v.slice(1).every((n) => Number.isSafeInteger(n) && (n as number) >= 0)
  )
    throw badCursor();
  const [key, index, ft, fi, lt, li] = v as [string, number, number, number, number, number];
  return { key, index, first: { eventtime: ft, id: fi }, last: { eventtime: lt, id: li } };
}

const positionOf = (r: PecEvent): EventPosition => ({ eventtime: r.eventtime, id: r.id });

/** One page of the filtered list, by keyset when the cursor allows it, with the cursor of this page. */
export async function eventPage(
  q: EventQuery,
  body: EventListBody,
  page: { index: number; limit: number; cursor?: string | undefined },
): Promise<{ rows: PecEvent[]; cursor?: string; by: PagedBy }> {
  const { index, limit } = page;
  if (!isDefaultOrder(body)) return { rows: await rowsOf(q, await pageIds(ordered(q, body), limit, index * limit)), by: 'offset' };
  const key = pageKey(q, limit);
  const from = page.cursor === undefined ? undefined : decode(page.cursor);
  let ids: number[] | undefined;
  let by: PagedBy = 'offset';
  if (from && from.key === key && index > 0) {
    if (index === from.index + 1) {
      ids = await pageIds(ordered(olderThan(q, from.last), body), limit);
      by = 'next';
    } else if (index === from.index) {
      ids = await pageIds(ordered(olderThan(q, { eventtime: from.first.eventtime, id: from.first.id + 1 }), body), limit);
      by = 'same';
    } else if (index === from.index - 1) {
      const before = newerThan(q, from.first).orderBy('peceventextend.eventtime', 'asc').orderBy('peceventextend.id', 'asc');
      ids = (await pageIds(before, limit)).reverse();
      // Fewer rows than a page above it: the list above shrank (rows left the filter); count it afresh.
      if (ids.length < limit) ids = undefined;
      else by = 'previous';
    }
  }
  ids ??= await pageIds(ordered(q, body), limit, index * limit);
  const rows = await rowsOf(q, ids);
  if (!rows.length) return { rows, by };
  return { rows, by, cursor: encode({ key, index, first: positionOf(rows[0]!), last: positionOf(rows[rows.length - 1]!) }) };
}
