/**
 * The million stored events of bench/events.ts and bench/eventsPage.ts: one generator for both, and
 * within one `npm run bench` one fill for both. bench/run.ts gives every bench a shared directory
 * (BENCH_SHARED_DIR, removed when the run ends); the first of the two to run fills its store and
 * leaves a copy of it there (VACUUM INTO) with the fill's clock; the second starts its app on a copy
 * of that file and takes the same clock, so both measure the very same rows. Filling a million rows
 * and building their five indexes took 14 s in each (issue 32's whole run); a copy takes under a second.
 * A bench run alone (no shared directory) fills its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../server/app';
import { benchApp, timeit, withIndexesDeferred } from './lib';
import { mulberry32 } from '../server/simulator/prng';

export interface EventStore {
  app: FastifyInstance;
  done: () => Promise<void>;
  /** the clock the events were made against: every event is before it, spread over the year before */
  now: number;
  /** how the store was filled: its own fill's seconds, or the shared copy it started from */
  fill: { seconds: number } | { copiedFrom: string; filledSecondsBefore: number };
}

export async function eventStore(total: number, extra: Partial<AppOptions> = {}): Promise<EventStore> {
  const shared = process.env.BENCH_SHARED_DIR;
  const file = shared ? path.join(shared, `events-${total}.sqlite`) : null;
  const metaFile = file ? `${file}.json` : null;
  if (file && metaFile && fs.existsSync(metaFile)) {
    const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as { now: number; seconds: number };
    const { app, done } = await benchApp({ ...extra, template: file });
    return { app, done, now: meta.now, fill: { copiedFrom: path.basename(file), filledSecondsBefore: meta.seconds } };
  }
  const { app, done } = await benchApp(extra);
  const now = Date.now();
  const [fillMs] = await timeit(() => fillEvents(app, total, now));
  const seconds = +(fillMs / 1000).toFixed(1);
  if (file && metaFile) {
    app.store.sqlite.exec(`vacuum into '${file.replaceAll("'", "''")}'`);
    // the clock last: a copy is only taken up once it is whole
    fs.writeFileSync(metaFile, JSON.stringify({ now, seconds }));
  }
  return { app, done, now, fill: { seconds } };
}

/**
 * `total` events of the ledger's terminals at random times over the year before `now` (a second
 * before it at the latest), 5 % of them still active, 70 % confirmed, then ANALYZE.
 */
async function fillEvents(app: FastifyInstance, total: number, now: number): Promise<void> {
  const terminals = await app.db.selectFrom('terminal').select(['id', 'projectid', 'tenantid']).execute();
  const sqlite = app.store.sqlite;
  const rnd = mulberry32(1);
  const ins =
    sqlite.prepare(`insert into peceventextend (eventtime, endtime, endeventid, customtype, peceventlevel, confirmeventstatus, value, endvalue, limitvalue, dataid, description, remark, updatetime, operator, deviceid, projectid, tenantid)
  values (?, ?, ?, ?, ?, ?, ?, null, 300, 1001, '剩余电流 320mA 超过报警值 300mA', null, null, null, ?, ?, ?)`);
  withIndexesDeferred(sqlite, 'peceventextend', () =>
    sqlite.transaction(() => {
      for (let i = 0; i < total; i++) {
        const t = terminals[Math.floor(rnd() * terminals.length)]!;
        const at = now - 1000 - Math.floor(rnd() * 365 * 86_400_000);
        const ended = rnd() < 0.05 ? 0 : 1;
        ins.run(
          at,
          ended ? at + 60_000 : null,
          ended,
          1 + Math.floor(rnd() * 4),
          [1, 2, 4][Math.floor(rnd() * 3)]!,
          rnd() < 0.7 ? 3 : 1,
          300 + rnd() * 100,
          t.id,
          t.projectid,
          t.tenantid,
        );
      }
    })(),
  );
  sqlite.exec('analyze');
}
