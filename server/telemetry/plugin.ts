import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Telemetry, type TelemetryOptions } from './service';
import { AdvisoryLeadership, soleInstance, type Leadership } from '../jobs/leader';
import { WalCheckpointer } from '../store/walCheckpointer';

declare module 'fastify' {
  interface FastifyInstance {
    telemetry: Telemetry;
    /** whether this instance runs the periodic jobs (always, in one process on SQLite) */
    leadership: Leadership;
  }
}

export interface TelemetryCoreOptions extends TelemetryOptions {
  /** how often instances on PostgreSQL try for (or check) the periodic-jobs lock */
  leaderPollMs?: number;
  /** how often closed hours are looked for and compacted (default 30 s) */
  compactEveryMs?: number;
}

/**
 * Creates the telemetry core, runs its periodic jobs, and persists realtime values on close. The
 * jobs that change shared state (latest-value persistence, communication watch, compaction, retention) run on one
 * instance at a time; refreshing this instance's device index runs everywhere.
 */
export const telemetryCore = fp(
  async function telemetryCore(app: FastifyInstance, opts: TelemetryCoreOptions) {
    const t = new Telemetry(app, opts);
    await t.load();
    app.decorate('telemetry', t);
    let leadership: Leadership = soleInstance;
    let checkpointer: WalCheckpointer | null = null;
    if (app.store.dialect === 'sqlite') {
      checkpointer = new WalCheckpointer(app.store.sqlite, (err) => app.log.error({ err }, 'WAL checkpointer'));
      checkpointer.start();
    }
    if (app.store.dialect === 'postgres')
      leadership = await new AdvisoryLeadership(
        app.store,
        opts.leaderPollMs ?? 2000,
        // Printed even with logging off: which instance runs the jobs is what an operator asks first.
        (leader) =>
          console.log(
            `${new Date().toISOString()} ${leader ? 'this instance now runs' : 'this instance no longer runs'} the periodic jobs`,
          ),
        (err) => app.log.warn({ err }, 'periodic-jobs lock'),
      ).start();
    const holder = () => leadership.isLeader();
    const everywhere = () => true;
    app.jobs.add({ name: 'realtime.flush', periodMs: 5_000, run: () => t.realtime.flush(), runsHere: holder });
    app.jobs.add({ name: 'comm.watch', periodMs: 5_000, run: () => t.commWatch.check(), runsHere: holder });
    app.jobs.add({ name: 'devices.reload', periodMs: 30_000, run: () => t.devices.load(), runsHere: everywhere });
    // Closed hours into compressed blocks and rollups; cheap when nothing is due (one check).
    app.jobs.add({ name: 'history.compact', periodMs: opts.compactEveryMs ?? 30_000, run: () => t.compactor.run(), runsHere: holder });
    app.jobs.add({ name: 'history.prune', periodMs: 3600_000, run: () => t.pruneHistory(), runsHere: holder });
    // Keeps the planner's statistics fresh so the event list picks the right covering index
    // (PostgreSQL's autovacuum does this by itself).
    if (app.store.dialect === 'sqlite')
      app.jobs.add({ name: 'store.optimize', periodMs: 3600_000, run: () => sql`pragma optimize`.execute(app.db), runsHere: holder });
    app.decorate('leadership', leadership);
    app.addHook('onClose', async () => {
      await app.jobs.close();
      t.channel.close();
      await t.compactor.stop();
      await t.writer.idle();
      // Another instance holding the lock has the same latest values (relayed) and persists them.
      // A store that refuses now (full disk, database away) must not fail the shutdown: the readings
      // themselves are in history; only this snapshot of the latest ones is left as it was.
      if (leadership.isLeader())
        await t.realtime.flush().catch((err: unknown) => app.log.warn({ err }, 'latest values not persisted at shutdown'));
      await leadership.close();
      await checkpointer?.stop();
    });
  },
  { name: 'telemetry', dependencies: ['store'] },
);
