import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';

/** How long a login nonce may wait for its login. */
export const NONCE_TTL_MS = 2 * 60_000;

/**
 * One-time login nonces (docs/security.md "Login"): issued for a user name, spent by the first login
 * that names them, whatever its outcome, and gone after two minutes. Kept in the database so a login
 * may land on another server of a scaled-out installation than the one that issued its nonce.
 */
export class LoginNonces {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(userName: string): Promise<{ nonce: string; expiresAt: number }> {
    const at = this.now();
    const nonce = randomBytes(16).toString('hex');
    const expiresAt = at + NONCE_TTL_MS;
    await this.db.deleteFrom('login_nonce').where('expiresAt', '<=', at).execute();
    await this.db.insertInto('login_nonce').values({ nonce, userName, expiresAt }).execute();
    return { nonce, expiresAt };
  }

  /** True once for a live nonce issued to this user name; the nonce is gone afterwards either way. */
  async spend(nonce: string, userName: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('login_nonce').selectAll().where('nonce', '=', nonce).executeTakeFirst();
      if (!row) return false;
      await trx.deleteFrom('login_nonce').where('nonce', '=', nonce).execute();
      return row.userName === userName && Number(row.expiresAt) > this.now();
    });
  }
}
