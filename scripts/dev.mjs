// `npm run dev`: the backend on :8080 and Vite with HMR on :5173, proxying the services and socket.io.
import { spawn } from 'node:child_process';

const backend = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, STATIC_DIR: 'none' },
});
const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' });
const stop = () => {
  backend.kill('SIGTERM');
  vite.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
backend.on('exit', (code) => {
  vite.kill('SIGTERM');
  process.exitCode = code ?? 0;
});
vite.on('exit', () => backend.kill('SIGTERM'));
