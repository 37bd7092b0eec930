import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { WEB_CLIENT, type LoginClient, type RevokeReason } from '../../domain/socketProtocol';
import type { SocketBus } from './sessionBus';
import type { Store } from '../store/storeTypes';
import { keepsInstead, type UnwrittenLog } from '../store/refusesWrites';

/** 256 random bits; only the sha256 of a token is stored, so a leaked database holds no usable token. */
function newToken(): string {
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

/** Tokens this instance holds in memory while the store refuses writes; past it, the store's fault is answered. */
const MAX_IN_MEMORY = 20_000;

/**
 * Login tokens with a sliding expiry. Every revocation also goes out on the socket bus after it is
 * written, so open sockets of the revoked sessions are told and closed at once (issue 13).
 *
 * While the store refuses writes (a full or read-only disk, issue 34) a login on a single instance
 * still gets a token: one that cannot be stored, and any change the store refuses (a slid expiry, a revocation), is kept in
 * memory and read before the store, so the token works — and a logout ends it — on this instance until
 * it restarts (docs/deploy.md).
 */
export class TokenStore {
  /** token hash → its state, for what the store refused to write; read before the store */
  private readonly inMemory = new Map<string, TokenState & { client: string }>();

  constructor(
    private readonly db: Kysely<Database>,
    readonly ttlMs: number,
    private readonly bus: SocketBus | null = null,
    private readonly now: () => number = Date.now,
    lookup?: TokenLookup,
    /** what a login does when the store refuses its writes: kept here (one instance) or null (refused) */
    readonly unwritten: UnwrittenLog | null = null,
  ) {
    const stored: TokenLookup =
      lookup ??
      ((hash) =>
        this.db.selectFrom('auth_token').select(['userId', 'expiresAt', 'revokedAt']).where('tokenHash', '=', hash).executeTakeFirst());
    this.lookup = async (hash) => this.inMemory.get(hash) ?? stored(hash);
  }

  private readonly lookup: TokenLookup;

  async issue(userId: number, client: LoginClient = WEB_CLIENT): Promise<string> {
    const token = newToken();
    const at = this.now();
    const row = { tokenHash: tokenHash(token), userId, createdAt: at, expiresAt: at + this.ttlMs, revokedAt: null, client };
    try {
      await this.db.insertInto('auth_token').values(row).execute();
    } catch (err) {
      if (!keepsInstead(this.unwritten, err)) throw err;
      this.forgetEnded(at);
      if (this.inMemory.size >= MAX_IN_MEMORY) throw err;
      this.unwritten('login token kept in memory: valid on this instance until it restarts', err);
      this.inMemory.set(row.tokenHash, row);
    }
    return token;
  }

  /** Tokens held in memory that ended a week ago go, like purgeExpired's rows. */
  private forgetEnded(at: number): void {
    for (const [hash, t] of this.inMemory) if (t.expiresAt < at - 7 * 24 * 3600_000) this.inMemory.delete(hash);
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
      const held = this.inMemory.get(hash);
      if (held) held.expiresAt = expiresAt;
      else if (await this.refused(() => this.db.updateTable('auth_token').set({ expiresAt }).where('tokenHash', '=', hash).execute()))
        return { userId: row.userId, expiresAt: row.expiresAt }; // not slid: it ends at its stored expiry
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

  /** Runs a write; true when the store refused it (logged), other failures thrown. */
  private async refused(write: () => Promise<unknown>): Promise<boolean> {
    try {
      await write();
      return false;
    } catch (err) {
      if (!keepsInstead(this.unwritten, err)) throw err;
      this.unwritten('token change not stored', err);
      return true;
    }
  }

  async revoke(token: string, reason: RevokeReason = 'logout'): Promise<void> {
    const hash = tokenHash(token);
    const at = this.now();
    const held = this.inMemory.get(hash);
    if (held) held.revokedAt ??= at;
    else {
      const write = () =>
        this.db.updateTable('auth_token').set({ revokedAt: at }).where('tokenHash', '=', hash).where('revokedAt', 'is', null).execute();
      const row = (await this.refused(write)) ? await this.lookup(hash) : undefined;
      // a logout the store refused still ends the token here
      if (row) this.inMemory.set(hash, { ...row, revokedAt: row.revokedAt ?? at, client: '' });
    }
    this.bus?.publish({ type: 'session.check', scope: { tokenHashes: [hash] }, reason });
  }

  async revokeAllOf(userId: number, reason: RevokeReason, exceptToken?: string): Promise<void> {
    const except = exceptToken && tokenHash(exceptToken);
    for (const [hash, t] of this.inMemory) if (t.userId === userId && hash !== except) t.revokedAt ??= this.now();
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
    const at = this.now();
    const ended: { tokenHash: string }[] = [];
    for (const [hash, t] of this.inMemory)
      if (t.userId === userId && t.client === WEB_CLIENT && hash !== keep && t.revokedAt === null && t.expiresAt > at) {
        t.revokedAt = at;
        ended.push({ tokenHash: hash });
      }
    try {
      ended.push(
        ...(await this.db
          .updateTable('auth_token')
          .set({ revokedAt: at })
          .where('userId', '=', userId)
          .where('client', '=', WEB_CLIENT)
          .where('tokenHash', '!=', keep)
          .where('revokedAt', 'is', null)
          .where('expiresAt', '>', at)
          .returning('tokenHash')
          .execute()),
      );
    } catch (err) {
      // the login goes on; the user's stored web sessions stay open until the store writes again
      if (!keepsInstead(this.unwritten, err)) throw err;
      this.unwritten('older web sessions not ended', err);
    }
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
