/**
 * How fast this machine is, as one figure: a fixed single-thread workload that touches none of our
 * code (JSON, a typed-array sort, zlib, a Map), timed best of 5. `npm run bench` takes it before the
 * first bench and after the last (`machine_ref_ms`, `machine_ref_end_ms`), so figures of runs on
 * different machines can be set side by side: two machines of the same kind here differed by some 1.6×
 * in CPU-bound figures (series_43200_server_ms 6.41 against 10.57 ms, same build), and a whole run by
 * 898 against 1,218 s. An end much slower than the start says the machine got busier during the run.
 */
import zlib from 'node:zlib';

/** A deterministic pseudo-random sequence (a 32-bit LCG): the same work on every machine. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
}

function workload(): number {
  const rnd = lcg(32);
  const rows = Array.from({ length: 50_000 }, (_, i) => ({ id: i, name: `设备${i}`, value: Math.round(rnd() * 1e6) / 100 }));
  let check = (JSON.parse(JSON.stringify(rows)) as typeof rows).length;
  const values = new Float64Array(500_000);
  for (let i = 0; i < values.length; i++) values[i] = rnd();
  check += values.sort()[0]! < 1 ? 1 : 0;
  const text = Buffer.from(Array.from({ length: 200_000 }, () => `t=${Math.floor(rnd() * 1000)};`).join(''));
  check += zlib.deflateSync(text, { level: 6 }).length > 0 ? 1 : 0;
  const map = new Map<number, number>();
  for (let i = 0; i < 200_000; i++) map.set(Math.floor(rnd() * 1e9), i);
  let found = 0;
  for (const k of map.keys()) found += map.get(k)! >= 0 ? 1 : 0;
  return check + found;
}

/** The workload's best time of 5 (ms, one decimal): the machine's speed, with as little of its noise as can be had. */
export function machineRefMs(): number {
  let best = Infinity;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    workload();
    best = Math.min(best, performance.now() - t0);
  }
  return Math.round(best * 10) / 10;
}
