import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { testDatabase, type TestDatabase } from '../../infra/testStore';
import { PASSWORD } from './helpers';
import { ManualJobs } from '../../infra/manualJobs';

/**
 * kill -9 in the middle of a compaction (issue 18): a real child process compacts a data dir and is
 * killed with SIGKILL inside a compaction transaction, after some slices have committed. Reopened,
 * the store holds every reading exactly once — nothing lost, nothing in both a block and a row — and
 * the next compaction finishes the work. Windows go in batches (issue 31): killed inside a batch of
 * every window, none of them is committed.
 */
const HOUR = 3600_000;
const T0 = Date.UTC(2026, 8, 1);
const NOW = T0 + 13 * HOUR;
const SERIES = [1001, 1101, 1201, 1402];
let dir: string;
let database: TestDatabase;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-crash-'));
  database = await testDatabase();
});
afterEach(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const open = () =>
  buildApp({
    dataDir: dir,
    databaseUrl: database.databaseUrl,
    rootPassword: PASSWORD,
    demoPassword: PASSWORD,
    demo: true,
    telemetry: { now: () => NOW },
    jobs: new ManualJobs(),
  });

/** The reading of series `k` at step `i` (12 hours of 15 s, a mark now and then). */
const reading = (k: number, i: number) => ({
  dataId: SERIES[k]!,
  value: Math.round((k * 50 + ((i * 37) % 101)) * 10) / 10,
  time: T0 + i * 15_000,
  status: i % 500 === 7 ? 3 : 0,
});
const STEPS = 12 * 240 + 40; // and 10 minutes of the open hour

async function readAll(app: Awaited<ReturnType<typeof open>>, deviceId: number) {
  const out = [];
  for (const dataId of SERIES) out.push(await app.telemetry.series.list(deviceId, dataId, T0, NOW));
  return out;
}

async function counts(app: Awaited<ReturnType<typeof open>>, deviceId: number) {
  const n = async (t: 'history' | 'history_block') =>
    Number(
      (
        await app.db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('deviceid', '=', deviceId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { rows: await n('history'), blocks: await n('history_block') };
}

function runChild(stopAfter: number, sliceMs: number): Promise<{ killed: boolean; out: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('./fixtures/compactUntilKilled.ts', import.meta.url)),
      dir,
      String(NOW),
      String(stopAfter),
      database.databaseUrl ?? '',
      String(sliceMs),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('inside')) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve({ killed: signal === 'SIGKILL', out }));
  });
}

/**
 * Ingests 12 hours and 10 minutes of the series, kills a compaction (slices of `sliceMs`) in the batch
 * writing the `stopAfter`-th raw block, of `batch` windows, and checks that `committed` windows were
 * and nothing else, then that the next compaction completes.
 */
async function crashAndRecover(sliceMs: number, stopAfter: number, batch: number, committed: number) {
  let app = await open();
  const device = await app.db.selectFrom('terminal').select(['id', 'code']).orderBy('id').executeTakeFirstOrThrow();
  for (let i = 0; i < STEPS; i += 25) {
    const values = [];
    for (let j = i; j < Math.min(STEPS, i + 25); j++) for (let k = 0; k < SERIES.length; k++) values.push(reading(k, j));
    const r = await app.telemetry.ingest({ device: device.code, time: values[0]!.time, values }, { trusted: true });
    expect(r.rejected).toEqual([]);
  }
  const expected = await readAll(app, device.id);
  expect(expected.map((s) => s.length)).toEqual(SERIES.map(() => STEPS));
  await app.close();

  const run = await runChild(stopAfter, sliceMs);
  expect(run.out).toContain(`inside ${batch}\n`);
  expect(run.killed).toBe(true);

  app = await open();
  const mid = await counts(app, device.id);
  expect(mid.blocks).toBe(committed);
  expect(mid.rows).toBe(STEPS * SERIES.length - committed * 240);
  // No window is both a block and rows: every block's hour has no rows left.
  const blocks = await app.db.selectFrom('history_block').select(['dataid', 'start']).where('deviceid', '=', device.id).execute();
  for (const b of blocks) {
    const rows = await app.db
      .selectFrom('history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deviceid', '=', device.id)
      .where('dataid', '=', b.dataid)
      .where('time', '>=', b.start)
      .where('time', '<', b.start + HOUR)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(0);
  }
  expect(await readAll(app, device.id)).toEqual(expected);

  const rest = await app.telemetry.compactor.runUntilIdle();
  expect(rest.windows).toBe(48 - committed);
  expect(await counts(app, device.id)).toEqual({ rows: 40 * SERIES.length, blocks: 48 });
  expect(await readAll(app, device.id)).toEqual(expected);
  await app.close();
}

describe('a crash in the middle of compaction', () => {
  // 4 series × 12 closed hours = 48 windows
  it('loses nothing and duplicates nothing, and the next compaction completes', async () => {
    // a window a transaction: killed while writing the 20th, 19 committed before it
    await crashAndRecover(0, 20, 1, 19);
  }, 120_000);

  it('commits no window of a batch killed in the middle', async () => {
    // every window in one batch of one transaction: killed while writing their raw blocks
    await crashAndRecover(60_000, 1, 48, 0);
  }, 120_000);
});
