/** Child process of bench/alarmLatency.ts: holds many socket.io clients and measures receipt latency. */
import { io } from 'socket.io-client';
import type { NoticeMessage } from '../domain/telemetry';

const { url, tokens, probeIds } = JSON.parse(process.env.BENCH_CLIENTS!) as {
  url: string;
  tokens: { token: string; userId: number }[];
  probeIds: number[];
};
const probes = new Set(probeIds);
const latencies: number[] = [];
let ready = 0;
let received = 0;
for (const t of tokens) {
  const s = io(url, { path: '/messageServer/websocket', transports: ['websocket'], auth: t, reconnection: false });
  s.on('ready', () => {
    if (++ready === tokens.length) process.send!({ type: 'ready' });
  });
  s.on('message', (m: NoticeMessage) => {
    received++;
    if (m.kind === 'alarm.raised' && m.description.deviceId !== null && probes.has(m.description.deviceId))
      latencies.push(Date.now() - m.time);
  });
  s.on('connect_error', (e) => process.send!({ type: 'error', message: e.message }));
}
process.on('message', (m: { type: string }) => {
  if (m.type === 'collect') {
    process.send!({ type: 'latencies', latencies, received }, () => process.exit(0));
  }
});
