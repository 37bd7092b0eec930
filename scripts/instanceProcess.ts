/**
 * A Voltguard instance as a child process (`node --import tsx server/main.ts` with the flags of every
 * server process, scripts/nodeFlags.mjs) on a free port with a data dir of its own: what the scale-out
 * tests, bench and scripts/cluster.ts run, so one of several instances can be killed like a real one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './localServices';
import { SERVER_TSX_ARGV } from './nodeFlags.mjs';

export interface InstanceProcess {
  name: string;
  url: string;
  port: number;
  pid: number;
  /** everything the process printed */
  output(): string;
  /** resolves when the output matches (checked as it arrives) */
  waitForOutput(re: RegExp, timeoutMs?: number): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
  /** SIGTERM, and SIGKILL when it has not exited 5 s later */
  stop(): Promise<void>;
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of running) if (c.exitCode === null && c.signalCode === null && c.pid) process.kill(c.pid, 'SIGKILL');
});

export interface InstanceOptions {
  env: Record<string, string>;
  /** copy the instance's output to this process's (the cluster script) */
  echo?: boolean;
  port?: number;
}

export async function startInstanceProcess(name: string, opts: InstanceOptions): Promise<InstanceProcess> {
  const port = opts.port ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vg-instance-${name}-`));
  const child = spawn(process.execPath, [...SERVER_TSX_ARGV, 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  const watchers = new Set<() => void>();
  const take = (b: Buffer) => {
    out += b.toString();
    if (opts.echo) for (const line of b.toString().split('\n')) if (line) console.log(`[${name}] ${line}`);
    for (const w of watchers) w();
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  const waitForOutput = (re: RegExp, timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!re.test(out)) return;
        watchers.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        watchers.delete(check);
        reject(new Error(`${name}: no ${re} within ${timeoutMs} ms; output:\n${out}`));
      }, timeoutMs);
      watchers.add(check);
      check();
    });
  const inst: InstanceProcess = {
    name,
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    output: () => out,
    waitForOutput,
    async kill(signal) {
      if (alive()) process.kill(child.pid!, signal);
      await exited;
    },
    async stop() {
      if (!alive()) return;
      process.kill(child.pid!, 'SIGTERM');
      const force = setTimeout(() => alive() && process.kill(child.pid!, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(force);
    },
    exited,
  };
  await Promise.race([
    waitForOutput(/Voltguard is running/, 60_000),
    exited.then((code) => {
      throw new Error(`${name} exited (${code}) at start:\n${out}`);
    }),
  ]);
  return inst;
}
