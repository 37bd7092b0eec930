import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gracefulShutdown, SECOND_SIGNAL_MARGIN_MS, SHUTDOWN_DEADLINE_MS } from '../../server/shutdown';
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import type { NoticeMessage } from '../../domain/telemetry';
import { BACKOFF_CAP_MS, RESTART_SPREAD_MS } from '../../machines/websocketMachine';
import { ROOT, ServerProcess } from './serverProcess';
import { ConsoleClient, until } from './consoleClient';
import { io as connect } from 'socket.io-client';
import { SOCKET_EVENT, SOCKET_PATH, type GoingAwayNotice } from '../../domain/socketProtocol';

/**
 * Server lifecycle (issue 13): the real server as a child process, 200 consoles on socket.io with
 * the browser's own reconnect machine. SIGTERM must exit 0 within 2 s; after a restart every console
 * is back without a reload, the retries spread out, and alarms reach each console exactly once with
 * no gap in sequence.
 */
const CLIENTS = 200;

let server: ServerProcess;
/** how long the server's first start took from spawn to listening, seen from here */
let firstStartMs = 0;
let root: { token: string; userId: number };
let zhangsan: { token: string; userId: number };
let clients: ConsoleClient[] = [];
/** devices of zhangsan's tenant: visible to every client (root and zhangsan) */
const devices: { deviceId: number; code: string; key: string }[] = [];

beforeAll(async () => {
  if (!sqliteRun) return;
  server = await ServerProcess.create();
  firstStartMs = await server.start();
  root = await server.login('root');
  zhangsan = await server.login('zhangsan');
  const snapshot = await server.call<{ deviceId: number; code: string }[]>('GET', '/wisdompower/v1/realtime/snapshot', zhangsan.token);
  for (const d of snapshot.slice(0, 4)) {
    const k = await server.call<{ code: string; key: string }>('GET', `/devicedata/api/comm/v1/device/${d.deviceId}/key`, root.token);
    devices.push({ deviceId: d.deviceId, code: k.code, key: k.key });
  }
}, 60_000);

afterAll(async () => {
  for (const c of clients) c.stop();
  await server?.dispose();
});

async function raiseAlarm(device: { code: string; key: string }) {
  await server.call(
    'POST',
    '/devicedata/api/comm/v1/ingest',
    null,
    { device: device.code, time: Date.now(), values: [{ dataId: 1001, value: 487.5 }] },
    {
      'x-device-key': device.key,
    },
  );
}

/** The project events a user may see, from the message log, oldest first. */
async function loggedSeqs(user: { token: string; userId: number }, afterSeq: number): Promise<number[]> {
  const rows = await server.call<{ seq: number }[]>('POST', '/messageServer/v1/log', user.token, {
    noticeMode: 4,
    startTime: '2000-01-01 00:00:00',
    endTime: '2100-01-01 00:00:00',
    receiver: user.userId,
    page: { index: 0, limit: 1000 },
  });
  return rows
    .map((r) => r.seq)
    .filter((s) => s > afterSeq)
    .sort((a, b) => a - b);
}

const raisedOn = (c: ConsoleClient, deviceId: number) =>
  c.delivered.filter((m: NoticeMessage) => m.kind === 'alarm.raised' && m.description.deviceId === deviceId);

// The server process runs on its own SQLite data dir: once is enough, not again in the PostgreSQL project.
const sqliteRun = process.env.VG_TEST_STORE !== 'postgres';

describe.runIf(sqliteRun)('server lifecycle with 200 consoles', () => {
  it('SIGTERM exits 0 within 2 s; after a restart every console is back, spread out, and nothing is lost or doubled', async () => {
    clients = Array.from({ length: CLIENTS }, (_, i) => {
      const user = i % 2 ? root : zhangsan;
      return new ConsoleClient(server.url, user.token, user.userId).start();
    });
    await until(() => clients.every((c) => c.open), 20_000, 'all consoles open');
    await raiseAlarm(devices[0]!);
    await until(() => clients.every((c) => raisedOn(c, devices[0]!.deviceId).length === 1), 10_000, 'the first alarm everywhere');
    const baseline = new Map(clients.map((c) => [c, c.delivered.at(-1)!.seq - 1]));
    // One more socket, to read the going-away notice itself.
    const listener = connect(server.url, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, auth: root });
    await new Promise((resolve, reject) => {
      listener.once(SOCKET_EVENT.READY, resolve);
      listener.once('connect_error', reject);
    });
    const told = new Promise<GoingAwayNotice>((resolve) => listener.once(SOCKET_EVENT.GOING_AWAY, resolve));

    const stopped = await server.stop('SIGTERM');
    // Exit code 0 is the server's own word that it closed inside its 1.8 s deadline (past it, it exits
    // 1: server/shutdown.ts), and it logs how long its close took on its own clock. Seen from this
    // busy test process (it hosts the 200 consoles, which all retry at that moment) the exit arrives
    // later still, so the outside clock only has to rule out a hang.
    expect(stopped.code).toBe(0);
    expect(server.output).not.toContain('did not finish within');
    expect(server.output).toContain('SIGTERM: shutting down');
    const closedIn = Number(/SIGTERM: closed in (\d+) ms/.exec(server.output)?.[1]);
    expect(closedIn).toBeLessThan(2000);
    expect(stopped.ms).toBeLessThan(5000);
    // The notice named when to come back: about as long as the server's start took (less the seeding
    // of this first start), which this test saw from outside as longer still.
    const notice = await told;
    listener.close();
    expect(notice.backInMs).toBeGreaterThan(0);
    expect(notice.backInMs).toBeLessThanOrEqual(firstStartMs);
    // Every console heard "going away" and waits that long before it tries, then keeps trying briskly.
    await until(() => clients.every((c) => c.attempts.length >= 3), 10_000, 'retries while the server is down');
    const firstTries = clients.map((c) => c.attempts.find((t) => t > c.leaves.at(-1)!)!);
    // (less 1 ms: a timer counts whole milliseconds of the event loop's clock, which can stand up to 1 ms
    // behind performance.now() when the wait starts)
    for (const [i, c] of clients.entries()) expect(firstTries[i]! - c.leaves.at(-1)!).toBeGreaterThanOrEqual(notice.backInMs! - 1);

    await server.start();
    // An alarm right after the start: some consoles are back already, the rest get it replayed.
    await raiseAlarm(devices[1]!);
    // A console that was waiting out a long backoff (the server took long to start on a loaded
    // machine) comes back within the backoff cap: wait that long, not a fixed guess.
    await until(() => clients.every((c) => c.open), BACKOFF_CAP_MS + 15_000, 'every console back');
    await raiseAlarm(devices[2]!);
    await until(
      () => clients.every((c) => raisedOn(c, devices[2]!.deviceId).length >= 1),
      10_000,
      'the alarm after the restart everywhere',
    );

    for (const c of clients) {
      // Exactly once each, and no gap: the console holds exactly the project events its user may see.
      expect(raisedOn(c, devices[1]!.deviceId)).toHaveLength(1);
      expect(raisedOn(c, devices[2]!.deviceId)).toHaveLength(1);
      const seqs = c.delivered.map((m) => m.seq);
      expect(new Set(seqs).size).toBe(seqs.length);
      expect(c.resyncs).toEqual([]);
    }
    const rootExpected = await loggedSeqs(root, baseline.get(clients[1]!)!);
    const zhangsanExpected = await loggedSeqs(zhangsan, baseline.get(clients[0]!)!);
    for (const [i, c] of clients.entries()) {
      const after = c.delivered.map((m) => m.seq).filter((s) => s > baseline.get(c)!);
      expect(after).toEqual(i % 2 ? rootExpected : zhangsanExpected);
    }

    // The first retries: spread over the restart window (RESTART_SPREAD_MS, at random), not one
    // stampede; 200 consoles cover more than half of it all but surely.
    const firstRetries = firstTries.filter((t) => t !== undefined);
    expect(firstRetries).toHaveLength(CLIENTS);
    expect(Math.max(...firstRetries) - Math.min(...firstRetries)).toBeGreaterThan(RESTART_SPREAD_MS / 2);
    // …and they came back spread as well.
    const backAt = clients.map((c) => c.opens.at(-1)!);
    expect(Math.max(...backAt) - Math.min(...backAt)).toBeGreaterThan(RESTART_SPREAD_MS / 2);
  }, 120_000);
});

describe.runIf(sqliteRun)('npm start', () => {
  it('passes SIGTERM on to the server and leaves no orphan process', async () => {
    const proc = await ServerProcess.create({ dataDir: server.dataDir });
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(proc.port),
        HOST: '127.0.0.1',
        DATA_DIR: proc.dataDir,
        SIMULATOR: '0',
        STATIC_DIR: `${proc.dataDir}/no-static`,
      },
    });
    let out = '';
    npm.stdout.on('data', (b: Buffer) => (out += b.toString()));
    npm.stderr.on('data', (b: Buffer) => (out += b.toString()));
    await until(() => out.includes('Voltguard is running'), 60_000, 'npm start to listen');
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(npm.pid)])
      .toString()
      .trim()
      .split(/\s+/)
      .map(Number);
    expect(children.length).toBeGreaterThan(0);
    const t0 = performance.now();
    const code = await new Promise<number | null>((resolve) => {
      npm.once('exit', (c) => resolve(c));
      npm.kill('SIGTERM');
    });
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(out).toContain('SIGTERM: shutting down');
    expect(code).toBe(0);
    for (const pid of children) expect(() => process.kill(pid, 0)).toThrow();
  }, 90_000);
});

describe('the signal handler', () => {
  afterEach(() => vi.useRealTimers());
  function handler(close: () => Promise<void>) {
    const exits: number[] = [];
    const lines: string[] = [];
    const clock = { ms: 0 };
    const onSignal = gracefulShutdown({ close, exit: (c) => void exits.push(c), log: (l) => void lines.push(l), now: () => clock.ms });
    return { onSignal, exits, lines, clock };
  }

  it('a second signal exits at once while the first is still closing', () => {
    const h = handler(() => new Promise<void>(() => {}));
    h.onSignal('SIGTERM');
    expect(h.exits).toEqual([]);
    h.clock.ms = SECOND_SIGNAL_MARGIN_MS;
    h.onSignal('SIGINT');
    expect(h.exits).toEqual([1]);
    expect(h.lines).toEqual(['SIGTERM: shutting down', 'SIGINT while shutting down: exiting now']);
  });

  it('the same stop arriving twice (group-wide, and forwarded by npm) does not cut the drain short', () => {
    const h = handler(() => new Promise<void>(() => {}));
    h.onSignal('SIGTERM');
    h.clock.ms = SECOND_SIGNAL_MARGIN_MS - 1;
    h.onSignal('SIGTERM');
    expect(h.exits).toEqual([]);
    expect(h.lines[1]).toMatch(/^SIGTERM again within \d+ ms/);
  });

  it('a close that hangs is cut off at the deadline, inside 2 s', () => {
    vi.useFakeTimers();
    const h = handler(() => new Promise<void>(() => {}));
    h.onSignal('SIGTERM');
    vi.advanceTimersByTime(SHUTDOWN_DEADLINE_MS - 1);
    expect(h.exits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(h.exits).toEqual([1]);
    expect(SHUTDOWN_DEADLINE_MS).toBeLessThan(2000);
  });

  it('a clean close exits 0 and cancels the deadline', async () => {
    vi.useFakeTimers();
    const h = handler(async () => {});
    h.onSignal('SIGTERM');
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.exits).toEqual([0]);
  });
});
