import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deliveryListSchema } from '../../domain/schemas/notify';
import { mayAccessTenant } from '../auth/access';
import { errors } from '../errors';
import { transact } from '../eventLog/transact';
import { ok } from '../http/envelope';
import { languageOf } from '../text/language';
import { guarded } from '../http/routeOptions';
import { tx } from '../text/text';
import { noBody } from '../http/wire';
import { mayseeProject, visibleProjects } from '../access/scope';
import { deliveryPage } from './deliveryQuery';
import type { NotifyService } from './service';
import '../store/notifyTables';
import { signedIn } from '../access/signedIn';

const deliveryParams = z.object({ id: z.string().min(1).max(80) });

/** 通知记录: POST /notify/v1/delivery/list and POST /notify/v1/delivery/{id}/resend. */
export function deliveryRoutes(service: NotifyService) {
  return async function routes(app: FastifyInstance) {
    const route = signedIn(app);

    route.post(
      '/delivery/list',
      { schema: { body: deliveryListSchema }, config: guarded('events') },
      async ({ session, body: { page, filter }, request }) => {
        const { rows, total } = await deliveryPage(app, session, page, filter, languageOf(request));
        return ok(rows, { total });
      },
    );

    // Sent again with the same id: the receiver de-duplicates a copy that did arrive after all.
    route.post(
      '/delivery/:id/resend',
      { schema: { params: deliveryParams, body: noBody.optional() }, config: guarded('events', 'wp_system_config') },
      async ({ session, params }) => {
        const id = params.id;
        const row = await app.db.selectFrom('notify_delivery').selectAll().where('id', '=', id).executeTakeFirst();
        const visible =
          row &&
          mayAccessTenant(session, row.tenantId) &&
          (row.projectId === null || mayseeProject(await visibleProjects(app, session), row.projectId));
        if (!row || !visible) throw errors.NOT_FOUND(tx(`通知 ${id} `, `Notification ${id}`));
        if (row.status === 'pending' || row.status === 'retrying') throw errors.NOTIFY_RESEND_PENDING();
        await transact(app, async (trx, emit) => {
          await trx
            .updateTable('notify_delivery')
            .set({ status: 'pending', nextAttemptAt: Date.now(), leaseOwner: null, leaseUntil: null, mergedInto: null })
            .where('id', '=', id)
            .execute();
          emit({
            kind: 'notify.delivery_resent',
            actorId: session.userId,
            actorName: session.userName,
            tenantId: row.tenantId,
            subject: `notify_delivery:${id}`,
            payload: { id, eventId: row.eventId, channelId: row.channelId },
          });
        });
        service.worker.kick();
        return ok({ id });
      },
    );
  };
}
