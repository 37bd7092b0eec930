import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';

/** 256 random bits; only the sha256 of a token is stored, so a leaked database holds no usable token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class TokenStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(userId: number): Promise<string> {
    const token = newToken();
    const at = this.now();
    await this.db
      .insertInto('auth_token')
      .values({ tokenHash: tokenHash(token), userId, createdAt: at, expiresAt: at + this.ttlMs, revokedAt: null })
      .execute();
    return token;
  }

  /** Returns the user id of a live token and slides its expiry; undefined when unknown, expired or revoked. */
  async verify(token: string): Promise<number | undefined> {
    if (!token || token.length > 200) return undefined;
    const hash = tokenHash(token);
    const row = await this.db.selectFrom('auth_token').selectAll().where('tokenHash', '=', hash).executeTakeFirst();
    const at = this.now();
    if (!row || row.revokedAt !== null || row.expiresAt <= at) return undefined;
    // Writing on every request would make reads into writes; a minute of slack is plenty for a 12 h window.
    if (row.expiresAt - at < this.ttlMs - 60_000) {
      await this.db
        .updateTable('auth_token')
        .set({ expiresAt: at + this.ttlMs })
        .where('tokenHash', '=', hash)
        .execute();
    }
    return row.userId;
  }

  async revoke(token: string): Promise<void> {
    await this.db
      .updateTable('auth_token')
      .set({ revokedAt: this.now() })
      .where('tokenHash', '=', tokenHash(token))
      .where('revokedAt', 'is', null)
      .execute();
  }

  async revokeAllOf(userId: number, exceptToken?: string): Promise<void> {
    let q = this.db.updateTable('auth_token').set({ revokedAt: this.now() }).where('userId', '=', userId).where('revokedAt', 'is', null);
    if (exceptToken) q = q.where('tokenHash', '!=', tokenHash(exceptToken));
    await q.execute();
  }

  async purgeExpired(): Promise<void> {
    await this.db
      .deleteFrom('auth_token')
      .where('expiresAt', '<', this.now() - 7 * 24 * 3600_000)
      .execute();
  }
}
