/**
 * Worker thread of bench/storage.ts: simulates a slice of the fleet with the device simulator and
 * encodes every hour of every series exactly as the compactor does (raw block, 1-hour rollup row) and
 * as retention does once the raw block leaves (1-minute rollup block), posting one hour at a time and
 * staying at most a few hours ahead of the writer.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DeviceSim } from '../server/simulator/deviceSim';
import { encodePoints } from '../server/series/seriesEncode';
import { encodeRollups, HOUR_MS, MINUTE_MS, rollUp, rollUpRollups } from '../server/series/rollups';
import { MEASURES } from '../domain/telemetry';

export interface FleetWindow {
  deviceid: number;
  dataid: number;
  count: number;
  raw: Uint8Array;
  minutes: number;
  minuteBlock: Uint8Array;
  /** min, max, sum, last, count, status */
  hourRow: [number, number, number, number, number, number];
}

export interface FleetHour {
  hour: number;
  start: number;
  windows: FleetWindow[];
}

interface Slice {
  first: number;
  count: number;
  t0: number;
  hours: number;
}

const AHEAD = 3;

if (parentPort) {
  const port = parentPort;
  const { first, count, t0, hours } = workerData as Slice;
  const sims = Array.from({ length: count }, (_, i) => new DeviceSim(first + i, `FLEET${first + i}`, 18));
  const index = new Map(MEASURES.map((m, k) => [m.dataId, k]));
  let consumed = 0;
  port.on('message', () => consumed++);
  const cols = MEASURES.map(() => ({ time: new Float64Array(240), value: new Float64Array(240), status: new Uint8Array(240), n: 0 }));
  for (let h = 0; h < hours; h++) {
    while (h - consumed >= AHEAD) await new Promise((r) => setTimeout(r, 5));
    const start = t0 + h * HOUR_MS;
    const windows: FleetWindow[] = [];
    for (const sim of sims) {
      for (const c of cols) c.n = 0;
      for (let i = 0; i < 240; i++) {
        const t = start + i * 15_000;
        // communication drop-outs as the simulator has them: those reports never arrive
        if (sim.silent()) continue;
        for (const r of sim.readings(t)) {
          const c = cols[index.get(r.dataId)!]!;
          c.time[c.n] = t;
          c.value[c.n] = r.value;
          c.status[c.n] = r.status;
          c.n++;
        }
      }
      MEASURES.forEach((m, k) => {
        const c = cols[k]!;
        if (c.n === 0) return;
        const points = { time: c.time.subarray(0, c.n), value: c.value.subarray(0, c.n), status: c.status.subarray(0, c.n) };
        const minutes = rollUp(points, MINUTE_MS);
        const hour = rollUpRollups(minutes, HOUR_MS);
        windows.push({
          deviceid: sim.id,
          dataid: m.dataId,
          count: c.n,
          raw: encodePoints(points),
          minutes: minutes.time.length,
          minuteBlock: encodeRollups(minutes),
          hourRow: [hour.min[0]!, hour.max[0]!, hour.sum[0]!, hour.last[0]!, hour.count[0]!, hour.status[0]!],
        });
      });
    }
    port.postMessage({ hour: h, start, windows } satisfies FleetHour);
  }
}
