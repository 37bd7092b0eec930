import { afterEach, describe, expect, it } from 'vitest';
import { LoginLockout } from '../../server/auth/lockout';
import { startApp, type TestApp } from './helpers';

/**
 * A disk that is only nearly full takes some writes and refuses others: the failures of one name and
 * address are then partly stored and partly counted in memory, and five of them must lock all the same.
 * SQLite is told to refuse writes (`PRAGMA query_only`), which fails them as a read-only store does.
 */
let t: TestApp | null = null;
afterEach(async () => {
  if (t?.app.store.dialect === 'sqlite') t.app.store.sqlite.pragma('query_only = OFF');
  await t?.close();
  t = null;
});

const sqliteRun = process.env.VG_TEST_STORE !== 'postgres';

describe.runIf(sqliteRun)('login lockout while the store refuses some writes', () => {
  it('two failures stored and three counted in memory lock the name for the address', async () => {
    t = await startApp();
    const unwritten: string[] = [];
    let now = Date.now();
    const lockout = new LoginLockout(
      t.app.db,
      () => now,
      (what) => unwritten.push(what),
    );
    for (let i = 0; i < 2; i++) expect(await lockout.recordFailure('lisi', '10.0.0.7')).toBe(false);
    t.app.store.sqlite.pragma('query_only = ON');
    for (let i = 0; i < 2; i++) {
      now += 1000;
      expect(await lockout.recordFailure('lisi', '10.0.0.7')).toBe(false);
    }
    expect(await lockout.recordFailure('lisi', '10.0.0.7')).toBe(true);
    expect(unwritten).toEqual(Array(3).fill('login failure counted in memory'));
    expect(await lockout.lockedFor('lisi', '10.0.0.7')).toBeGreaterThan(14 * 60_000);
    // another address is not locked
    expect(await lockout.lockedFor('lisi', '10.0.0.8')).toBe(0);
  });

  it('failures counted in memory while writes were refused count towards the lock once the store writes again', async () => {
    t = await startApp();
    let now = Date.now();
    const lockout = new LoginLockout(
      t.app.db,
      () => now,
      () => undefined,
    );
    t.app.store.sqlite.pragma('query_only = ON');
    for (let i = 0; i < 3; i++) expect(await lockout.recordFailure('lisi', '10.0.0.7')).toBe(false);
    t.app.store.sqlite.pragma('query_only = OFF');
    now += 1000;
    expect(await lockout.recordFailure('lisi', '10.0.0.7')).toBe(false);
    expect(await lockout.recordFailure('lisi', '10.0.0.7')).toBe(true);
    // the lock is stored, so it holds past this instance's memory
    const stored = await t.app.db.selectFrom('login_source_lock').select('lockedUntil').where('userName', '=', 'lisi').executeTakeFirst();
    expect(Number(stored?.lockedUntil)).toBe(now + 15 * 60_000);
  });
});
