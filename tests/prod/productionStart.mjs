// The documented production path, run by `npm test`: a copy of the project with the built app and
// production dependencies only (`npm ci --omit=dev`, so no Vite, no TypeScript compiler), started with
// `npm start`; it must serve the app, log in, and exit 0 on SIGTERM.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loginWith } from '../../scripts/loginClient.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-prod-'));
const fail = (msg) => {
  console.error(`production start: ${msg}`);
  process.exitCode = 1;
};

function copyProject() {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
    .toString()
    .split('\0')
    .filter((f) => f && fs.existsSync(path.join(root, f)));
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(work, f)), { recursive: true });
    fs.copyFileSync(path.join(root, f), path.join(work, f));
  }
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  fs.cpSync(path.join(root, 'dist'), path.join(work, 'dist'), { recursive: true });
}

/** Puts the project's compiled better-sqlite3 addon into the copy, after checking both are the same version. */
function reuseSqliteAddon() {
  const pkg = 'node_modules/better-sqlite3';
  const version = (dir) => JSON.parse(fs.readFileSync(path.join(dir, pkg, 'package.json'), 'utf8')).version;
  if (version(root) !== version(work)) throw new Error(`better-sqlite3 ${version(work)} in production, ${version(root)} built here`);
  const addon = path.join(pkg, 'build/Release/better_sqlite3.node');
  fs.mkdirSync(path.dirname(path.join(work, addon)), { recursive: true });
  fs.copyFileSync(path.join(root, addon), path.join(work, addon));
}

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function waitFor(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.ok) return r;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

try {
  copyProject();
  const t0 = Date.now();
  // --ignore-scripts: better-sqlite3's install script compiles SQLite from source where no prebuilt binary can
  // be fetched (here: a minute of one core). The project's own `npm ci` has just compiled the same version
  // from the same lock file, so that addon is reused; everything else is installed exactly as in production.
  execFileSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: work,
    stdio: 'inherit',
  });
  reuseSqliteAddon();
  console.log(`production start: npm ci --omit=dev took ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  for (const dev of ['vite', 'typescript', 'vitest', 'react']) {
    if (fs.existsSync(path.join(work, 'node_modules', dev))) fail(`dev dependency ${dev} was installed`);
  }
  const port = await freePort();
  const password = 'Prod#Root2026';
  const child = spawn('npm', ['start'], {
    cwd: work,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(work, 'data'), ROOT_PASSWORD: password, DEMO: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  try {
    const page = await (await waitFor(`http://127.0.0.1:${port}/`, 60_000)).text();
    if (!page.includes('<div id="root">')) fail('/ did not serve the built app');
    if (/rebuilding|Building the browser app/.test(out)) fail('npm start tried to build in production');
    const post = (p, body) =>
      fetch(`http://127.0.0.1:${port}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    const login = await loginWith(post, 'root', password);
    if (login.code !== 0 || !login.data?.token) fail(`root could not log in: ${JSON.stringify(login)}`);
  } finally {
    // npm passes the signal on to the server process.
    child.kill('SIGTERM');
  }
  const { code, signal } = await exited;
  if (code !== 0) fail(`npm start exited with ${code ?? signal} after SIGTERM`);
  if (!process.exitCode) console.log('production start: served the app, root logged in, exit 0 on SIGTERM');
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
