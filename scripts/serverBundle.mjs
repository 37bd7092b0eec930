// The server compiled to one JavaScript file (dist-server/main.mjs) by esbuild, the TypeScript
// compiler tsx itself uses (a dependency of tsx, so a production install has it too). A start from it
// skips transforming ~300 TypeScript files at every start: on this 2-core machine that was over half
// of a restart (SIGTERM to listening), the time every console waits to come back.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * what the server is built from: its own folder, the contracts it shares with the console, the
 * packages bundled with it (by their lock) and how it is built (this file)
 */
const SOURCES = ['server', 'domain', 'package.json', 'package-lock.json', 'scripts/serverBundle.mjs'];
export const SERVER_BUNDLE = path.join(root, 'dist-server', 'main.mjs');

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/**
 * Packages left outside the bundle, loaded from node_modules at run time: the native driver, packages
 * that find files of their own beside their code (swagger-ui's pages, pino's transport worker), and
 * those only some deployments load, on first use (exports, PostgreSQL, Redis, MQTT, mail, PDF).
 */
const EXTERNAL = [
  'better-sqlite3',
  '@fastify/swagger-ui',
  'pino',
  'thread-stream',
  'exceljs',
  'pg',
  'redis',
  '@socket.io/redis-streams-adapter',
  'aedes',
  'mqtt',
  'nodemailer',
  'playwright-core',
  'esbuild',
  'tsx',
];
/**
 * The bundled packages' CommonJS asks for `require`, `__filename` and `__dirname`, which an ES module
 * has not: they are made for the bundle's own place (dist-server/), from which node_modules resolves
 * as from the sources.
 */
const COMMONJS_GLOBALS = [
  "import { createRequire as __vgCreateRequire } from 'node:module';",
  "import { fileURLToPath as __vgFileURLToPath } from 'node:url';",
  "import __vgPath from 'node:path';",
  'const require = __vgCreateRequire(import.meta.url);',
  'const __filename = __vgFileURLToPath(import.meta.url);',
  'const __dirname = __vgPath.dirname(__filename);',
].join(' ');

/**
 * Builds the bundle when it is missing or older than a source; returns its path, or null when esbuild
 * cannot be loaded or the build fails (the caller then runs the sources through tsx as before).
 * The packages the server loads at every start (fastify and its plugins, socket.io, kysely, zod, …)
 * are in it: resolving, reading and compiling some 400 files of node_modules one by one was a third of
 * a start, 635–720 ms from spawn to listening here against 440–570 with them bundled (five starts of
 * each, alternating, on a data dir that exists: a restart).
 */
export async function ensureServerBundle() {
  const built = fs.existsSync(SERVER_BUNDLE) ? fs.statSync(SERVER_BUNDLE).mtimeMs : 0;
  if (built > Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))))) return SERVER_BUNDLE;
  try {
    const esbuild = await import('esbuild');
    const { outputFiles } = await esbuild.build({
      entryPoints: [path.join(root, 'server', 'main.ts')],
      outfile: SERVER_BUNDLE,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: EXTERNAL,
      banner: { js: COMMONJS_GLOBALS },
      sourcemap: 'linked',
      logLevel: 'error',
      write: false,
    });
    // Each file written whole under a temporary name, then renamed: a server starting beside this
    // build (tests start several at once) reads the old bundle or the new one, never half of one.
    fs.mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
    // the bundle itself last: its time says the whole build is there
    const last = (f) => f.path === SERVER_BUNDLE;
    for (const file of [...outputFiles.filter((f) => !last(f)), ...outputFiles.filter(last)]) {
      const temp = `${file.path}.${process.pid}.tmp`;
      fs.writeFileSync(temp, file.contents);
      fs.renameSync(temp, file.path);
    }
    return SERVER_BUNDLE;
  } catch (err) {
    console.error(
      `The server could not be compiled (${err instanceof Error ? err.message.split('\n')[0] : String(err)}): starting from its sources.`,
    );
    return null;
  }
}

// `node scripts/serverBundle.mjs` (part of `npm run build`): build it now.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!(await ensureServerBundle())) process.exit(1);
}
