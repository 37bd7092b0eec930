/**
 * Real server instances as child processes (scripts/instanceProcess.ts), each on its own port and
 * data dir, sharing one PostgreSQL database and one Redis — so a test can kill -9 one of them — and
 * what a console and a gateway do with them.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { startInstanceProcess, type InstanceProcess } from '../../scripts/instanceProcess';
import type { NoticeMessage } from '../../domain/telemetry';
import { loginWith } from '../../scripts/loginClient.mjs';

export const PASSWORD = 'Cluster#Pass2024';

export type Instance = InstanceProcess;

/** Whatever answers HTTP for the tests: an instance, or the balancer in front of them. */
export type Target = Pick<Instance, 'url' | 'name'>;

export function startInstance(name: string, env: Record<string, string>, port?: number): Promise<Instance> {
  return startInstanceProcess(name, {
    port,
    env: {
      ROOT_PASSWORD: PASSWORD,
      DEMO_PASSWORD: PASSWORD,
      SIMULATOR: '0',
      STATIC_DIR: '/nonexistent',
      // nobody reports in these tests: keep every device communicating
      COMM_RETRY_S: '86400',
      COMM_EXIT_S: '172800',
      LEADER_POLL_S: '0.5',
      ...env,
    },
  });
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export async function call<T>(
  inst: Target,
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

export async function login(inst: Target, userName = 'root'): Promise<{ token: string; userId: number }> {
  const post = (path: string, body: object) => call<{ token: string; user: { id: number } }>(inst, 'POST', path, body);
  const r = await loginWith(post, userName, PASSWORD, Date.now(), 'web');
  if (r.code !== 0) throw new Error(`login ${userName} on ${inst.name}: ${r.msg}`);
  return { token: r.data.token, userId: r.data.user.id };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function deviceKey(inst: Target, token: string, deviceId: number): Promise<{ code: string; key: string }> {
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
          // Say why (issue 33): was the console still connected, what did it hear last, what did the instance log.
          const heard = messages.slice(-5).map((m) => `${m.seq} ${m.kind}`);
          const tail = inst.output().trimEnd().split('\n').slice(-30).join('\n');
          reject(
            new Error(
              `no matching message within ${timeoutMs} ms on ${inst.name} (console ${socket.connected ? 'connected' : 'disconnected'}; ` +
                `last heard: ${heard.join(', ') || 'nothing'}); the instance's output ends:\n${tail}`,
            ),
          );
        }, timeoutMs);
        waiters.add(w);
      });
    },
    close: () => void socket.close(),
  };
}
