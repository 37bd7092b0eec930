import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app';
import { ManualJobs } from './manualJobs';
import { testDatabase } from './testStore';

export interface TestServer {
  app: FastifyInstance;
  /** the periodic jobs: they run only when the test moves this clock (or runs one by name) */
  jobs: ManualJobs;
  dataDir: string;
  /** closes the app; the store (data dir, PostgreSQL database) stays for a restart on it */
  stop(): Promise<void>;
  /** builds the app again on the same store, with a fresh job clock */
  restart(extra?: Partial<AppOptions>): Promise<TestServer>;
  /** closes the app and removes its store */
  close(): Promise<void>;
}

interface Live {
  label: string;
  app: FastifyInstance;
  jobs: ManualJobs;
  startedAt: number;
}
/** Every test app still open in this worker, for the failure report. */
const live = new Set<Live>();

/**
 * A real app for a server test on a store of its own: a fresh temporary data dir (SQLite) or a fresh
 * database on the run's private PostgreSQL, dropped again by close(). Its periodic jobs run on the
 * test's clock only.
 */
export async function testServer(options: Partial<AppOptions> & { label?: string } = {}): Promise<TestServer> {
  const { label = 'app', ...rest } = options;
  const dataDir = rest.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'voltguard-test-'));
  const database = rest.databaseUrl ? { databaseUrl: rest.databaseUrl, drop: async () => undefined } : await testDatabase();
  const open = async (extra: Partial<AppOptions>): Promise<TestServer> => {
    const jobs = new ManualJobs();
    const app = await buildApp({ ...rest, ...extra, dataDir, databaseUrl: database.databaseUrl, jobs });
    const entry: Live = { label, app, jobs, startedAt: Date.now() };
    live.add(entry);
    app.addHook('onClose', async () => {
      live.delete(entry);
    });
    const server: TestServer = {
      app,
      jobs,
      dataDir,
      stop: () => app.close(),
      restart: async (more = {}) => {
        await app.close();
        return open({ ...extra, ...more });
      },
      close: async () => {
        await app.close();
        await database.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
    return server;
  };
  return open({});
}

const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n)}…` : s);

/**
 * What a failing server test prints (tests/infra/failureReport.ts): per open app, the job clock and
 * the job runs it saw, the newest domain events and alarm episodes of its store, so a flake can be
 * read from the CI log alone.
 */
export async function describeLiveApps(): Promise<string> {
  const parts: string[] = [];
  for (const { label, app, jobs, startedAt } of live) {
    const lines = [
      `── ${label}: started ${new Date(startedAt).toISOString()}, job clock +${jobs.clock} ms, wall ${new Date().toISOString()}`,
      `   job runs (newest last): ${
        jobs.runs
          .slice(-12)
          .map((r) => `${r.name}@+${r.clock}${r.error ? ` ✗ ${clip(r.error, 80)}` : ''}`)
          .join(', ') || 'none'
      }`,
    ];
    try {
      const events = await app.db.selectFrom('event_log').selectAll().orderBy('seq', 'desc').limit(15).execute();
      lines.push('   newest domain events (seq at kind subject payload):');
      for (const e of events.reverse())
        lines.push(`     ${e.seq} ${new Date(Number(e.at)).toISOString()} ${e.kind} ${e.subject ?? ''} ${clip(String(e.payload ?? ''))}`);
      const episodes = await app.db
        .selectFrom('peceventextend')
        .select(['id', 'deviceid', 'customtype', 'peceventlevel', 'eventtime', 'endeventid', 'confirmeventstatus', 'escalatedat'])
        .orderBy('id', 'desc')
        .limit(10)
        .execute();
      lines.push('   newest alarm episodes (id device type level time ended confirmed escalated):');
      for (const p of episodes.reverse())
        lines.push(
          `     ${p.id} d${p.deviceid} t${p.customtype} L${p.peceventlevel} ${new Date(Number(p.eventtime)).toISOString()} ${p.endeventid} ${p.confirmeventstatus} ${p.escalatedat ?? '-'}`,
        );
    } catch (err) {
      lines.push(`   (store not readable: ${clip(String(err))})`);
    }
    parts.push(lines.join('\n'));
  }
  return parts.join('\n');
}
