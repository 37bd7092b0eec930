import type { FastifyInstance } from 'fastify';
import { ROOT_USER_ID } from '../../domain/enums';
import { userStatusBody } from '../../domain/schemas/auth';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { NOUN, tx } from '../text/text';
import { idParams } from '../http/wire';
import { requireTenant } from '../auth/access';
import { transact } from '../eventLog/transact';
import { actedBy } from '../eventLog/eventLog';
import { signedIn } from '../access/signedIn';

/**
 * Disabling a user (issue 13) keeps the account and its history but ends it now: login is refused,
 * every token is revoked (so enabling again does not bring old sessions back) and open consoles are
 * told and closed. Enabling lets the user log in again.
 */
export async function userStatusRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.put(
    '/user/:id/status',
    { schema: { params: idParams, body: userStatusBody }, config: guarded('users', 'user_update') },
    async ({ session, body: { disabled }, params: { id } }) => {
      const target = await app.db
        .selectFrom('app_user')
        .select(['id', 'name', 'tenantId', 'disabled'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!target) throw errors.NOT_FOUND(NOUN.user);
      requireTenant(session, target.tenantId);
      if (target.id === ROOT_USER_ID) throw errors.BAD_REQUEST(tx('root 用户不能停用', 'the root user cannot be disabled'));
      if (target.id === session.userId) throw errors.BAD_REQUEST(tx('不能停用当前登录的用户', 'you cannot disable yourself'));
      await transact(app, async (trx, emit) => {
        await trx
          .updateTable('app_user')
          .set({ disabled: disabled ? 1 : 0, updatedAt: Date.now() })
          .where('id', '=', id)
          .execute();
        emit({
          kind: 'user.status_changed',
          ...actedBy(session),
          tenantId: target.tenantId,
          subject: `user:${id}`,
          payload: { userName: target.name, before: { disabled: !!target.disabled }, after: { disabled } },
        });
      });
      if (disabled) await app.tokens.revokeAllOf(id, 'user_disabled');
      return ok(id, { msg: '保存成功!' });
    },
  );
}
