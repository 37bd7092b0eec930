import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

/**
 * Five failed logins for one user name from one source address within 15 minutes lock that name for
 * that address for 15 minutes. Other addresses are not affected, so nobody can lock root out for
 * everyone; each address is also throttled (docs/security.md).
 */
export class LoginLockout {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Remaining lock in ms, or 0. */
  async lockedFor(userName: string, source: string): Promise<number> {
    const row = await this.db
      .selectFrom('login_source_lock')
      .select('lockedUntil')
      .where('userName', '=', userName)
      .where('source', '=', source)
      .executeTakeFirst();
    const left = row ? Number(row.lockedUntil) - this.now() : 0;
    return left > 0 ? left : 0;
  }

  /** Records a failure; returns true when this failure locked the name for this source. */
  async recordFailure(userName: string, source: string): Promise<boolean> {
    const at = this.now();
    return this.db.transaction().execute(async (trx) => {
      await trx.insertInto('login_failure').values({ userName, source, at }).execute();
      const { n } = await trx
        .selectFrom('login_failure')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userName', '=', userName)
        .where('source', '=', source)
        .where('at', '>', at - WINDOW_MS)
        .executeTakeFirstOrThrow();
      if (Number(n) < MAX_FAILURES) return false;
      await trx.deleteFrom('login_source_lock').where('userName', '=', userName).where('source', '=', source).execute();
      await trx
        .insertInto('login_source_lock')
        .values({ userName, source, lockedUntil: at + LOCK_MS })
        .execute();
      await trx.deleteFrom('login_failure').where('userName', '=', userName).where('source', '=', source).execute();
      return true;
    });
  }

  async clear(userName: string, source: string): Promise<void> {
    await this.db.deleteFrom('login_failure').where('userName', '=', userName).where('source', '=', source).execute();
    await this.db.deleteFrom('login_source_lock').where('userName', '=', userName).where('source', '=', source).execute();
  }

  /** Failures older than the window and expired locks go (called now and then). */
  async purge(): Promise<void> {
    const at = this.now();
    await this.db
      .deleteFrom('login_failure')
      .where('at', '<=', at - WINDOW_MS)
      .execute();
    await this.db.deleteFrom('login_source_lock').where('lockedUntil', '<=', at).execute();
  }
}
