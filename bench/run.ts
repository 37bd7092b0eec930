/**
 * `npm run bench` runs every bench below, one after another, each in its own Node process;
 * `npm run bench -- NAME [NAME…]` runs only those. A bench is `bench/NAME.ts`: it prints its detail and
 * merges its own keys into bench/results.json (bench/results.ts). bench/README.md says what each
 * figure measures and what it is compared with.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineRefMs } from './machineRef';
import { recordResults } from './results';
import { SERVER_NODE_FLAGS } from '../scripts/nodeFlags.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** name → what it is about (the file is bench/NAME.ts) */
const BENCHES: Record<string, string> = {
  storage: 'history at fleet scale: codecs, bytes per reading, month raw, year trend, ingest with compaction (issue 18)',
  history: 'one 43,200-point series on the server (issue 17 item 5)',
  historyChart: 'history screen in Chromium: 8 × 30 d and 1 year, request → painted, against ECharts (issue 17 item 5)',
  ingest: 'ingest throughput against raw better-sqlite3',
  events: 'one filtered event page over 1,000,000 events',
  eventsPage: 'the /alarmEvent screen over 1,000,000 events',
  ledger: 'the device ledger at 20,000 terminals',
  alarmLatency: 'ingest → console alarm latency, loop delay and fan-out at 10,000 devices and 1,000 socket consoles',
  alarmBell:
    "the same run with 2 of the 1,000 consoles real Chromium pages: reading → bell painted (issue 32; the pages share the server's 2 cores, so this run gives the bell only)",
  apiLight: 'GET /auth/v1/user against a bare Fastify route with the same JSON',
  bundle: 'the browser entry chunk, raw and gzip',
  realtimeWall: 'the wall at 5,000 devices and 1,000 updates/s in Chromium',
  realtimeWall4k:
    'the wall on a 3840×2160 screen at 10,000 devices and 2,000 readings/s over HTTP from a fleet process: frames, reading → tile painted, header counts asserted (issues 19, 32)',
  kioskSoak:
    'a kiosk for a 24 h day compressed with page.clock under a steady alarm stream: retained heap, rotation under a flood (issue 19)',
  reconnectStorm: '1,000 consoles in 4 processes, the server restarted with SIGTERM: all resubscribed, first alarm after (issue 13)',
  earlyWarning:
    'trend and departure warnings on 1,000 labelled devices × 60 days through the real ingest and rollups: recall, lead, false warnings against the 80 % rule; ingest ratio (issue 31)',
  scaleOut:
    'ingest on a private PostgreSQL against raw multi-row INSERTs of the same rows (pg_ingest_ratio_to_raw, issue 32); MQTT ingest through Mosquitto (issue 16)',
  failover:
    'nginx in front of 2 instances, 1,000 consoles: kill -9 → resubscribed p50/p99, alarm latency across instances, ingest through nginx against direct (issue 34)',
  notify: 'alarm → webhook received at 1,000 alarms/min over 3 channel kinds, ingest with notification rules on against off (issue 28)',
  orderFigures: 'the review figures of work orders (处置统计, its export, the report section) over 100,000 alarms in a month (issue 29)',
};

const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = asked.filter((n) => !(n in BENCHES));
if (unknown.length) {
  console.error(`unknown bench: ${unknown.join(', ')}\nbenches: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}
const names = asked.length ? asked : Object.keys(BENCHES);
/** a whole run records its wall time and the machine's speed at its start and end (bench/machineRef.ts) */
const whole = asked.length === 0;
const refStartMs = whole ? machineRefMs() : NaN;
if (whole) console.log(`== machine reference workload: ${refStartMs} ms (best of 5)`);
/** Benches that are another bench's script with arguments. */
const SCRIPTS: Record<string, string[]> = { alarmBell: ['alarmLatency.ts', '10000', '1000', '300', '2'] };
/** Benches that drive the built app in Chromium: the app is built once first (a fresh clone has no dist/). */
const NEEDS_BUILD = new Set(['alarmBell', 'historyChart', 'eventsPage', 'realtimeWall', 'realtimeWall4k', 'kioskSoak']);
if (names.some((n) => NEEDS_BUILD.has(n))) {
  console.log('== vite build (for the Chromium benches)');
  const built = spawnSync(process.execPath, [path.join(path.dirname(HERE), 'node_modules/vite/bin/vite.js'), 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    cwd: path.dirname(HERE),
  });
  if (built.status !== 0) {
    console.error('vite build failed');
    process.exit(1);
  }
}
/** The bench's wall time beside its figures (`_runs.NAME.seconds`): issue 32 asks the whole run for ≤ 900 s. */
function noteSeconds(name: string, seconds: number): void {
  const file = path.join(HERE, 'results.json');
  try {
    const all = JSON.parse(fs.readFileSync(file, 'utf8')) as { _runs?: Record<string, Record<string, unknown>> };
    // A bench may record several sections (storage_fleet, …): each section of this run gets the bench's time.
    const since = Date.now() - seconds * 1000 - 5000;
    for (const [key, run] of Object.entries(all._runs ?? {}))
      if ((key === name || key.startsWith(`${name}_`)) && Date.parse(String(run.at)) >= since) run.seconds = seconds;
    fs.writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
  } catch {
    // no results.json yet: nothing to annotate
  }
}
/** What one bench leaves for a later one of the same run (bench/eventStore.ts): removed when the run ends. */
const sharedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-bench-shared-'));
const failed: string[] = [];
const started = performance.now();
for (const name of names) {
  console.log(`\n== bench ${name}: ${BENCHES[name]}`);
  const t0 = performance.now();
  const [script, ...args] = SCRIPTS[name] ?? [`${name}.ts`];
  // A bench's process runs its servers (benchApp) with the flags `npm start` gives the server.
  const r = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '--expose-gc', '--import', 'tsx', path.join(HERE, script!), ...args], {
    stdio: 'inherit',
    cwd: path.dirname(HERE),
    env: { ...process.env, BENCH_SHARED_DIR: sharedDir },
  });
  const s = ((performance.now() - t0) / 1000).toFixed(0);
  noteSeconds(name, Number(s));
  if (r.status !== 0) {
    failed.push(name);
    console.error(`== bench ${name} failed (${r.signal ?? `exit ${r.status}`}) after ${s} s`);
  } else console.log(`== bench ${name} done in ${s} s`);
}
fs.rmSync(sharedDir, { recursive: true, force: true });
const totalS = Math.round((performance.now() - started) / 1000);
console.log(`\n${names.length - failed.length}/${names.length} benches done in ${totalS} s`);
if (whole) {
  // the command's own wall time, from the process's start: the build and the reference workload too
  const wholeS = Math.round(performance.now() / 1000);
  const refEndMs = machineRefMs();
  console.log(`== whole run ${wholeS} s; machine reference workload at the end: ${refEndMs} ms`);
  recordResults(
    'run',
    { bench_whole_run_s: wholeS, machine_ref_ms: refStartMs, machine_ref_end_ms: refEndMs },
    { failed, cpu: os.cpus()[0]?.model ?? '' },
  );
}
if (failed.length) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
