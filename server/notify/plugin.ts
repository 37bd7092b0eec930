import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { channelRoutes } from './channelRoutes';
import { deliveryRoutes } from './deliveryRoutes';
import { NotifyDirectory } from './directory';
import { FloodWatch } from './floodWatch';
import { NOTIFYING_KINDS } from './matching';
import { outboxWriter } from './outbox';
import { ruleRoutes } from './ruleRoutes';
import type { NotifyService } from './service';
import { DEFAULT_CHECK_INTERVAL_MS, DeliveryWorker, type DeliveryWorkerOptions } from './worker';
import { countWaiting } from './claim';
import { DEFAULT_DELIVERY_RETENTION_DAYS, pruneDeliveries } from './retention';

declare module 'fastify' {
  interface FastifyInstance {
    notify: NotifyService;
  }
}

export type NotifyOptions = Partial<Omit<DeliveryWorkerOptions, 'allowPrivate' | 'publicUrl'>> & {
  /** NOTIFY_ALLOW_PRIVATE=1: receivers on loopback, link-local and private addresses allowed */
  allowPrivate?: boolean | undefined;
  /** PUBLIC_URL: the console's base URL, for links to alarms */
  publicUrl?: string | undefined;
  /** NOTIFY_RETENTION_DAYS: sent and failed deliveries older than this are deleted (hourly) */
  retentionDays?: number | undefined;
};

/** Writes that change what a tenant's alarms are sent to, or how they are written (not logins). */
const CHANGES_DIRECTORY = /^(notify\.(channel|rule)_|user\.(created|updated|deleted|status_changed)$|role\.|tenant\.)/;

/**
 * Notifications (issue 28): the outbox written with every alarm and the delivery worker (app.notify).
 * docs/notifications.md tells all of it.
 */
export const notifyService = fp(async function notifyService(app: FastifyInstance, opts: NotifyOptions) {
  const allowPrivate = opts.allowPrivate ?? false;
  const directory = new NotifyDirectory(app.db);
  const worker = new DeliveryWorker(app.db, directory, app.log, { ...opts, allowPrivate, publicUrl: opts.publicUrl ?? null });
  const service: NotifyService = { allowPrivate, directory, worker };
  app.decorate('notify', service);

  const stopOutbox = app.eventLog.inTransaction(outboxWriter(directory, new FloodWatch(), () => worker.noteWritten()));
  // Every instance hears every instance's events: a rule saved anywhere is in force everywhere.
  const stopListening = app.eventLog.onEvent((ev) => {
    if (ev.kind === 'system.setting_saved') directory.invalidate(null);
    else if (CHANGES_DIRECTORY.test(ev.kind)) directory.invalidate(ev.tenantId);
    else if (NOTIFYING_KINDS[ev.kind]) worker.kickIfWritten();
  });
  // Polls for what fell due (retries, the end of quiet hours) on the app's job clock; a committed alarm
  // whose transaction wrote deliveries here kicks it at once (one that wrote none, most of them where a
  // tenant has no rules, costs no claim query). Every instance polls: the claim's lease makes each delivery go out once.
  const every = opts.checkIntervalMs ?? DEFAULT_CHECK_INTERVAL_MS;
  if (every > 0)
    app.jobs.add({
      name: 'notify.deliver',
      periodMs: every,
      run: async () => {
        await worker.tick();
        app.metrics.setDeliveryBacklog(await countWaiting(app.db));
      },
      runsHere: () => true,
    });
  // The delivery record is kept for its retention, pruned hourly by the periodic-jobs holder.
  const retentionDays = opts.retentionDays ?? DEFAULT_DELIVERY_RETENTION_DAYS;
  const now = opts.now ?? Date.now;
  app.jobs.add({
    name: 'notify.prune',
    periodMs: 3600_000,
    run: () => pruneDeliveries(app.db, now(), retentionDays),
    runsHere: () => app.leadership.isLeader(),
  });
  app.addHook('preClose', async () => {
    stopOutbox();
    stopListening();
    await worker.stop();
  });
});

/** The REST service of notifications, registered under /notify/v1 (NOTIFY_PREFIX) by app.ts. */
export async function notifyRoutes(app: FastifyInstance) {
  await app.register(channelRoutes(app.notify));
  await app.register(ruleRoutes);
  await app.register(deliveryRoutes(app.notify));
}
