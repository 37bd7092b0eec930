/**
 * A client process of bench/alarmLatency.ts: holds its share of the consoles (socket.io clients as the
 * browser connects them), each watching what its screen would show (one project's wall, or every
 * project for the baseline), and measures reading time → receipt of the probe alarms and the bytes
 * each console receives.
 */
import os from 'node:os';
import { io, type Socket } from 'socket.io-client';
import type { NoticeMessage } from '../domain/telemetry';
import { SOCKET_EVENT } from '../domain/socketProtocol';

export interface BenchConsole {
  token: string;
  userId: number;
  /** the wall of one project, or every project (the baseline console receiving every update) */
  watch: number | 'all';
}

const { url, consoles, probeIds, niceness } = JSON.parse(process.env.BENCH_CLIENTS!) as {
  url: string;
  consoles: BenchConsole[];
  probeIds: number[];
  /** above 0 when this process is background load (the run with pages: bench/alarmLatency.ts BACKGROUND_NICE) */
  niceness: number;
};
if (niceness) os.setPriority(niceness);
const probes = new Set(probeIds);
const latencies: number[] = [];
/** bytes received per console during the measuring window */
const bytes = new Float64Array(consoles.length);
let measuring = false;
let ready = 0;
let received = 0;
const sockets: Socket[] = [];

consoles.forEach((c, i) => {
  const s = io(url, {
    path: '/messageServer/websocket',
    transports: ['websocket'],
    // as the console does (socketActor): notices that queued up on the server come as one `messages` event
    auth: { token: c.token, userId: c.userId, batches: true },
    reconnection: false,
  });
  sockets.push(s);
  s.io.on('open', () => {
    // What arrives on the wire: every engine.io packet's payload (socket.io's encoded frames).
    s.io.engine.on('packet', (p: { data?: unknown }) => {
      if (!measuring) return;
      const d = p.data;
      bytes[i]! += typeof d === 'string' ? Buffer.byteLength(d) : d instanceof ArrayBuffer || ArrayBuffer.isView(d) ? d.byteLength : 0;
    });
  });
  s.on('ready', () => {
    // The screen says what it shows; the server pushes device updates of that only.
    s.emit(SOCKET_EVENT.WATCH, c.watch === 'all' ? { projectIds: 'all', deviceIds: [] } : { projectIds: [c.watch], deviceIds: [] });
    if (++ready === consoles.length) process.send!({ type: 'ready' });
  });
  const heard = (m: NoticeMessage) => {
    received++;
    if (m.kind === 'alarm.raised' && m.description.deviceId !== null && probes.has(m.description.deviceId))
      latencies.push(Date.now() - m.time);
  };
  s.on(SOCKET_EVENT.MESSAGE, heard);
  s.on(SOCKET_EVENT.MESSAGES, (list: NoticeMessage[]) => list.forEach(heard));
  s.on('connect_error', (e) => process.send!({ type: 'error', message: e.message }));
});

let started = 0;
process.on('message', (m: { type: string }) => {
  if (m.type === 'measure') {
    measuring = true;
    started = performance.now();
  } else if (m.type === 'collect') {
    measuring = false;
    const seconds = (performance.now() - started) / 1000;
    const perSecond = (watch: (w: number | 'all') => boolean) => consoles.flatMap((c, i) => (watch(c.watch) ? [bytes[i]! / seconds] : []));
    for (const s of sockets) s.disconnect();
    process.send!(
      {
        type: 'latencies',
        latencies,
        received,
        oneProjectBytesPerS: perSecond((w) => w !== 'all'),
        allBytesPerS: perSecond((w) => w === 'all'),
      },
      () => process.exit(0),
    );
  }
});
