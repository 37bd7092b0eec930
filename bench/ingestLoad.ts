/**
 * A gateway fleet in its own process (bench/failover.ts): `connections` keep-alive connections, each
 * posting the next device batch (14 alarm-free readings) to the device HTTP ingest as soon as the
 * previous answer is read, for `seconds`, spreading requests over `targets` in turn (nginx alone, or
 * the instances directly). Reports the readings accepted (answers with code 0) and the failures.
 */
import http from 'node:http';
import { MEASURES } from '../domain/telemetry';

const { targets, devices, seconds, connections, timeBase } = JSON.parse(process.env.BENCH_INGEST!) as {
  targets: string[];
  devices: { code: string; key: string }[];
  seconds: number;
  connections: number;
  /** reading times start here and step 1 s per batch of a device, so no batch repeats another's time */
  timeBase: number;
};
const agent = new http.Agent({ keepAlive: true, maxSockets: connections * targets.length });
const urls = targets.map((t) => new URL('/devicedata/api/comm/v1/ingest', t));
let accepted = 0;
let failed = 0;
let sent = 0;
const end = performance.now() + seconds * 1000;

/** Every limited measure below its early-warning level: no alarm work, only the write path. */
const values = (k: number) =>
  MEASURES.map((m, j) => ({
    dataId: m.dataId,
    logicalId: 1,
    value: m.alarmLimit ? (m.alarmLimit * ((j + k) % 10)) / 20 : (j + k) % 230,
    status: 0,
  }));

function once(): Promise<void> {
  const n = sent++;
  const device = devices[n % devices.length]!;
  const round = Math.floor(n / devices.length);
  const target = urls[n % urls.length]!;
  const body = JSON.stringify({ device: device.code, time: timeBase + round * 1000, values: values(round) });
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-device-key': device.key },
        agent,
      },
      (res) => {
        let text = '';
        res.on('data', (b: Buffer) => (text += b.toString()));
        res.on('end', () => {
          const answer = JSON.parse(text) as { code: number; data: { accepted: number } | null };
          if (answer.code === 0 && answer.data) accepted += answer.data.accepted;
          else failed++;
          resolve();
        });
      },
    );
    req.on('error', () => {
      failed++;
      resolve();
    });
    req.end(body);
  });
}

async function loop(): Promise<void> {
  while (performance.now() < end) await once();
}

const t0 = performance.now();
await Promise.all(Array.from({ length: connections }, loop));
const elapsed = (performance.now() - t0) / 1000;
agent.destroy();
process.send!({ accepted, failed, seconds: elapsed }, () => process.exit(0));
