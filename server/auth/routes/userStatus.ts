import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ROOT_USER_ID } from '../../../domain/enums';
import { userStatusBody } from '../../../domain/schemas/auth';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { parseOr400 } from '../../http/validate';
import { sessionOf } from '../session';
import { requirePermission, requireTenant } from '../access';
import { transact } from '../../events/transact';

/**
 * Disabling a user (issue 13) keeps the account and its history but ends it now: login is refused,
 * every token is revoked (so enabling again does not bring old sessions back) and open consoles are
 * told and closed. Enabling lets the user log in again.
 */
export async function userStatusRoutes(app: FastifyInstance) {
  app.put('/user/:id/status', async (request) => {
    const session = sessionOf(request);
    requirePermission(session, 'user_update');
    const { id } = parseOr400(z.object({ id: z.coerce.number().int().min(1) }), request.params);
    const { disabled } = parseOr400(userStatusBody, request.body);
    const target = await app.db
      .selectFrom('app_user')
      .select(['id', 'name', 'tenantId', 'disabled'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!target) throw errors.NOT_FOUND('用户');
    requireTenant(session, target.tenantId);
    if (target.id === ROOT_USER_ID) throw errors.BAD_REQUEST('root 用户不能停用');
    if (target.id === session.userId) throw errors.BAD_REQUEST('不能停用当前登录的用户');
    await transact(app, async (trx, emit) => {
      await trx
        .updateTable('app_user')
        .set({ disabled: disabled ? 1 : 0, updatedAt: Date.now() })
        .where('id', '=', id)
        .execute();
      emit({
        kind: 'user.status_changed',
        actorId: session.userId,
        actorName: session.userName,
        tenantId: target.tenantId,
        subject: `user:${id}`,
        payload: { userName: target.name, before: { disabled: !!target.disabled }, after: { disabled } },
      });
    });
    if (disabled) await app.tokens.revokeAllOf(id, 'user_disabled');
    return ok(id, { msg: '保存成功!' });
  });
}
