import type { FastifyInstance } from 'fastify';
import { contactUpdateBody } from '../../domain/schemas/auth';
import { transact } from '../eventLog/transact';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { signedIn } from '../access/signedIn';

/**
 * PUT /auth/v1/user/contact: a user sets its own contact fields, the ones notifications reach it by
 * (issue 28), without the user-management permission. What is left out stays.
 */
export async function contactRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.put('/user/contact', { schema: { body: contactUpdateBody }, config: guarded('self') }, async ({ session, body }) => {
    const user = await app.db.selectFrom('app_user').selectAll().where('id', '=', session.userId).executeTakeFirstOrThrow();
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    await transact(app, async (trx, emit) => {
      await trx
        .updateTable('app_user')
        .set({ ...changes, updatedAt: Date.now() })
        .where('id', '=', user.id)
        .execute();
      emit({
        kind: 'user.updated',
        actorId: user.id,
        actorName: user.name,
        tenantId: user.tenantId,
        subject: `user:${user.id}`,
        payload: { contact: Object.keys(changes) },
      });
    });
    return ok(null, { msg: '保存成功!' });
  });
}
