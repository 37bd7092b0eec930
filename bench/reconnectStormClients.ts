/**
 * Child process of bench/reconnectStorm.ts: holds its share of the consoles, each the browser's own
 * live connection (the websocket machine with its backoff and jitter, and the socket.io actor), and
 * reports when each one is subscribed again after the restart and when the probe alarm reached it.
 * Times are Date.now(): the parent and every child share the machine's clock.
 */
import { createActor, fromPromise } from 'xstate';
import { websocketMachine } from '../machines/websocketMachine';
import { createSocketActor } from '../src/app/realtime/socketActor';

interface Setup {
  url: string;
  users: { token: string; userId: number }[];
  count: number;
  probeDeviceId: number;
}

interface Console {
  /** when the server last said 'ready' (replayed and subscribed) */
  readyAt: number[];
  attempts: number[];
  /** receipts of the probe's alarm: [received at, the alarm's reading time] */
  alarms: [number, number][];
  /** when the going-away notice reached the console's machine (when the server ended the connection after it) */
  goingAwayAt: number[];
}

const setup = JSON.parse(process.env.BENCH_STORM!) as Setup;
const consoles: Console[] = [];
let mark = Infinity;
/** this process's CPU and the time when the server listened again, and its share of a core from then until its consoles were all back */
let cpuAtListen: NodeJS.CpuUsage | null = null;
let wallAtListen = 0;
let cpuShare: number | null = null;

for (let i = 0; i < setup.count; i++) {
  const user = setup.users[i % setup.users.length]!;
  const c: Console = { readyAt: [], attempts: [], alarms: [], goingAwayAt: [] };
  consoles.push(c);
  const socket = createSocketActor({
    url: setup.url,
    token: () => user.token,
    onNotice: (m) => {
      if (m.kind === 'alarm.raised' && m.description.deviceId === setup.probeDeviceId) {
        c.alarms.push([Date.now(), m.time]);
        check();
      }
    },
    onAttempt: () => void c.attempts.push(Date.now()),
    onReady: () => {
      c.readyAt.push(Date.now());
      check();
    },
  });
  createActor(
    websocketMachine.provide({
      actors: { socket, register: fromPromise(async () => {}) },
      actions: {
        resync: () => {},
        unauthorized: (_, p) => process.send!({ type: 'error', message: `console ${i} ended: ${p.reason}` }),
        rescoped: () => {},
      },
    }),
    {
      input: { userId: user.userId, supported: true },
      // when each console learnt of the restart: a console that did not hears only the closed connection
      inspect: (e) => {
        if (e.type === '@xstate.event' && e.event.type === 'SOCKET.GOING_AWAY') c.goingAwayAt.push(Date.now());
      },
    },
  ).start();
}

let readySent = false;
let doneSent = false;
function check() {
  if (!readySent && consoles.every((c) => c.readyAt.length > 0)) {
    readySent = true;
    process.send!({ type: 'ready' });
  }
  if (!doneSent && mark !== Infinity && consoles.every((c) => c.readyAt.some((t) => t > mark) && c.alarms.some(([t]) => t > mark))) {
    doneSent = true;
    const cpu = process.cpuUsage(cpuAtListen ?? undefined);
    cpuShare = (cpu.user + cpu.system) / 1000 / (performance.now() - wallAtListen);
    process.send!({ type: 'done' });
  }
}

process.on('message', (m: { type: string; at?: number }) => {
  if (m.type === 'mark') {
    mark = m.at!;
    check();
  } else if (m.type === 'listening') {
    cpuAtListen = process.cpuUsage();
    wallAtListen = performance.now();
  } else if (m.type === 'collect') {
    const rows = consoles.map((c) => ({
      // the first subscription after the restart began
      back: c.readyAt.find((t) => t > mark) ?? null,
      attemptsAfter: c.attempts.filter((t) => t > mark).length,
      firstRetryAfter: c.attempts.find((t) => t > mark) ?? null,
      alarms: c.alarms.filter(([t]) => t > mark),
      goingAwayAfter: c.goingAwayAt.find((t) => t > mark) ?? null,
    }));
    process.send!({ type: 'collected', rows, cpuShare }, () => process.exit(0));
  }
});
