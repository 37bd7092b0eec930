/**
 * Real server instances as child processes (`node --import tsx server/main.ts`), each on its own port
 * and data dir, sharing one PostgreSQL database and one Redis — so a test can kill -9 one of them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { freePort } from '../../scripts/localServices';
import type { NoticeMessage } from '../../domain/telemetry';

export const PASSWORD = 'Cluster#Pass2024';
const digest = (plain: string) =>
  createHash('sha256')
    .update('voltguard' + plain)
    .digest('hex');

export interface Instance {
  name: string;
  url: string;
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
  for (const c of running) if (c.exitCode === null && c.pid) process.kill(c.pid, 'SIGKILL');
});

export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vg-cluster-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ROOT_PASSWORD: PASSWORD,
      DEMO_PASSWORD: PASSWORD,
      SIMULATOR: '0',
      STATIC_DIR: path.join(dataDir, 'no-static'),
      // nobody reports in these tests: keep every device communicating
      COMM_RETRY_S: '86400',
      COMM_EXIT_S: '172800',
      LEADER_POLL_S: '0.5',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  const watchers = new Set<() => void>();
  const take = (b: Buffer) => {
    out += b.toString();
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
  const waitForOutput = (re: RegExp, timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (re.test(out)) {
          watchers.delete(check);
          clearTimeout(timer);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        watchers.delete(check);
        reject(new Error(`${name}: no ${re} within ${timeoutMs} ms; output:\n${out}`));
      }, timeoutMs);
      watchers.add(check);
      check();
    });
  const alive = () => child.exitCode === null && child.signalCode === null;
  const inst: Instance = {
    name,
    url: `http://127.0.0.1:${port}`,
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

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export async function call<T>(
  inst: Instance,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Envelope<T>> {
  const res = await fetch(inst.url + url, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

export async function login(inst: Instance, userName = 'root'): Promise<{ token: string; userId: number }> {
  const r = await call<{ token: string; user: { id: number } }>(inst, 'POST', '/auth/v1/login', {
    userName,
    password: digest(PASSWORD),
    timestamps: Date.now(),
    client: 'web',
  });
  if (r.code !== 0) throw new Error(`login ${userName} on ${inst.name}: ${r.msg}`);
  return { token: r.data.token, userId: r.data.user.id };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function deviceKey(inst: Instance, token: string, deviceId: number): Promise<{ code: string; key: string }> {
  const r = await call<{ code: string; key: string }>(
    inst,
    'GET',
    `/devicedata/api/comm/v1/device/${deviceId}/key`,
    undefined,
    bearer(token),
  );
  if (r.code !== 0) throw new Error(`device key: ${r.msg}`);
  return r.data;
}

/** A console's live connection, as the browser's websocket machine makes it (auth.lastSeq on reconnect). */
export interface Console {
  socket: Socket;
  messages: NoticeMessage[];
  ready: Promise<{ headSeq: number }>;
  /** resolves with the first message (from now on) that matches */
  next(match: (m: NoticeMessage) => boolean, timeoutMs?: number): Promise<NoticeMessage>;
  close(): void;
}

export function openConsole(
  inst: Instance,
  auth: { token: string; userId: number; lastSeq?: number | null },
  messages: NoticeMessage[] = [],
): Console {
  const socket = connect(inst.url, {
    path: '/messageServer/websocket',
    transports: ['websocket'],
    reconnection: false,
    auth: { token: auth.token, userId: auth.userId, ...(auth.lastSeq != null ? { lastSeq: auth.lastSeq } : {}) },
  });
  const waiters = new Set<(m: NoticeMessage) => void>();
  socket.on('message', (m: NoticeMessage) => {
    messages.push(m);
    for (const w of waiters) w(m);
  });
  const ready = new Promise<{ headSeq: number }>((resolve, reject) => {
    socket.once('ready', resolve);
    socket.once('connect_error', reject);
  });
  return {
    socket,
    messages,
    ready,
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const w = (m: NoticeMessage) => {
          if (!match(m)) return;
          waiters.delete(w);
          clearTimeout(timer);
          resolve(m);
        };
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(new Error(`no matching message within ${timeoutMs} ms on ${inst.name}`));
        }, timeoutMs);
        waiters.add(w);
      });
    },
    close: () => void socket.close(),
  };
}
