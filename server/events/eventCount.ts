import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { EventQuery } from './eventQuery';

/** Totals up to this are counted exactly on every page (a few milliseconds at most). */
export const EXACT_COUNT_CAP = 10_000;
/** A larger total is reused while no event changed, and for this long at most once they do. */
const LARGE_COUNT_TTL_MS = 10_000;
/** Filters whose large totals are remembered (far more than people page through at once). */
const MAX_FILTERS = 500;

/** Event kinds after which a stored event list may have changed. */
const CHANGES_EVENTS = /^(alarm\.|device\.status_changed$|ledger\.)/;

interface Counted {
  n: number;
  version: number;
  at: number;
}

/**
 * The total of an event list page without scanning a million rows on every page: counted exactly up
 * to EXACT_COUNT_CAP (the count stops reading there); a list longer than that is counted once and the
 * total kept per filter (the count's own SQL and parameters) until an event changes the stored
 * events — and then still for up to LARGE_COUNT_TTL_MS, so a busy fleet raising alarms every second
 * does not recount half a million rows on every page. Such a total may lag by that much.
 */
export class EventCounter {
  private version = 0;
  private readonly large = new Map<string, Counted>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly now: () => number = Date.now,
  ) {
    app.eventLog.onEvent((ev) => {
      if (CHANGES_EVENTS.test(ev.kind)) this.version++;
    });
  }

  async count(q: EventQuery): Promise<number> {
    const counting = q.select((eb) => eb.fn.countAll<number>().as('n'));
    const compiled = counting.compile();
    const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    const known = this.large.get(key);
    const now = this.now();
    if (known && (known.version === this.version || now - known.at < LARGE_COUNT_TTL_MS)) return known.n;
    const capped = await this.app.db
      .selectFrom(
        q
          .select(sql<number>`1`.as('one'))
          .limit(EXACT_COUNT_CAP + 1)
          .as('capped'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(capped.n) <= EXACT_COUNT_CAP) return Number(capped.n);
    const version = this.version;
    const exact = Number((await counting.executeTakeFirstOrThrow()).n);
    if (this.large.size >= MAX_FILTERS) this.large.delete(this.large.keys().next().value!);
    this.large.set(key, { n: exact, version, at: now });
    return exact;
  }
}
