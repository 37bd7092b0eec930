import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

/** Five failed logins for one user name within 15 minutes lock that name for 15 minutes. */
export class LoginLockout {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Remaining lock in ms, or 0. */
  async lockedFor(userName: string): Promise<number> {
    const row = await this.db.selectFrom('login_lock').select('lockedUntil').where('userName', '=', userName).executeTakeFirst();
    const left = row ? row.lockedUntil - this.now() : 0;
    return left > 0 ? left : 0;
  }

  /** Records a failure; returns true when this failure locked the name. */
  async recordFailure(userName: string): Promise<boolean> {
    const at = this.now();
    return this.db.transaction().execute(async (trx) => {
      await trx.insertInto('login_failure').values({ userName, at }).execute();
      const { n } = await trx
        .selectFrom('login_failure')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userName', '=', userName)
        .where('at', '>', at - WINDOW_MS)
        .executeTakeFirstOrThrow();
      if (Number(n) < MAX_FAILURES) return false;
      await trx.deleteFrom('login_lock').where('userName', '=', userName).execute();
      await trx
        .insertInto('login_lock')
        .values({ userName, lockedUntil: at + LOCK_MS })
        .execute();
      await trx.deleteFrom('login_failure').where('userName', '=', userName).execute();
      return true;
    });
  }

  async clear(userName: string): Promise<void> {
    await this.db.deleteFrom('login_failure').where('userName', '=', userName).execute();
    await this.db.deleteFrom('login_lock').where('userName', '=', userName).execute();
  }
}
