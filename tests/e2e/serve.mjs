// Starts the real server for e2e on a fresh temporary data dir, removed again on exit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { E2E_PASSWORDS } from './credentials.mjs';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-e2e-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '18765',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: 'dist',
    ROOT_PASSWORD: E2E_PASSWORDS.root,
    DEMO_PASSWORD: E2E_PASSWORDS.demo,
    SIMULATOR: process.env.E2E_SIMULATOR ?? '0',
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
