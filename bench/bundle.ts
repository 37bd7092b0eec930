/**
 * The browser bundle (issue 17): builds the app (vite build into a temp dir) and weighs the entry
 * chunk raw and gzip-compressed (level 9, as a server compresses static files), beside the largest
 * lazy chunks. The entry file alone can be made small by moving code into chunks it imports
 * statically, which load before the first screen all the same: so the whole of what the login page
 * needs before its first paint is weighed too — the entry, every chunk it imports statically
 * (modulepreloaded), and the default language's common namespace main.tsx awaits (the feature
 * namespaces come with their screens). Also reports whether the build printed a warning.
 * Run: npm run bench -- bundle
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { recordResults } from './results';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-bench-bundle-'));
const build = spawnSync(
  process.execPath,
  [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--emptyOutDir', '--manifest'],
  {
    encoding: 'utf8',
  },
);
if (build.status !== 0) throw new Error(`vite build failed:\n${build.stderr}`);
const log = `${build.stdout}\n${build.stderr}`;
const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/?([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in index.html');
const weigh = (file: string) => {
  const bytes = fs.readFileSync(path.join(out, file));
  return {
    file: path.basename(file),
    kb: +(bytes.length / 1024).toFixed(1),
    gzipKb: +(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1),
  };
};
const chunks = fs
  .readdirSync(path.join(out, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => weigh(path.join('assets', f)))
  .sort((a, b) => b.kb - a.kb);
const main = weigh(entry);

// The first screen's JS: the entry's static import closure (from the build manifest) and the zh_cn common pack.
type ManifestChunk = { file: string; name?: string; src?: string; isEntry?: boolean; imports?: string[] };
const manifest = JSON.parse(fs.readFileSync(path.join(out, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const firstScreen = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || firstScreen.has(chunk.file)) return;
  firstScreen.add(chunk.file);
  for (const k of chunk.imports ?? []) visit(k);
};
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
// The zh_cn common namespace (feature namespaces come with their screens): its own dynamic entry, or a
// shared chunk named after it when screens import it too (en/common.ts is an entry with a src of its own).
const pack = Object.keys(manifest).find(
  (k) => k.endsWith('i18n/locales/zh_cn/common.ts') || (manifest[k]!.name === 'common' && !manifest[k]!.src),
);
if (!pack) throw new Error('no zh_cn common language pack chunk in the manifest');
visit(pack);
const firstScreenChunks = [...firstScreen].map(weigh);
const firstScreenGzipKb = +firstScreenChunks.reduce((sum, c) => sum + c.gzipKb, 0).toFixed(1);

const detail = {
  entry: main,
  firstScreen: { gzipKb: firstScreenGzipKb, chunks: firstScreenChunks.sort((a, b) => b.gzipKb - a.gzipKb) },
  largestChunks: chunks.slice(0, 5),
  chunks: chunks.length,
  buildWarnings: log.split('\n').filter((l) => /warn/i.test(l) && !/npm warn/i.test(l)).length,
};
console.log(JSON.stringify({ bench: 'bundle', ...detail, target: 'entry chunk ≤ 120 kB gzip, no build warning' }, null, 2));
recordResults('bundle', { main_chunk_gzip_kb: main.gzipKb, first_screen_js_gzip_kb: firstScreenGzipKb }, detail);
fs.rmSync(out, { recursive: true, force: true });
