// The server compiled to one JavaScript file (dist-server/main.mjs) by esbuild, the TypeScript
// compiler tsx itself uses (a dependency of tsx, so a production install has it too). A start from it
// skips transforming ~300 TypeScript files at every start: on this 2-core machine that was over half
// of a restart (SIGTERM to listening), the time every console waits to come back.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** what the server is built from: its own folder and the contracts it shares with the console */
const SOURCES = ['server', 'domain', 'package.json'];
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
 * Builds the bundle when it is missing or older than a source; returns its path, or null when esbuild
 * cannot be loaded or the build fails (the caller then runs the sources through tsx as before).
 * Packages stay outside it (`packages: external`): they load from node_modules as with tsx.
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
      packages: 'external',
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
