/**
 * The gateways of bench/notify.ts, in their own process, posting device reports (14 measures) to the
 * real HTTP ingest (`POST /devicedata/api/comm/v1/ingest`, device key) on keep-alive connections.
 *  - `paced`: every device reports every `intervalMs`, spread over the interval, each report stamped with
 *    the time it is sent; device i's report k is over the leak limit when (i + k) % `alarmEvery` = 0 and
 *    normal otherwise (the alarm ends on the next report), so the fleet raises devices × 60 000 /
 *    (intervalMs × alarmEvery) alarms a minute.
 *  - `flood`: `connections` connections, each posting its next report when the answer is read, for
 *    `seconds`; the reports are bench/ingest.ts's alarming data set (leak over its limit on every 5th
 *    report of a device, A-phase temperature on every 7th, rotating) or the same readings with none
 *    over a limit (`dataSet`), report k of the sequence at `baseTime` + k × `stepMs`: every flood round
 *    of a data set posts the very same sequence.
 * Reports what it posted and what failed to its parent.
 */
import http from 'node:http';
import { MEASURES } from '../domain/telemetry';

export type LoadJob =
  | {
      mode: 'paced';
      url: string;
      devices: { code: string; key: string }[];
      intervalMs: number;
      alarmEvery: number;
      durationMs: number;
      /** where in the fleet's schedule to start (a later run goes on where the last one stopped) */
      firstSlot?: number;
    }
  | {
      mode: 'flood';
      url: string;
      devices: { code: string; key: string }[];
      connections: number;
      seconds: number;
      baseTime: number;
      /** reading time between a device's reports */
      stepMs: number;
      /** `alarming`: bench/ingest.ts's alarming data set (an alarm storm); `normal`: no reading over a limit */
      dataSet: 'alarming' | 'normal';
    };

const job = JSON.parse(process.env.BENCH_NOTIFY_LOAD!) as LoadJob;
const target = new URL('/devicedata/api/comm/v1/ingest', job.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: job.mode === 'flood' ? job.connections : 64 });

function normal(i: number, j: number, k: number): number {
  const m = MEASURES[j]!;
  if (m.dataId === 1501) return 0;
  if (m.alarmLimit) return m.alarmLimit * (0.3 + ((i + j + k) % 17) / 100);
  return m.cumulative ? 1000 + k : ((i * 7 + j + k) % 230) + 0.5;
}
/** bench/ingest.ts's alarming data set */
function alarming(i: number, j: number, k: number): number {
  const m = MEASURES[j]!;
  if (m.dataId === 1001 && (i + k) % 5 === 0) return 320 + (i % 50);
  if (m.dataId === 1101 && (i + 2 * k) % 7 === 0) return 75 + (i % 5);
  return normal(i, j, k);
}

let posted = 0;
let failed = 0;
function post(
  d: { code: string; key: string },
  time: number,
  values: { dataId: number; logicalId: number; value: number; status: number }[],
) {
  const body = JSON.stringify({ device: d.code, time, values });
  return new Promise<void>((resolve) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-device-key': d.key },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let okay = res.statusCode === 200;
          try {
            okay &&= (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: number }).code === 0;
          } catch {
            okay = false;
          }
          if (okay) posted++;
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
const report = (values: (i: number, j: number, k: number) => number, i: number, k: number) =>
  MEASURES.map((m, j) => ({ dataId: m.dataId, logicalId: 1, value: values(i, j, k), status: 0 }));

if (job.mode === 'paced') {
  const { devices, intervalMs, alarmEvery, durationMs } = job;
  const t0 = performance.now();
  const end = t0 + durationMs;
  const inFlight: Promise<void>[] = [];
  /** `code|time` of every report over the leak limit: the alarms whose notifications are timed */
  const crossings: string[] = [];
  // Slot s is device s % devices' report k = ⌊s / devices⌋, due at t0 + (s − firstSlot) × interval /
  // devices: each device every interval, the fleet spread over it; one timer walks the schedule.
  const firstSlot = job.firstSlot ?? 0;
  let slot = firstSlot;
  const total = firstSlot + Math.floor((durationMs / intervalMs) * devices.length);
  await new Promise<void>((done) => {
    const step = () => {
      const now = performance.now();
      while (slot < total) {
        const k = Math.floor(slot / devices.length);
        const i = slot % devices.length;
        const due = t0 + ((slot - firstSlot) * intervalMs) / devices.length;
        if (due > now || due >= end) break;
        const crossing = (i + k) % alarmEvery === 0;
        const values = report(normal, i, k);
        if (crossing) values.find((v) => v.dataId === 1001)!.value = 320 + (i % 50);
        const time = Date.now();
        if (crossing) crossings.push(`${devices[i]!.code}|${time}`);
        const p = post(devices[i]!, time, values);
        inFlight.push(p);
        slot++;
      }
      if (slot >= total) done();
      else setTimeout(step, 5);
    };
    step();
  });
  await Promise.all(inFlight);
  agent.destroy();
  process.send!({ type: 'done', posted, failed, crossings, nextSlot: slot, seconds: (performance.now() - t0) / 1000 }, () =>
    process.exit(0),
  );
} else {
  const { devices, connections, seconds, baseTime, stepMs, dataSet } = job;
  const values = dataSet === 'alarming' ? alarming : normal;
  let next = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  const lane = async () => {
    while (performance.now() < end) {
      const n = next++;
      const k = Math.floor(n / devices.length);
      const i = n % devices.length;
      await post(devices[i]!, baseTime + k * stepMs, report(values, i, k));
    }
  };
  await Promise.all(Array.from({ length: connections }, lane));
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  process.send!({ type: 'done', posted, failed, readings: posted * MEASURES.length, seconds: elapsed }, () => process.exit(0));
}
