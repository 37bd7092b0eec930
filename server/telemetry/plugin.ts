import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Telemetry, type TelemetryOptions } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    telemetry: Telemetry;
  }
}

/** Creates the telemetry core, runs its periodic jobs, and persists realtime values on close. */
export const telemetryCore = fp(
  async function telemetryCore(app: FastifyInstance, opts: TelemetryOptions) {
    const t = new Telemetry(app, opts);
    await t.load();
    app.decorate('telemetry', t);
    const timers: NodeJS.Timeout[] = [];
    if (opts.timers !== false) {
      const every = (ms: number, job: () => Promise<unknown>) => {
        let running = false;
        const h = setInterval(() => {
          if (running) return;
          running = true;
          job()
            .catch((err) => app.log.error({ err }, 'telemetry job failed'))
            .finally(() => (running = false));
        }, ms);
        h.unref();
        timers.push(h);
      };
      every(5_000, () => t.realtime.flush());
      every(5_000, () => t.commWatch.check());
      every(30_000, () => t.devices.load());
      every(3600_000, () => t.pruneHistory());
      // Keeps the planner's statistics fresh so the event list picks the right covering index
      // (PostgreSQL's autovacuum does this by itself).
      if (app.store.dialect === 'sqlite') every(3600_000, () => sql`pragma optimize`.execute(app.db));
    }
    app.addHook('onClose', async () => {
      timers.forEach(clearInterval);
      t.channel.close();
      await t.writer.idle();
      await t.realtime.flush();
    });
  },
  { name: 'telemetry', dependencies: ['store'] },
);
