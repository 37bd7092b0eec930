import type { Kysely, Selectable } from 'kysely';
import type { Database, EventLogTable } from '../store/schema';
import type { DomainEvent } from '../eventLog/eventLog';

/** The stored row of an event as the event it was when published. */
function eventOfRow(r: Selectable<EventLogTable>): DomainEvent {
  return { ...r, payload: JSON.parse(r.payload) as unknown };
}

/**
 * Puts the events of every instance into one order: the database's sequence. Events arrive from this
 * instance (after its commit) and from the others (over the cluster bus), in any order and sometimes
 * not at all (an instance killed between commit and publish, a bus hiccup). They are handed on
 * strictly by sequence number, each once.
 *
 * The event log commits in sequence order (server/eventLog/eventLog.ts): once seq N is committed, every
 * lower number is committed too or never will be. So a gap is settled by reading the log: whatever is
 * there after the last delivered number is delivered, and numbers below the highest one read that are
 * still missing are holes left by rolled-back transactions. A short wait first lets a late message
 * close the gap without a query; a periodic read catches events whose message never came.
 */
export class EventSequencer {
  private head: number;
  private readonly early = new Map<number, DomainEvent>();
  private gapTimer: NodeJS.Timeout | null = null;
  private filling: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    head: number,
    private readonly deliver: (ev: DomainEvent) => void,
    private readonly onError: (err: unknown) => void,
    private readonly gapWaitMs = 25,
  ) {
    this.head = head;
  }

  headSeq(): number {
    return this.head;
  }

  offer(ev: DomainEvent): void {
    if (this.closed || ev.seq <= this.head || this.early.has(ev.seq)) return;
    this.early.set(ev.seq, ev);
    this.drain();
    if (this.early.size && !this.gapTimer && !this.filling) {
      this.gapTimer = setTimeout(() => {
        this.gapTimer = null;
        void this.catchUp();
      }, this.gapWaitMs);
      this.gapTimer.unref();
    }
  }

  /** Reads the log after the last delivered number and delivers what is there (one read at a time). */
  catchUp(): Promise<void> {
    this.filling ??= this.fill()
      .catch(this.onError)
      .finally(() => {
        this.filling = null;
        if (this.early.size && !this.closed) this.offerAgain();
      });
    return this.filling;
  }

  close(): void {
    this.closed = true;
    if (this.gapTimer) clearTimeout(this.gapTimer);
    this.early.clear();
  }

  private offerAgain(): void {
    this.drain();
    if (this.early.size && !this.gapTimer) {
      this.gapTimer = setTimeout(() => {
        this.gapTimer = null;
        void this.catchUp();
      }, this.gapWaitMs);
      this.gapTimer.unref();
    }
  }

  private drain(): void {
    for (;;) {
      const next = this.early.get(this.head + 1);
      if (!next) return;
      this.early.delete(next.seq);
      this.head = next.seq;
      this.hand(next);
    }
  }

  private hand(ev: DomainEvent): void {
    try {
      this.deliver(ev);
    } catch (err) {
      this.onError(err);
    }
  }

  private async fill(): Promise<void> {
    for (;;) {
      const rows = await this.db.selectFrom('event_log').selectAll().where('seq', '>', this.head).orderBy('seq').limit(1000).execute();
      if (this.closed || rows.length === 0) return;
      for (const r of rows) if (!this.early.has(r.seq)) this.early.set(r.seq, eventOfRow(r));
      const upTo = rows[rows.length - 1]!.seq;
      // Everything up to upTo is settled: deliver in order, stepping over holes.
      const ready = [...this.early.keys()].filter((s) => s <= upTo).sort((a, b) => a - b);
      for (const s of ready) {
        if (s <= this.head) continue;
        const ev = this.early.get(s)!;
        this.early.delete(s);
        this.head = s;
        this.hand(ev);
      }
      this.drain();
      if (rows.length < 1000) return;
    }
  }
}
