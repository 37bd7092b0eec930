// Starts the real server for e2e on a fresh temporary data dir, removed again on exit.
// `--live`: a second server with the device simulator on, fast reports and short communication
// timeouts, for the realtime specs; the default one stays quiet so other specs are deterministic.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { E2E_PASSWORDS } from './credentials.mjs';

const live = process.argv.includes('--live');
const port = Number(process.env.E2E_PORT ?? 18765) + (live ? 1 : 0);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), live ? 'vg-e2e-live-' : 'vg-e2e-'));
const quiet = {
  SIMULATOR: '0',
  // Nobody reports on the quiet server: keep every device "communicating" for the whole run.
  COMM_RETRY_S: '86400',
  COMM_EXIT_S: '172800',
  // early-warning.spec.ts backfills a drifting device and waits for its 趋势预警: compaction of the
  // closed hours, then the hourly judgement, each looked for every 5 s here (30 s and 60 s by default)
  HISTORY_COMPACT_S: '5',
  EARLY_WARNING_CHECK_S: '5',
};
const busy = {
  SIMULATOR: '1',
  SIM_INTERVAL_S: '2',
  // Devices 33–40 are left to the tests' own gateway emulator or to drop out.
  SIM_DEVICES: '32',
  COMM_RETRY_S: '4',
  COMM_EXIT_S: '8',
  REMOTE_TIMEOUT_S: '8',
};
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    // The server process runs in UTC, the browser in New York, the project in Asia/Shanghai (issue 15).
    TZ: 'UTC',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // E2E_STATIC_DIR: a private build, so a concurrent `vite build` into dist/ cannot blank a running suite.
    STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
    ROOT_PASSWORD: E2E_PASSWORDS.root,
    // every spec logs in from 127.0.0.1: far more often than a person, so the login throttle is raised
    LOGIN_RATE_LIMIT: '100000',
    DEMO_PASSWORD: E2E_PASSWORDS.demo,
    // Alarms raised here are left unconfirmed by most specs: escalation (issue 19, default 5 min for
    // 事故) would put its banner over screens other specs measure and photograph. Its own spec
    // (escalation.spec.ts) runs a server of its own with the production setting.
    ESCALATION_CHECK_S: '0',
    // Notification specs send to receivers they start on 127.0.0.1 (issue 28).
    NOTIFY_ALLOW_PRIVATE: '1',
    ...(live ? busy : quiet),
    ...(process.env.E2E_SIMULATOR === '1' ? { SIMULATOR: '1' } : {}),
  },
});
const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
