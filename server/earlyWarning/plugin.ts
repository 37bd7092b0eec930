import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { EarlyWarningJob } from './earlyWarningJob';

declare module 'fastify' {
  interface FastifyInstance {
    earlyWarning: EarlyWarningJob;
  }
}

/** How often the job looks for a newly closed hour to judge (a run with none is one comparison). */
const CHECK_MS = 60_000;

/** Early warning (issue 31): the hourly judgement of every watched series, on the periodic-jobs holder. */
export const earlyWarningService = fp(
  async function earlyWarningService(app: FastifyInstance) {
    const job = new EarlyWarningJob(app, app.telemetry.now);
    app.decorate('earlyWarning', job);
    app.jobs.add({ name: 'alarms.earlyWarning', periodMs: CHECK_MS, run: () => job.run(), runsHere: () => app.leadership.isLeader() });
  },
  { name: 'earlyWarning', dependencies: ['telemetry'] },
);
