import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { WEB_CLIENT, type LoginClient, type RevokeReason } from '../../domain/socketProtocol';
import type { SocketBus } from '../push/bus';
import type { Store } from '../store/storeTypes';

/** 256 random bits; only the sha256 of a token is stored, so a leaked database holds no usable token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface LiveToken {
  userId: number;
  expiresAt: number;
}

interface TokenState {
  userId: number;
  expiresAt: number;
  revokedAt: number | null;
}

/** Reads a token's state by its hash: every authenticated request does this once. */
export type TokenLookup = (hash: string) => Promise<TokenState | undefined>;

/**
 * The per-request token read: on SQLite one statement prepared once (Kysely would build and compile
 * the query on every request, several times the cost of the read itself); on PostgreSQL the query's
 * round trip dominates, so it goes through Kysely like everything else.
 */
export function tokenLookup(store: Store): TokenLookup | undefined {
  if (store.dialect !== 'sqlite') return undefined;
  // Without taking Kysely's connection lock: one single-row read, and tokens are only ever written by
  // single statements outside transactions, so it reads what is committed without waiting on ingest.
  const read = store.sqlite.prepare<[string], TokenState>(
    'select "userId", "expiresAt", "revokedAt" from auth_token where "tokenHash" = ?',
  );
  return async (hash) => read.get(hash);
}

/**
 * Login tokens with a sliding expiry. Every revocation also goes out on the socket bus after it is
 * written, so open sockets of the revoked sessions are told and closed at once (issue 13).
 */
export class TokenStore {
  constructor(
    private readonly db: Kysely<Database>,
    readonly ttlMs: number,
    private readonly bus: SocketBus | null = null,
    private readonly now: () => number = Date.now,
    lookup?: TokenLookup,
  ) {
    this.lookup =
      lookup ??
      ((hash) =>
        this.db.selectFrom('auth_token').select(['userId', 'expiresAt', 'revokedAt']).where('tokenHash', '=', hash).executeTakeFirst());
  }

  private readonly lookup: TokenLookup;

  async issue(userId: number, client: LoginClient = WEB_CLIENT): Promise<string> {
    const token = newToken();
    const at = this.now();
    await this.db
      .insertInto('auth_token')
      .values({ tokenHash: tokenHash(token), userId, createdAt: at, expiresAt: at + this.ttlMs, revokedAt: null, client })
      .execute();
    return token;
  }

  /** Returns the user id of a live token and slides its expiry; undefined when unknown, expired or revoked. */
  async verify(token: string): Promise<number | undefined> {
    return (await this.verifyFull(token))?.userId;
  }

  /** As verify, with the (possibly slid) expiry the socket layer schedules its re-check by. */
  async verifyFull(token: string): Promise<LiveToken | undefined> {
    if (!token || token.length > 200) return undefined;
    const hash = tokenHash(token);
    const row = await this.lookup(hash);
    const at = this.now();
    if (!row || row.revokedAt !== null || row.expiresAt <= at) return undefined;
    // Writing on every request would make reads into writes; a minute of slack is plenty for a 12 h window.
    if (row.expiresAt - at < this.ttlMs - 60_000) {
      const expiresAt = at + this.ttlMs;
      await this.db.updateTable('auth_token').set({ expiresAt }).where('tokenHash', '=', hash).execute();
      return { userId: row.userId, expiresAt };
    }
    return { userId: row.userId, expiresAt: row.expiresAt };
  }

  /** The state of a token by its hash without sliding it: what an open socket re-checks. */
  async check(hash: string): Promise<LiveToken | undefined> {
    const row = await this.lookup(hash);
    if (!row || row.revokedAt !== null || row.expiresAt <= this.now()) return undefined;
    return { userId: row.userId, expiresAt: row.expiresAt };
  }

  async revoke(token: string, reason: RevokeReason = 'logout'): Promise<void> {
    const hash = tokenHash(token);
    await this.db
      .updateTable('auth_token')
      .set({ revokedAt: this.now() })
      .where('tokenHash', '=', hash)
      .where('revokedAt', 'is', null)
      .execute();
    this.bus?.publish({ type: 'session.check', scope: { tokenHashes: [hash] }, reason });
  }

  async revokeAllOf(userId: number, reason: RevokeReason, exceptToken?: string): Promise<void> {
    let q = this.db.updateTable('auth_token').set({ revokedAt: this.now() }).where('userId', '=', userId).where('revokedAt', 'is', null);
    if (exceptToken) q = q.where('tokenHash', '!=', tokenHash(exceptToken));
    await q.execute();
    this.bus?.publish({ type: 'session.check', scope: { userIds: [userId] }, reason });
  }

  /**
   * "Logged in elsewhere": a new web login ends the user's older web sessions. Kiosk and API tokens
   * are other clients and stay.
   */
  async revokeOtherWebSessions(userId: number, keepToken: string): Promise<number> {
    const keep = tokenHash(keepToken);
    const ended = await this.db
      .updateTable('auth_token')
      .set({ revokedAt: this.now() })
      .where('userId', '=', userId)
      .where('client', '=', WEB_CLIENT)
      .where('tokenHash', '!=', keep)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', this.now())
      .returning('tokenHash')
      .execute();
    if (ended.length)
      this.bus?.publish({ type: 'session.check', scope: { tokenHashes: ended.map((r) => r.tokenHash) }, reason: 'logged_in_elsewhere' });
    return ended.length;
  }

  async purgeExpired(): Promise<void> {
    await this.db
      .deleteFrom('auth_token')
      .where('expiresAt', '<', this.now() - 7 * 24 * 3600_000)
      .execute();
  }
}
