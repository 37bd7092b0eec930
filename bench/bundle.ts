/**
 * The browser bundle (issue 17): builds the app (vite build into a temp dir) and weighs the entry
 * chunk — what every visit downloads before the first screen — raw and gzip-compressed (level 9, as a
 * server compresses static files), beside the largest lazy chunk. Also reports whether the build
 * printed a warning. Run: npm run bench -- bundle
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { recordResults } from './results';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-bench-bundle-'));
const build = spawnSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--emptyOutDir'], {
  encoding: 'utf8',
});
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
const detail = {
  entry: main,
  largestChunks: chunks.slice(0, 5),
  chunks: chunks.length,
  buildWarnings: log.split('\n').filter((l) => /warn/i.test(l) && !/npm warn/i.test(l)).length,
};
console.log(JSON.stringify({ bench: 'bundle', ...detail, target: 'entry chunk ≤ 120 kB gzip, no build warning' }, null, 2));
recordResults('bundle', { main_chunk_gzip_kb: main.gzipKb }, detail);
fs.rmSync(out, { recursive: true, force: true });
