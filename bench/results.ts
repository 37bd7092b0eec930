/**
 * bench/results.json: one flat object of figures keyed as the issues name them (e.g.
 * `storage_bytes_per_reading`), plus `_runs` saying when and where each bench last wrote. Every bench
 * merges only its own keys, so running one bench never erases another's figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RESULTS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results.json');

type Results = Record<string, unknown> & { _runs?: Record<string, unknown> };

function read(): Results {
  try {
    return JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as Results;
  } catch {
    return {};
  }
}

/** Merges `keys` into bench/results.json (read just before the write: benches run one after another). */
export function recordResults(bench: string, keys: Record<string, number>, detail: Record<string, unknown> = {}): void {
  const all = read();
  for (const [k, v] of Object.entries(keys)) {
    if (!Number.isFinite(v)) throw new Error(`bench ${bench}: ${k} is not a number (${v})`);
    all[k] = v;
  }
  all._runs = {
    ...all._runs,
    [bench]: {
      at: new Date().toISOString(),
      node: process.version,
      cores: os.cpus().length,
      loadavg: os.loadavg().map((x) => +x.toFixed(2)),
      keys: Object.keys(keys),
      ...detail,
    },
  };
  const sorted: Results = {};
  for (const k of Object.keys(all)
    .filter((k) => k !== '_runs')
    .sort())
    sorted[k] = all[k];
  sorted._runs = all._runs;
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(
    `bench ${bench}: ${Object.entries(keys)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')} → ${path.relative(process.cwd(), RESULTS_FILE)}`,
  );
}
