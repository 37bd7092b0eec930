import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deliveryListSchema } from '../../domain/schemas/notify';
import { mayAccessTenant } from '../auth/access';
import { sessionOf } from '../auth/session';
import { errors } from '../errors';
import { transact } from '../eventLog/transact';
import { ok } from '../http/envelope';
import { languageOf } from '../text/language';
import { guarded, typed } from '../http/routeOptions';
import { tx } from '../text/text';
import { noBody } from '../http/wire';
import { mayseeProject, visibleProjects } from '../access/scope';
import { deliveryPage } from './deliveryQuery';
import type { NotifyService } from './service';
import '../store/notifyTables';

const deliveryParams = z.object({ id: z.string().min(1).max(80) });

/** 通知记录: POST /notify/v1/delivery/list and POST /notify/v1/delivery/{id}/resend. */
export function deliveryRoutes(service: NotifyService) {
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);

    app.post('/delivery/list', { schema: { body: deliveryListSchema }, config: guarded('events') }, async (request) => {
      const session = sessionOf(request);
      const { page, filter } = request.body;
      const { rows, total } = await deliveryPage(app, session, page, filter, languageOf(request));
      return ok(rows, { total });
    });

    // Sent again with the same id: the receiver de-duplicates a copy that did arrive after all.
    app.post(
      '/delivery/:id/resend',
      { schema: { params: deliveryParams, body: noBody.optional() }, config: guarded('events', 'wp_system_config') },
      async (request) => {
        const session = sessionOf(request);
        const id = request.params.id;
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
