import type pg from 'pg';
import type { Store } from '../store/db';
import { advisoryKey, LOCK } from '../store/locks';

/** Whether this instance runs the periodic jobs now. */
export interface Leadership {
  isLeader(): boolean;
  close(): Promise<void>;
}

/** One process on SQLite: always the one. */
export const soleInstance: Leadership = { isLeader: () => true, close: async () => undefined };

/**
 * The periodic jobs run on exactly one instance: the one holding a session-level PostgreSQL advisory
 * lock on a connection of its own. Every instance tries for it every `pollMs`; the holder checks its
 * connection just as often and steps down when it fails. When the holder dies (even kill -9) its
 * connection closes and PostgreSQL releases the lock, so another instance takes over within `pollMs`.
 */
export class AdvisoryLeadership implements Leadership {
  private client: pg.Client | null = null;
  private leader = false;
  private timer: NodeJS.Timeout | null = null;
  private busy: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly pollMs: number,
    private readonly onChange: (leader: boolean) => void = () => undefined,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  async start(): Promise<this> {
    await this.poll();
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
    return this;
  }

  isLeader(): boolean {
    return this.leader;
  }

  private poll(): Promise<void> {
    this.busy ??= this.tick().finally(() => (this.busy = null));
    return this.busy;
  }

  private async tick(): Promise<void> {
    if (this.closed) return;
    try {
      if (!this.client) {
        const c = this.store.newClient();
        c.on('error', () => this.drop());
        await c.connect();
        this.client = c;
      }
      const { namespace, id } = advisoryKey(LOCK.LEADER);
      if (this.leader) {
        await this.client.query('select 1');
      } else {
        const r = await this.client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::int4, $2::int4) as ok', [namespace, id]);
        if (r.rows[0]?.ok && !this.closed) this.set(true);
      }
    } catch (err) {
      this.onError(err);
      this.drop();
    }
  }

  /** The connection is gone, and with it the lock. */
  private drop(): void {
    const c = this.client;
    this.client = null;
    if (c) void c.end().catch(() => undefined);
    this.set(false);
  }

  private set(leader: boolean): void {
    if (this.leader === leader) return;
    this.leader = leader;
    this.onChange(leader);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.busy;
    const c = this.client;
    this.client = null;
    this.leader = false;
    // Ending the session releases the lock at once; the next instance takes over at its next poll.
    if (c) await c.end().catch(() => undefined);
  }
}
