import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { visibleProjects } from '../access/scope';
import type { EscalationDto } from '../../domain/escalation';
import { activeEscalations, EscalationJob } from './escalation';
import { signedIn } from '../access/signedIn';

declare module 'fastify' {
  interface FastifyInstance {
    escalation: EscalationJob;
  }
}

/** How often the server looks for alarms due to escalate (the banner comes at most this late). */
const DEFAULT_ESCALATION_CHECK_MS = 5_000;

export interface EscalationPluginOptions {
  /** between checks; 0 turns the job off (test servers whose alarms nobody confirms) */
  checkMs?: number | undefined;
  /** the clock of the escalation decisions (tests drive it) */
  now?: (() => number) | undefined;
}

/**
 * Escalation of unconfirmed alarms (issue 19): the periodic job, run by the instance that runs the
 * periodic jobs, and GET /wisdompower/v1/event/escalations, what a console's banner shows on load and
 * after every reconnect (pushed `alarm.escalated` and `alarm.confirmed` messages keep it current).
 */
export const escalationService = fp(
  async function escalationService(fastify: FastifyInstance, opts: EscalationPluginOptions) {
    const job = new EscalationJob(fastify, { now: opts.now ?? Date.now });
    fastify.decorate('escalation', job);
    const checkMs = opts.checkMs ?? DEFAULT_ESCALATION_CHECK_MS;
    if (checkMs > 0)
      fastify.jobs.add({
        name: 'alarms.escalate',
        periodMs: checkMs,
        run: () => job.check(),
        runsHere: () => fastify.leadership.isLeader(),
      });

    await fastify.register(
      async (app) => {
        const route = signedIn(app);
        // Every console and wall shows the banner, whatever pages its role holds: the shell's area.
        route.get('/event/escalations', { config: guarded('shell') }, async ({ session }) => {
          return ok<EscalationDto[]>(await activeEscalations(app, await visibleProjects(app, session)));
        });
      },
      { prefix: '/wisdompower/v1' },
    );
  },
  { name: 'escalation', dependencies: ['telemetry'] },
);
