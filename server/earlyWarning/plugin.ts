import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { EarlyWarningJob } from './earlyWarningJob';

declare module 'fastify' {
  interface FastifyInstance {
    earlyWarning: EarlyWarningJob;
  }
}

/** How often the job looks for a newly closed hour to judge, unless given (a run with none is one comparison). */
const CHECK_MS = 60_000;

export interface EarlyWarningPluginOptions {
  checkMs?: number;
}

/** Early warning (issue 31): the hourly judgement of every watched series, on the periodic-jobs holder. */
export const earlyWarningService = fp(
  async function earlyWarningService(app: FastifyInstance, opts: EarlyWarningPluginOptions) {
    const job = new EarlyWarningJob(app, app.telemetry.now);
    app.decorate('earlyWarning', job);
    app.jobs.add({
      name: 'alarms.earlyWarning',
      periodMs: opts.checkMs ?? CHECK_MS,
      run: () => job.run(),
      runsHere: () => app.leadership.isLeader(),
    });
  },
  { name: 'earlyWarning', dependencies: ['telemetry'] },
);
