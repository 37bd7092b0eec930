/**
 * Private PostgreSQL, Redis and Mosquitto servers from Debian's packages, for the tests, the benches
 * and scripts/cluster.ts: each on a free loopback port with its own temporary directory, started as
 * a child process and stopped by its own PID. Nothing here touches a system-wide instance.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { privateNginxConf } from './nginxConfig';

export interface LocalServer {
  /** the URL a client connects to */
  url: string;
  port: number;
  pid: number;
  dir: string;
  stop(): Promise<void>;
}

export interface LocalPostgres extends LocalServer {
  /** creates an empty database and returns its URL */
  createDatabase(name: string): Promise<string>;
  dropDatabase(name: string): Promise<void>;
  /** stops the server ("fast": sessions ended) and keeps its data, as a restart or failover would */
  halt(): Promise<void>;
  /** starts it again after halt(), on the same port with the same data */
  resume(): Promise<void>;
}

/** A port the kernel just gave out on 127.0.0.1 (free at that moment). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Debian package names of the binaries that are missing, so callers can say what to install. */
export function missingPackages(): string[] {
  const missing: string[] = [];
  if (!postgresBin()) missing.push('postgresql');
  if (!which('redis-server')) missing.push('redis-server');
  if (!which('mosquitto') && !fs.existsSync('/usr/sbin/mosquitto')) missing.push('mosquitto');
  if (!nginxBin()) missing.push('nginx-light');
  return missing;
}

function which(cmd: string): string | null {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function nginxBin(): string | null {
  return which('nginx') ?? (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null);
}

/** The newest /usr/lib/postgresql/<version>/bin with a postgres binary. */
function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0]!, 'bin') : null;
}

const children = new Set<ChildProcess>();
// If the owner dies without stopping them, the servers go too (SIGKILL: nothing to flush in a temp dir).
process.once('exit', () => {
  for (const c of children) if (c.exitCode === null && c.pid) process.kill(c.pid, 'SIGKILL');
});

async function waitForPort(port: number, child: ChildProcess, what: string, log: () => string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}) before listening:\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not listen on ${port} within ${timeoutMs} ms:\n${log()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Sends `signal` to the child and resolves when it has exited. */
function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return resolve();
    const force = setTimeout(() => child.pid && process.kill(child.pid, 'SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      children.delete(child);
      resolve();
    });
    process.kill(child.pid, signal);
  });
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}

export interface PostgresOptions {
  /** durability off (fsync, synchronous_commit): fine for throw-away test data, not for benches */
  fast?: boolean;
  /** extra `-c name=value` settings */
  settings?: Record<string, string | number>;
}

/**
 * initdb + postgres on a free port. As root the server runs as the `postgres` user (PostgreSQL
 * refuses root) through setpriv, which execs: the child's PID is the postmaster's own.
 */
export async function startPostgres(opts: PostgresOptions = {}): Promise<LocalPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'log');
  let uid: number | undefined;
  let gid: number | undefined;
  if (asRoot) {
    const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    uid = id('-u');
    gid = id('-g');
    fs.chownSync(dir, uid, gid);
  }
  const asPostgres = (cmd: string, args: string[]) =>
    asRoot
      ? { cmd: 'setpriv', args: ['--reuid', String(uid), '--regid', String(gid), '--init-groups', '--', cmd, ...args] }
      : { cmd, args };
  const init = asPostgres(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const r = spawnSync(init.cmd, init.args, { encoding: 'utf8', cwd: dir });
  if (r.status !== 0) throw new Error(`initdb failed: ${r.stderr || r.stdout}`);
  const port = await freePort();
  const settings: Record<string, string | number> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: dir,
    max_connections: 200,
    shared_buffers: '128MB',
    ...(opts.fast ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } : {}),
    ...opts.settings,
  };
  const args = ['-D', data, '-p', String(port), ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const run = asPostgres(path.join(bin, 'postgres'), args);
  const launch = async () => {
    const out = fs.openSync(logFile, 'a');
    fs.chmodSync(logFile, 0o666);
    const c = spawn(run.cmd, run.args, { stdio: ['ignore', out, out], cwd: dir });
    fs.closeSync(out);
    children.add(c);
    await waitForPort(port, c, 'postgres', () => tail(logFile));
    return c;
  };
  let child = await launch();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = async (statement: string) => {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  const ready = async () => {
    // The port opens a moment before the server accepts queries.
    for (let i = 0; ; i++) {
      try {
        await admin('select 1');
        return;
      } catch (err) {
        if (i > 100) throw err;
        await new Promise((res) => setTimeout(res, 100));
      }
    }
  };
  await ready();
  return {
    url: adminUrl,
    port,
    get pid() {
      return child.pid!;
    },
    dir,
    async halt() {
      await stopChild(child, 'SIGINT');
    },
    async resume() {
      child = await launch();
      await ready();
    },
    async createDatabase(name: string) {
      await admin(`create database "${name}"`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async dropDatabase(name: string) {
      await admin(`drop database if exists "${name}" with (force)`);
    },
    async stop() {
      // SIGINT is PostgreSQL's "fast" shutdown: sessions are ended, nothing waits on clients.
      await stopChild(child, 'SIGINT');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface LocalRedis extends LocalServer {
  /** stops the server (its data goes: no persistence), as a restart would */
  halt(): Promise<void>;
  /** starts it again after halt(), on the same port */
  resume(): Promise<void>;
}

/** redis-server in the foreground (no persistence) on a free port. */
export async function startRedis(): Promise<LocalRedis> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-redis-'));
  const port = await freePort();
  const logFile = path.join(dir, 'log');
  const launch = async () => {
    const out = fs.openSync(logFile, 'a');
    const c = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no'],
      { stdio: ['ignore', out, out] },
    );
    fs.closeSync(out);
    children.add(c);
    await waitForPort(port, c, 'redis-server', () => tail(logFile));
    return c;
  };
  let child = await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return child.pid!;
    },
    dir,
    async halt() {
      await stopChild(child, 'SIGTERM');
    },
    async resume() {
      child = await launch();
    },
    async stop() {
      await stopChild(child, 'SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** mosquitto with anonymous clients on a free loopback port (the gateways authenticate in their payload). */
export async function startMosquitto(): Promise<LocalServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-mqtt-'));
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  const logFile = path.join(dir, 'log');
  fs.writeFileSync(
    conf,
    [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence false', 'max_packet_size 4194304', ''].join('\n'),
  );
  const bin = which('mosquitto') ?? '/usr/sbin/mosquitto';
  const out = fs.openSync(logFile, 'a');
  const child = spawn(bin, ['-c', conf], { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  children.add(child);
  await waitForPort(port, child, 'mosquitto', () => tail(logFile));
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    dir,
    async stop() {
      await stopChild(child, 'SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * nginx in the foreground with deploy/nginx.conf in front of `upstreams` (host:port), listening on a
 * free loopback port. Its workers run as nginx's default user: the directory is opened to them.
 */
export async function startNginx(upstreams: string[], port?: number): Promise<LocalServer> {
  const bin = nginxBin();
  if (!bin) throw new Error('nginx is not installed: apt-get install -y nginx-light');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-nginx-'));
  fs.chmodSync(dir, 0o755);
  const listen = port ?? (await freePort());
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, privateNginxConf(dir, `127.0.0.1:${listen}`, upstreams));
  const logFile = path.join(dir, 'error.log');
  const out = fs.openSync(path.join(dir, 'stderr.log'), 'a');
  // -e: nginx's first log lines, before it reads the config, go here too rather than to /var/log/nginx
  const child = spawn(bin, ['-c', conf, '-e', logFile], { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  children.add(child);
  await waitForPort(listen, child, 'nginx', () => tail(logFile) + tail(path.join(dir, 'stderr.log')));
  return {
    url: `http://127.0.0.1:${listen}`,
    port: listen,
    pid: child.pid!,
    dir,
    async stop() {
      // SIGTERM is nginx's fast shutdown: open connections are closed at once.
      await stopChild(child, 'SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
