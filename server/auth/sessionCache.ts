import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import type { SocketBus } from '../push/bus';
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
 */
export class SessionCache {
  private readonly byUser = new Map<number, Session>();
  /** bumped by every invalidation: a load that began before one must not be cached after it */
  private generation = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly permissionCheck: boolean,
    bus: SocketBus,
  ) {
    this.unsubscribe = bus.subscribe(() => this.clear());
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

  /** A user logged in: their next request reads the store again. */
  forget(userId: number): void {
    this.byUser.delete(userId);
    this.generation++;
  }

  clear(): void {
    this.byUser.clear();
    this.generation++;
  }

  close(): void {
    this.unsubscribe();
    this.clear();
  }
}
