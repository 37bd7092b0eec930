import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import type { SocketBus } from './sessionBus';
import type { EventLog } from '../eventLog/eventLog';
import { loadSession, type Session } from './access';

/** A bound on the cache, far above the users of one deployment; past it the cache starts over. */
const MAX_USERS = 20_000;

/**
 * Sessions by user id for the per-request guard and the socket handshake: building one reads the
 * user, its role, its served projects and their tenants (four queries), which would otherwise run on
 * every request. The token itself is still checked on every request (server/auth/tokens.ts), so an
 * expired or revoked token is refused at once whatever is cached here.
 *
 * What a session holds changes only through writes that announce themselves on the socket bus:
 * revocations (logout, password change, disabling, "logged in elsewhere") and the session-changing
 * domain events (user, role, tenant and project changes; server/auth/revocation.ts). Every bus
 * message empties the cache at once, before the next request is read — on every instance, since the
 * bus carries them all (cluster mode). A login starts from the store as well.
 *
 * It also keeps the signed-in user's own record as `GET /auth/v1/user` answers it (roles, groups,
 * node names): emptied as well by every committed event about users, groups, roles, tenants or the
 * ledger (a project's name), every instance hearing every event.
 */
/** Event kinds that may change a user's session or record. */
const TOUCHES_USERS = /^(user|usergroup|role|tenant|ledger)\./;

export class SessionCache {
  private readonly byUser = new Map<number, Session>();
  private readonly records = new Map<number, unknown>();
  /** bumped by every invalidation: a load that began before one must not be cached after it */
  private generation = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly permissionCheck: boolean,
    bus: SocketBus,
    events: EventLog,
  ) {
    const stopBus = bus.subscribe(() => this.clear());
    const stopEvents = events.onEvent((ev) => TOUCHES_USERS.test(ev.kind) && this.clear());
    this.unsubscribe = () => {
      stopBus();
      stopEvents();
    };
  }

  /** The session of a user whose token was just verified; null when the user is gone or disabled. */
  async get(userId: number): Promise<Session | null> {
    const hit = this.byUser.get(userId);
    if (hit) return hit;
    const generation = this.generation;
    const session = await loadSession(this.db, userId, this.permissionCheck);
    if (session && generation === this.generation) {
      if (this.byUser.size >= MAX_USERS) this.byUser.clear();
      this.byUser.set(userId, session);
    }
    return session;
  }

  /** The user's own record, read by `load` unless cached since the last change. */
  async record<T>(userId: number, load: () => Promise<T>): Promise<T> {
    if (this.records.has(userId)) return this.records.get(userId) as T;
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && generation === this.generation) {
      if (this.records.size >= MAX_USERS) this.records.clear();
      this.records.set(userId, value);
    }
    return value;
  }

  /** A user logged in: their next request reads the store again. */
  forget(userId: number): void {
    this.byUser.delete(userId);
    this.records.delete(userId);
    this.generation++;
  }

  clear(): void {
    this.byUser.clear();
    this.records.clear();
    this.generation++;
  }

  close(): void {
    this.unsubscribe();
    this.clear();
  }
}
