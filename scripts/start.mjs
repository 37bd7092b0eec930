// `npm start`: build the browser app when its build is missing or stale, then run the server in this
// same Node process, compiled (scripts/serverBundle.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', 'index.html');
const SOURCES = ['src', 'domain', 'machines', 'workers', 'streams', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Vite is a dev dependency: a production install (`npm ci --omit=dev`) serves the existing build. */
async function loadVite() {
  try {
    return await import('vite');
  } catch {
    return null;
  }
}

const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
if (process.env.NODE_ENV !== 'production' && built < sources) {
  const vite = await loadVite();
  if (vite) {
    console.log(built ? 'Browser app is stale: rebuilding…' : 'Building the browser app…');
    await vite.build({ root, logLevel: 'warn' });
  } else if (!built) {
    console.error('The browser app is not built and Vite is not installed (production install).');
    console.error('Build it once with the dev dependencies: npm ci && npm run build, then npm ci --omit=dev.');
    process.exit(1);
  }
}

// The server compiled once to dist-server/ (again when a source is newer), which starts in less than
// half the time of transforming its sources; tsx in-process when it cannot be compiled.
const { ensureServerBundle } = await import('./serverBundle.mjs');
const bundle = await ensureServerBundle();
let server;
if (bundle) server = await import(pathToFileURL(bundle).href);
else {
  const { register } = await import('tsx/esm/api');
  register();
  server = await import('../server/main.ts');
}
await server.startServer();
