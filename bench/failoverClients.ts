/**
 * Child process of bench/failover.ts: holds its share of the consoles, each the browser's own live
 * connection (the websocket machine with its backoff and jitter, and the socket.io actor), all through
 * nginx. It reports the latency of every probe alarm at every console, and after each kill (a 'mark')
 * how many of its consoles lost their connection and when each was subscribed again ('ready').
 * Times are Date.now(): the parent and every child share the machine's clock.
 */
import { createActor, fromPromise } from 'xstate';
import { websocketMachine } from '../machines/websocketMachine';
import { createSocketActor } from '../src/app/realtime/socketActor';

interface Setup {
  url: string;
  users: { token: string; userId: number }[];
  count: number;
  probeDeviceIds: number[];
}

interface Console {
  readyAt: number[];
  attempts: number[];
}

const setup = JSON.parse(process.env.BENCH_FAILOVER!) as Setup;
const probes = new Set(setup.probeDeviceIds);
const consoles: Console[] = [];
/** console receipt − the probe reading's time, every (probe alarm, console) pair */
const latencies: number[] = [];
let readySent = false;

for (let i = 0; i < setup.count; i++) {
  const user = setup.users[i % setup.users.length]!;
  const c: Console = { readyAt: [], attempts: [] };
  consoles.push(c);
  const socket = createSocketActor({
    url: setup.url,
    token: () => user.token,
    onNotice: (m) => {
      if (m.kind === 'alarm.raised' && m.description.deviceId !== null && probes.has(m.description.deviceId))
        latencies.push(Date.now() - m.time);
    },
    onAttempt: () => void c.attempts.push(Date.now()),
    onReady: () => {
      c.readyAt.push(Date.now());
      if (!readySent && consoles.length === setup.count && consoles.every((x) => x.readyAt.length > 0)) {
        readySent = true;
        process.send!({ type: 'ready' });
      }
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
    { input: { userId: user.userId, supported: true } },
  ).start();
}

process.on('message', (m: { type: string; at?: number }) => {
  if (m.type === 'failover') {
    // since the kill at `at`: consoles that tried to connect again, and when each was subscribed again
    const at = m.at!;
    const lost = consoles.filter((c) => c.attempts.some((t) => t > at));
    const back = lost.flatMap((c) => c.readyAt.find((t) => t > at) ?? []).map((t) => t - at);
    process.send!({ type: 'failover', lost: lost.length, back });
  } else if (m.type === 'latencies') {
    process.send!({ type: 'latencies', latencies: latencies.splice(0) });
  } else if (m.type === 'exit') process.exit(0);
});
