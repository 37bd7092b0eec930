import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';

/**
 * Startup faults (issue 14): the real `server/main.ts` started as `npm start` would, each fault
 * answered with one line naming the problem and what to do, a non-zero exit code and no stack trace.
 */
const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-startup-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) {
    try {
      execFileSync('chattr', ['-i', d], { stdio: 'ignore' });
    } catch {
      // not made immutable
    }
    fs.rmSync(d, { recursive: true, force: true });
  }
});

function start(env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, DEMO: '0', SIMULATOR: '0', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // a start that succeeds is stopped: these cases are about starts that must not
    const timer = setTimeout(() => child.kill('SIGTERM'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

function expectOneLine(r: { code: number | null; err: string }, ...words: string[]) {
  expect(r.code).toBe(1);
  const lines = r.err.split('\n').filter((l) => l.trim() && !/npm warn/i.test(l));
  expect(lines, r.err).toHaveLength(1);
  expect(lines[0]).toMatch(/^Voltguard cannot start: /);
  for (const w of words) expect(lines[0]).toContain(w);
  expect(r.err).not.toMatch(/\n\s+at\s|\.ts:\d+:\d+/);
}

describe('startup faults: one line, the problem and what to do, exit 1', () => {
  it('an unwritable DATA_DIR', { timeout: 40_000 }, async () => {
    const dir = tempDir();
    let locked = true;
    try {
      execFileSync('chattr', ['+i', dir], { stdio: 'ignore' }); // not even root may write into it now
    } catch {
      fs.chmodSync(dir, 0o555);
      locked = process.getuid?.() !== 0; // without chattr, only a non-root user is kept out by the mode
    }
    if (!locked) return;
    const r = await start({ DATA_DIR: dir });
    expectOneLine(r, dir, 'not writable', 'set DATA_DIR');
  });

  it('a read-only DATA_DIR holding an existing database (a read-only mount)', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    const app = await buildApp({ dataDir: dir, demo: false, rootPassword: 'Root#Pass2024', logger: false });
    await app.close();
    const mount = tempDir();
    // A read-only bind mount: the disk refuses writes (EROFS) whoever asks, root included.
    const bind = spawnSync('mount', ['--bind', dir, mount]);
    if (bind.status !== 0) return;
    try {
      if (spawnSync('mount', ['-o', 'remount,bind,ro', mount]).status !== 0) return;
      const r = await start({ DATA_DIR: mount });
      expectOneLine(r, mount, 'not writable', 'set DATA_DIR');
    } finally {
      spawnSync('umount', [mount]);
    }
  });

  it('a database file that refuses writes in a writable DATA_DIR', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    const app = await buildApp({ dataDir: dir, demo: false, rootPassword: 'Root#Pass2024', logger: false });
    await app.close();
    const file = path.join(dir, 'voltguard.sqlite');
    try {
      execFileSync('chattr', ['+i', file], { stdio: 'ignore' });
    } catch {
      return; // no chattr here: root writes through any mode
    }
    try {
      const r = await start({ DATA_DIR: dir });
      expectOneLine(r, file, 'read-only', 'write access');
    } finally {
      execFileSync('chattr', ['-i', file], { stdio: 'ignore' });
    }
  });

  it('a DATA_DIR that is a file', { timeout: 40_000 }, async () => {
    const file = path.join(tempDir(), 'plain-file');
    fs.writeFileSync(file, 'x');
    const r = await start({ DATA_DIR: file });
    expectOneLine(r, 'not writable', 'DATA_DIR');
  });

  it('a port in use', { timeout: 40_000 }, async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const r = await start({ DATA_DIR: tempDir(), PORT: String(port) });
      expectOneLine(r, `port ${port}`, 'already in use', 'set PORT');
    } finally {
      blocker.close();
    }
  });

  it('a corrupt database file', { timeout: 40_000 }, async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'voltguard.sqlite'), Buffer.alloc(8192, 0x5a));
    const r = await start({ DATA_DIR: dir });
    expectOneLine(r, 'voltguard.sqlite', 'not a readable SQLite database', 'Move it away');
  });

  it("another program's database", { timeout: 40_000 }, async () => {
    const dir = tempDir();
    const other = new SQLite(path.join(dir, 'voltguard.sqlite'));
    other.exec("create table customers (id integer primary key, name text); insert into customers (name) values ('x');");
    other.close();
    const r = await start({ DATA_DIR: dir });
    expectOneLine(r, 'another program', 'customers');
    // and nothing was written into it
    const after = new SQLite(path.join(dir, 'voltguard.sqlite'), { readonly: true });
    expect(after.prepare("select name from sqlite_master where type = 'table' order by name").all()).toEqual([{ name: 'customers' }]);
    after.close();
  });

  it('a database of a newer Voltguard', { timeout: 40_000 }, async () => {
    const dir = tempDir();
    const app = await buildApp({ dataDir: dir, demo: false, rootPassword: 'Root#Pass2024', logger: false });
    await app.close();
    const db = new SQLite(path.join(dir, 'voltguard.sqlite'));
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('999_from_the_future', new Date().toISOString());
    db.close();
    const r = await start({ DATA_DIR: dir });
    expectOneLine(r, 'newer Voltguard', '999_from_the_future');
  });
});
