import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAFETY_AUTOCHECKPOINT_PAGES, WalCheckpointer } from '../../../server/store/walCheckpointer';
import { testStoreName } from '../../infra/testStore';

const PAGE = 4096;
/** Rows of about a page each: one commit of this many dirties well over SQLite's 1,000-page checkpoint. */
const ROWS_PER_COMMIT = 1500;

// The worker checkpoints a SQLite file; nothing here depends on the store the run tests.
describe.skipIf(testStoreName() === 'postgres')('WAL checkpoints from a worker thread', () => {
  let dir: string;
  let db: SQLite.Database;
  let file: string;
  let next = 0;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-wal-'));
    file = path.join(dir, 'test.sqlite');
    db = new SQLite(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('create table t (id integer primary key, body blob not null)');
  });
  afterEach(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const commit = () => {
    const insert = db.prepare('insert into t (id, body) values (?, ?)');
    db.transaction(() => {
      for (let i = 0; i < ROWS_PER_COMMIT; i++) insert.run(next++, Buffer.alloc(PAGE - 200, next % 251));
    })();
  };
  const size = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
  const autocheckpoint = () => db.pragma('wal_autocheckpoint', { simple: true }) as number;

  it('takes over the checkpoints: the writer only keeps a far-off safety net, the worker copies the WAL back', async () => {
    const checkpointer = new WalCheckpointer(db);
    checkpointer.start();
    await vi.waitFor(() => expect(autocheckpoint()).toBe(SAFETY_AUTOCHECKPOINT_PAGES), { timeout: 10_000 });

    commit();
    // The writer's own threshold (250,000 pages) was not reached: only the worker can have filled the file.
    await vi.waitFor(() => expect(size(file)).toBeGreaterThanOrEqual(ROWS_PER_COMMIT * PAGE), { timeout: 10_000 });

    // Copied back whole before the next commit, the WAL starts over instead of growing with every commit.
    let last = { round: 0, log: 0, checkpointed: 0 };
    checkpointer.onCheckpoint((r) => (last = r));
    for (let round = 2; round <= 6; round++) {
      // A checkpoint that started after this commit's pages reached the file found the WAL all copied.
      await vi.waitFor(() => expect(size(file)).toBeGreaterThanOrEqual((round - 1) * ROWS_PER_COMMIT * PAGE), { timeout: 10_000 });
      const seen = last.round;
      await vi.waitFor(() => expect(last.round > seen + 1 && last.checkpointed === last.log).toBe(true), { timeout: 10_000 });
      commit();
    }
    expect(size(`${file}-wal`)).toBeLessThan(2 * ROWS_PER_COMMIT * PAGE);
    await vi.waitFor(() => expect(size(file)).toBeGreaterThanOrEqual(6 * ROWS_PER_COMMIT * PAGE), { timeout: 10_000 });
    expect(db.prepare('select count(*) from t').pluck().get()).toBe(6 * ROWS_PER_COMMIT);

    await checkpointer.stop();
    expect(autocheckpoint()).toBe(1000);
  });

  it('stopped before it was ready, it leaves the writer checkpointing for itself', async () => {
    const checkpointer = new WalCheckpointer(db);
    checkpointer.start();
    await checkpointer.stop();
    expect(autocheckpoint()).toBe(1000);
    commit();
    // SQLite's own checkpoint at the commit's end copied it back.
    expect(size(file)).toBeGreaterThanOrEqual(ROWS_PER_COMMIT * PAGE);
  });

  it('leaves an in-memory database alone', async () => {
    const memory = new SQLite(':memory:');
    const checkpointer = new WalCheckpointer(memory);
    checkpointer.start();
    await checkpointer.stop();
    expect(memory.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    memory.close();
  });
});
