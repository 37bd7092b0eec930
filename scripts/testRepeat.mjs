#!/usr/bin/env node
/**
 * `npm run test:repeat -- N [vitest args…]`: runs the Vitest projects (unit, server on SQLite and on
 * PostgreSQL, fuzz, startup, cluster) N times in a row, prints a line per run and, at the end, every
 * test that failed in any run with how often. Each run's whole output stays in
 * test-results/repeat/run-K.log so a failure can be read afterwards. Exit 1 when any run failed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [countArg, ...vitestArgs] = process.argv.slice(2);
const runs = Number(countArg ?? 10);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: npm run test:repeat -- N [vitest arguments]   (N: how many runs, a whole number ≥ 1)');
  process.exit(2);
}
const dir = path.resolve('test-results/repeat');
fs.mkdirSync(dir, { recursive: true });

/** One run of `vitest run` with the JSON reporter beside a log; resolves to its outcome. */
function runOnce(k) {
  const log = path.join(dir, `run-${k}.log`);
  const json = path.join(dir, `run-${k}.json`);
  fs.rmSync(json, { force: true });
  const out = fs.openSync(log, 'w');
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`, ...vitestArgs], {
      stdio: ['ignore', out, out],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    child.on('exit', (code) => {
      fs.closeSync(out);
      let report = null;
      try {
        report = JSON.parse(fs.readFileSync(json, 'utf8'));
      } catch {
        // no report: vitest itself failed (the log says why)
      }
      const failures = [];
      for (const file of report?.testResults ?? [])
        for (const t of file.assertionResults ?? [])
          if (t.status === 'failed') failures.push(`${path.relative(process.cwd(), file.name)} › ${t.fullName}`);
      // A file that failed outside its tests (a hook, an import) has no failed assertion: name the file.
      for (const file of report?.testResults ?? [])
        if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
          failures.push(`${path.relative(process.cwd(), file.name)} › (the file: ${String(file.message ?? '').split('\n')[0]})`);
      resolve({
        code,
        seconds: (Date.now() - started) / 1000,
        passed: report?.numPassedTests ?? 0,
        failed: report?.numFailedTests ?? 0,
        skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
        failures,
        log,
      });
    });
  });
}

const seen = new Map();
let green = 0;
for (let k = 1; k <= runs; k++) {
  const r = await runOnce(k);
  const load = os.loadavg()[0].toFixed(2);
  const ok = r.code === 0;
  if (ok) green++;
  console.log(
    `run ${k}/${runs}: ${ok ? 'green' : 'RED'} — ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped in ${r.seconds.toFixed(0)} s (load ${load})${ok ? '' : `; log: ${path.relative(process.cwd(), r.log)}`}`,
  );
  for (const f of r.failures) {
    console.log(`    ✗ ${f}`);
    seen.set(f, [...(seen.get(f) ?? []), k]);
  }
  if (!ok && r.failures.length === 0) console.log(`    ✗ vitest exited ${r.code} without a test failure: see the log`);
}
console.log(`\n${green} of ${runs} runs green`);
for (const [f, ks] of seen) console.log(`  failed in run${ks.length > 1 ? 's' : ''} ${ks.join(', ')}: ${f}`);
process.exit(green === runs ? 0 : 1);
