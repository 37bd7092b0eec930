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
const SOURCES = ['server', 'domain', 'package.json', 'package-lock.json', 'scripts/serverBundle.mjs', 'scripts/bundleLoader.mjs'];
/** the entry: scripts/bundleLoader.mjs, which runs the bundle (main.cjs) through V8's code cache */
export const SERVER_BUNDLE = path.join(root, 'dist-server', 'main.mjs');
const BUNDLE_CODE = path.join(root, 'dist-server', 'main.cjs');

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
 * that find files of their own beside their code (pino's transport worker; swagger-ui is told where its
 * pages are, server/http/apiDocs.ts), and
 * those only some deployments load, on first use (exports, PostgreSQL, Redis, MQTT, mail, PDF).
 */
const EXTERNAL = [
  'better-sqlite3',
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
 * The bundle as scripts/bundleLoader.mjs runs it:
 * - each import() of a package loaded on first use goes through the loader's __vgImport (a script's
 *   own import() fails on Node 20 in a function read back from a code cache); an import() of anything
 *   else fails the build;
 * - in ASCII, read without decoding: esbuild escapes every string and regular expression, and what it
 *   leaves are some packages' comments, escaped here the same way.
 */
function forTheLoader(code) {
  const imports = code.replace(/(?<![\w$.])import\("([^"]+)"\)/g, (call, specifier) => {
    if (!EXTERNAL.includes(specifier)) throw new Error(`import("${specifier}") of a package the bundle holds`);
    return `__vgImport("${specifier}")`;
  });
  return imports.replace(/[\u0080-\u{10ffff}]/gu, (c) => `\\u{${c.codePointAt(0).toString(16)}}`);
}

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
      outfile: BUNDLE_CODE,
      bundle: true,
      platform: 'node',
      // CommonJS, for the code cache (scripts/bundleLoader.mjs); the sources' import.meta.url is the
      // loader's, and import() stays import() (aedes is an ES module only)
      format: 'cjs',
      define: { 'import.meta.url': '__vgMetaUrl' },
      supported: { 'dynamic-import': true },
      target: 'node20',
      external: EXTERNAL,
      sourcemap: 'linked',
      logLevel: 'error',
      write: false,
    });
    // Each file written whole under a temporary name, then renamed: a server starting beside this
    // build (tests start several at once) reads the old bundle or the new one, never half of one.
    fs.mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
    // the entry last: its time says the whole build is there
    const files = outputFiles.map((f) => ({ path: f.path, contents: f.path === BUNDLE_CODE ? forTheLoader(f.text) : f.contents }));
    files.push({ path: SERVER_BUNDLE, contents: fs.readFileSync(path.join(root, 'scripts', 'bundleLoader.mjs')) });
    for (const file of files) {
      const temp = `${file.path}.${process.pid}.tmp`;
      fs.writeFileSync(temp, file.contents);
      fs.renameSync(temp, file.path);
    }
    // the code caches of earlier builds (a cache is named by its bundle's size and time: none is this
    // build's yet), and the source map of the ES module bundle earlier versions built
    for (const name of fs.readdirSync(path.dirname(SERVER_BUNDLE)))
      if (/^main\.\d+-\d+\.cache$/.test(name) || name === 'main.mjs.map')
        fs.rmSync(path.join(path.dirname(SERVER_BUNDLE), name), { force: true });
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
