// The server's entry as `npm start` and every spawned server run it: scripts/serverBundle.mjs copies this
// file to dist-server/main.mjs beside the bundle itself (main.cjs) and this runs the bundle through V8's
// code cache. Parsing and compiling the 5 MB bundle was some 300 ms of an 800 ms restart, the time every
// console waits to come back (bench/reconnectStorm.ts); with the cache V8 reads back what it compiled the
// last time, the functions the start ran included. An ES module cannot use a code cache on Node 20
// (module.enableCompileCache came with Node 22), hence a CommonJS bundle run by vm.Script.
import { isAscii } from 'node:buffer';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

/** how long after its start the process writes the cache: by then the start's own functions are compiled */
const CACHE_AFTER_MS = 3000;

const bundle = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.cjs');
const raw = fs.readFileSync(bundle);
// The build writes the bundle in ASCII (serverBundle.mjs), which reads as a one-byte string at once;
// decoding 5 MB as UTF-8 took 50–100 ms.
const source = isAscii(raw) ? raw.toString('latin1') : raw.toString('utf8');
// V8 checks a cache against the source's length, not its text: named by the bundle's size and time
// (each build writes it anew), a cache never meets another build's bundle.
const { size, mtimeMs } = fs.statSync(bundle);
const cacheFile = path.join(path.dirname(bundle), `main.${size}-${Math.round(mtimeMs)}.cache`);
let cachedData;
try {
  cachedData = fs.readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __vgMetaUrl, __vgImport) {${source}\n})`, {
  filename: bundle,
  cachedData,
});
const module = { exports: {} };
// __vgMetaUrl stands for the sources' import.meta.url: this file's, so `node dist-server/main.mjs` is the
// main module. __vgImport stands for their import() of a package loaded on first use (aedes is an ES
// module only): a script's own import() fails on Node 20 in a function read back from a code cache.
const importPackage = (specifier) => import(specifier);
script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, path.dirname(bundle), import.meta.url, importPackage);

if (!cachedData || script.cachedDataRejected) {
  // Rejected: another Node, or other V8 flags (a bench's --expose-gc). Written whole under a temporary
  // name, then renamed, as servers starting side by side (the tests) may each write it.
  setTimeout(() => {
    try {
      const temp = `${cacheFile}.${process.pid}.tmp`;
      fs.writeFileSync(temp, script.createCachedData());
      fs.renameSync(temp, cacheFile);
    } catch {
      // a read-only install: every start compiles the bundle, as it did without a cache
    }
  }, CACHE_AFTER_MS).unref();
}

export const { startServer } = module.exports;
