import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { keepsInstead, type UnwrittenLog } from '../store/refusesWrites';

/** How long a login nonce may wait for its login. */
const NONCE_TTL_MS = 2 * 60_000;

/** Nonces this instance holds in memory while the store refuses writes; past it, the store's fault is answered. */
const MAX_IN_MEMORY = 10_000;

/**
 * One-time login nonces (docs/security.md "Login"): issued for a user name, spent by the first login
 * that names them, whatever its outcome, and gone after two minutes. Kept in the database so a login
 * may land on another server of a scaled-out installation than the one that issued its nonce.
 *
 * While the store refuses writes (a full or read-only disk) a login must still work on a single
 * instance (issue 34): a nonce that cannot be stored is kept here, and a stored nonce that cannot be deleted is
 * remembered here as spent, so it still counts once.
 */
export class LoginNonces {
  /** nonce → its user name and expiry, issued while the store refused the insert */
  private readonly kept = new Map<string, { userName: string; expiresAt: number }>();
  /** stored nonces spent while the store refused their delete → their expiry */
  private readonly spentUnwritten = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
    private readonly unwritten: UnwrittenLog | null = null,
  ) {}

  async issue(userName: string): Promise<{ nonce: string; expiresAt: number }> {
    const at = this.now();
    const nonce = randomBytes(16).toString('hex');
    const expiresAt = at + NONCE_TTL_MS;
    this.forgetExpired(at);
    try {
      await this.db.deleteFrom('login_nonce').where('expiresAt', '<=', at).execute();
      await this.db.insertInto('login_nonce').values({ nonce, userName, expiresAt }).execute();
    } catch (err) {
      if (!keepsInstead(this.unwritten, err) || this.kept.size >= MAX_IN_MEMORY) throw err;
      this.unwritten('login nonce kept in memory', err);
      this.kept.set(nonce, { userName, expiresAt });
    }
    return { nonce, expiresAt };
  }

  /** True once for a live nonce issued to this user name; the nonce is gone afterwards either way. */
  async spend(nonce: string, userName: string): Promise<boolean> {
    const kept = this.kept.get(nonce);
    if (kept) {
      this.kept.delete(nonce);
      return kept.userName === userName && kept.expiresAt > this.now();
    }
    if (this.spentUnwritten.has(nonce)) return false;
    try {
      return await this.db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('login_nonce').selectAll().where('nonce', '=', nonce).executeTakeFirst();
        if (!row) return false;
        await trx.deleteFrom('login_nonce').where('nonce', '=', nonce).execute();
        return row.userName === userName && Number(row.expiresAt) > this.now();
      });
    } catch (err) {
      if (!keepsInstead(this.unwritten, err)) throw err;
      const row = await this.db.selectFrom('login_nonce').selectAll().where('nonce', '=', nonce).executeTakeFirst();
      if (!row) return false;
      this.unwritten('spent login nonce remembered in memory', err);
      this.spentUnwritten.set(nonce, Number(row.expiresAt));
      return row.userName === userName && Number(row.expiresAt) > this.now();
    }
  }

  private forgetExpired(at: number): void {
    for (const [nonce, k] of this.kept) if (k.expiresAt <= at) this.kept.delete(nonce);
    // a stored nonce past its expiry is refused by its time anyway
    for (const [nonce, expiresAt] of this.spentUnwritten) if (expiresAt <= at) this.spentUnwritten.delete(nonce);
  }
}
