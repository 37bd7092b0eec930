import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { keepsInstead, type UnwrittenLog } from '../store/refusesWrites';
import { countRows } from '../store/count';

const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60_000;
const LOCK_MS = 15 * 60_000;

/**
 * Five failed logins for one user name from one source address within 15 minutes lock that name for
 * that address for 15 minutes. Other addresses are not affected, so nobody can lock root out for
 * everyone; each address is also throttled (docs/security.md).
 *
 * While the store refuses writes (a full or read-only disk, issue 34) a single instance counts
 * failures in memory instead, so a wrong password is still answered and still counts towards the lock.
 */
export class LoginLockout {
  /** `${userName}\n${source}` → failure times and lock, counted here while the store refuses writes */
  private readonly inMemory = new Map<string, { at: number[]; lockedUntil: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
    private readonly unwritten: UnwrittenLog | null = null,
  ) {}

  /** Remaining lock in ms, or 0. */
  async lockedFor(userName: string, source: string): Promise<number> {
    const row = await this.db
      .selectFrom('login_source_lock')
      .select('lockedUntil')
      .where('userName', '=', userName)
      .where('source', '=', source)
      .executeTakeFirst();
    const until = Math.max(row ? Number(row.lockedUntil) : 0, this.inMemory.get(key(userName, source))?.lockedUntil ?? 0);
    const left = until - this.now();
    return left > 0 ? left : 0;
  }

  /**
   * Records a failure; returns true when this failure locked the name for this source. The failures
   * of the window count wherever they are, stored or in memory: a disk that is only nearly full takes
   * some writes and refuses others, and five failures split between the two must lock as five in one
   * place do (the full-disk login test saw the fifth answered as a plain failure).
   */
  async recordFailure(userName: string, source: string): Promise<boolean> {
    try {
      return await this.recordStored(userName, source);
    } catch (err) {
      if (!keepsInstead(this.unwritten, err)) throw err;
      this.unwritten('login failure counted in memory', err);
      return this.recordInMemory(userName, source, await this.storedFailures(this.db, userName, source, this.now()));
    }
  }

  private recordInMemory(userName: string, source: string, stored: number): boolean {
    const at = this.now();
    const k = key(userName, source);
    if (this.inMemory.size >= 10_000) this.forgetInMemory(at);
    const entry = this.inMemory.get(k) ?? { at: [], lockedUntil: 0 };
    entry.at = [...entry.at.filter((t) => t > at - WINDOW_MS), at];
    this.inMemory.set(k, entry);
    if (entry.at.length + stored < MAX_FAILURES) return false;
    entry.at = [];
    entry.lockedUntil = at + LOCK_MS;
    return true;
  }

  /** This instance's failures of the window counted in memory. */
  private failuresInMemory(userName: string, source: string, at: number): number {
    return this.inMemory.get(key(userName, source))?.at.filter((t) => t > at - WINDOW_MS).length ?? 0;
  }

  private storedFailures(db: Kysely<Database>, userName: string, source: string, at: number): Promise<number> {
    return countRows(
      db
        .selectFrom('login_failure')
        .where('userName', '=', userName)
        .where('source', '=', source)
        .where('at', '>', at - WINDOW_MS),
    );
  }

  private async recordStored(userName: string, source: string): Promise<boolean> {
    const at = this.now();
    const locked = await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('login_failure').values({ userName, source, at }).execute();
      const failures = (await this.storedFailures(trx, userName, source, at)) + this.failuresInMemory(userName, source, at);
      if (failures < MAX_FAILURES) return false;
      await trx.deleteFrom('login_source_lock').where('userName', '=', userName).where('source', '=', source).execute();
      await trx
        .insertInto('login_source_lock')
        .values({ userName, source, lockedUntil: at + LOCK_MS })
        .execute();
      await trx.deleteFrom('login_failure').where('userName', '=', userName).where('source', '=', source).execute();
      return true;
    });
    // Only once the lock is committed: a commit the disk refuses falls back to counting in memory,
    // where these failures must still be.
    if (locked) this.inMemory.delete(key(userName, source));
    return locked;
  }

  async clear(userName: string, source: string): Promise<void> {
    this.inMemory.delete(key(userName, source));
    try {
      await this.db.deleteFrom('login_failure').where('userName', '=', userName).where('source', '=', source).execute();
      await this.db.deleteFrom('login_source_lock').where('userName', '=', userName).where('source', '=', source).execute();
    } catch (err) {
      // the stored failures stay until they age out of the window: the login itself goes on
      if (!keepsInstead(this.unwritten, err)) throw err;
      this.unwritten('earlier login failures not cleared', err);
    }
  }

  /** Failures older than the window and expired locks go (called now and then). */
  async purge(): Promise<void> {
    const at = this.now();
    this.forgetInMemory(at);
    await this.db
      .deleteFrom('login_failure')
      .where('at', '<=', at - WINDOW_MS)
      .execute();
    await this.db.deleteFrom('login_source_lock').where('lockedUntil', '<=', at).execute();
  }

  /** In-memory counts whose failures left the window and whose lock ended. */
  private forgetInMemory(at: number): void {
    for (const [k, e] of this.inMemory) if (e.lockedUntil <= at && e.at.every((t) => t <= at - WINDOW_MS)) this.inMemory.delete(k);
  }
}

const key = (userName: string, source: string) => `${userName}\n${source}`;
