import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { loginWith } from '../../scripts/loginClient.mjs';
import { ensureServerBundle } from '../../scripts/serverBundle.mjs';
import { SERVER_NODE_FLAGS, SERVER_TSX_ARGV } from '../../scripts/nodeFlags.mjs';

/**
 * The real server as a child process (`node --import tsx server/main.ts`, or compiled as `npm start` runs it): for
 * the lifecycle tests, the reconnect bench and the e2e restart spec. The data dir outlives restarts.
 */
export const ROOT = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcessOptions {
  port?: number;
  dataDir?: string;
  env?: Record<string, string>;
  rootPassword?: string;
  demoPassword?: string;
  /** run the compiled server (dist-server/main.mjs, built when stale) as `npm start` does, not its sources through tsx */
  compiled?: boolean;
  /** with `compiled`: this copy of the compiled entry instead of dist-server/main.mjs (its code cache then its own) */
  bundle?: string;
}

export class ServerProcess {
  child: ChildProcess | null = null;
  output = '';
  readonly url: string;

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly env: Record<string, string>,
    readonly passwords: { root: string; demo: string },
    private readonly entry: string[],
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static async create(opts: ServerProcessOptions = {}): Promise<ServerProcess> {
    const port = opts.port ?? (await freePort());
    const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vg-proc-'));
    const built = opts.compiled ? await ensureServerBundle() : null;
    const bundle = built && (opts.bundle ?? built);
    if (opts.compiled && !bundle) throw new Error('the server could not be compiled (scripts/serverBundle.mjs)');
    return new ServerProcess(
      port,
      dataDir,
      opts.env ?? {},
      { root: opts.rootPassword ?? 'Proc#Root2026', demo: opts.demoPassword ?? 'Proc#Demo2026' },
      bundle ? [...SERVER_NODE_FLAGS, bundle] : [...SERVER_TSX_ARGV, 'server/main.ts'],
    );
  }

  /** Starts the server and resolves once it listens; the time it took, in ms. */
  async start(): Promise<number> {
    const t0 = Date.now();
    const child = spawn(process.execPath, this.entry, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        ROOT_PASSWORD: this.passwords.root,
        DEMO_PASSWORD: this.passwords.demo,
        SIMULATOR: '0',
        COMM_RETRY_S: '86400',
        COMM_EXIT_S: '172800',
        STATIC_DIR: path.join(this.dataDir, 'no-static'),
        ...this.env,
      },
    });
    this.child = child;
    // The suite runs test files in parallel, often on a machine shared with other work: the server gets
    // the priority it would have on a machine of its own, so what the lifecycle tests time (a 2 s
    // shutdown, reconnects) is the server's own work, not its neighbours'. Without the right to raise
    // it, it runs at the default priority.
    try {
      os.setPriority(child.pid!, -10);
    } catch {
      // not permitted here
    }
    await new Promise<void>((resolve, reject) => {
      const onData = (b: Buffer) => {
        this.output += b.toString();
        if (this.output.includes('Voltguard is running')) {
          child.stdout!.off('data', onData);
          child.stdout!.on('data', (more: Buffer) => (this.output += more.toString()));
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (b: Buffer) => (this.output += b.toString()));
      child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${this.output}`)));
    });
    return Date.now() - t0;
  }

  /** Sends a signal; resolves with the exit code and how long the process took to exit. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; ms: number }> {
    const child = this.child;
    if (!child || child.exitCode !== null) return { code: child?.exitCode ?? null, ms: 0 };
    const t0 = performance.now();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    const code = await exited;
    this.child = null;
    return { code, ms: performance.now() - t0 };
  }

  async dispose(): Promise<void> {
    if (this.child && this.child.exitCode === null) {
      this.child.kill('SIGKILL');
      await new Promise((r) => this.child?.once('exit', r));
    }
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** An API login (client 'api', so "logged in elsewhere" leaves the tests' own sessions alone). */
  async login(userName: string): Promise<{ token: string; userId: number }> {
    const plain = userName === 'root' ? this.passwords.root : this.passwords.demo;
    const post = async (path: string, body: object) => {
      const res = await fetch(this.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { code: number; msg: string; data: { token: string; user: { id: number } } };
    };
    const env = await loginWith(post, userName, plain, Date.now(), 'api');
    if (env.code !== 0) throw new Error(`login ${userName}: ${env.code} ${env.msg}`);
    return { token: env.data.token, userId: env.data.user.id };
  }

  async call<T>(method: string, url: string, token: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const res = await fetch(this.url + url, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const env = (await res.json()) as { code: number; msg: string; data: T };
    if (env.code !== 0) throw new Error(`${method} ${url}: ${env.code} ${env.msg}`);
    return env.data;
  }
}
