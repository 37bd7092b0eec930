import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { io as connect } from 'socket.io-client';
import { freePort } from '../../scripts/localServices';
import { loginWith } from '../../scripts/loginClient.mjs';
import { SOCKET_EVENT, type GoingAwayNotice } from '../../domain/socketProtocol';

/**
 * Issue 34 item 6: SIGTERM sent to the whole process group of `npm start` — what systemd does by
 * default (KillMode=control-group) and `kill -- -PGID` — reaches the server twice: directly, and
 * forwarded by npm. The second must not cut the drain short: exit 0 after it, consoles told the
 * server is going away.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'Group#Stop2026';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-group-'));
let npm: ChildProcess | null = null;

afterAll(() => {
  // Whatever is left of the group if the test failed half-way.
  if (npm?.pid && npm.exitCode === null) {
    try {
      process.kill(-npm.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start stopped by a group-wide SIGTERM', () => {
  it('drains, tells consoles it is going away, and exits 0', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // detached: the child leads a process group of its own, as a service manager starts it
    npm = spawn('npm', ['start', '--silent'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ROOT_PASSWORD: PASSWORD,
        DEMO_PASSWORD: PASSWORD,
        SIMULATOR: '0',
        STATIC_DIR: path.join(dataDir, 'no-static'),
      },
    });
    let out = '';
    npm.stdout!.on('data', (b: Buffer) => (out += b.toString()));
    npm.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<number | null>((resolve) => npm!.once('exit', (code) => resolve(code)));
    await vi.waitFor(() => expect(out).toContain('Voltguard is running'), { timeout: 60_000, interval: 100 });

    const post = async (p: string, body: object) =>
      (await fetch(url + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
    const login = (await loginWith(post, 'root', PASSWORD, Date.now(), 'web')) as {
      code: number;
      data: { token: string; user: { id: number } };
    };
    expect(login.code).toBe(0);
    const socket = connect(url, {
      path: '/messageServer/websocket',
      transports: ['websocket'],
      reconnection: false,
      auth: { token: login.data.token, userId: login.data.user.id },
    });
    await new Promise((resolve, reject) => {
      socket.once('ready', resolve);
      socket.once('connect_error', reject);
    });
    const told = new Promise<GoingAwayNotice>((resolve) => socket.once(SOCKET_EVENT.GOING_AWAY, resolve));

    process.kill(-npm.pid!, 'SIGTERM');
    const code = await exited;
    // …with when to come back: about as long as this start took (less the first start's seeding)
    const notice = await told;
    expect(notice.reason).toBe('shutdown');
    expect(notice.backInMs).toBeGreaterThan(0);
    expect(notice.backInMs).toBeLessThan(60_000);
    socket.close();
    expect(out).toMatch(/SIGTERM: closed in \d+ ms/);
    expect(out).not.toContain('exiting now');
    expect(code).toBe(0);
  }, 90_000);
});

describe('the systemd unit of docs/production.md', () => {
  const unit = fs.readFileSync(path.join(ROOT, 'deploy/voltguard.service'), 'utf8');
  const hasSystemd = spawnSync('sh', ['-c', 'command -v systemd-analyze'], { encoding: 'utf8' }).status === 0;

  it('is deploy/voltguard.service, word for word, and stops the whole group with SIGTERM (what the test above does)', () => {
    expect(fs.readFileSync(path.join(ROOT, 'docs/production.md'), 'utf8')).toContain('```ini\n' + unit + '```');
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/npm start$/m);
    expect(unit).toMatch(/^KillMode=control-group$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
  });

  it.runIf(hasSystemd)('passes systemd-analyze verify', () => {
    const r = spawnSync('systemd-analyze', ['verify', path.join(ROOT, 'deploy/voltguard.service')], { encoding: 'utf8' });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
