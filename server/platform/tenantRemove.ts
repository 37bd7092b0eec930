import type { FastifyInstance } from 'fastify';
import { ROOT_USER_ID } from '../../domain/enums';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { NOUN, tx } from '../text/text';
import { idParams } from '../http/wire';
import { transact } from '../eventLog/transact';
import { PLATFORM_TENANT_ID } from '../../domain/tenancy';
import { requirePlatformWriter } from './guard';
import { endTenantTokens, tenantUserIds } from './tenantUsers';
import { actedBy } from '../eventLog/eventLog';
import { signedIn } from '../access/signedIn';

/**
 * Removing a tenant (issue 13): allowed once it holds no projects, so no device, reading or event
 * goes with it. Its users, roles, user groups, settings and access schemes are deleted with it; its
 * users' sessions end at once (the committed `tenant.deleted` event re-checks their open sockets).
 */
export async function tenantRemoveRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.delete(
    '/platform/tenant/:id',
    { schema: { params: idParams }, config: guarded('platform', 'wp_platform_operate') },
    async ({ session, params: { id } }) => {
      requirePlatformWriter(session, 'wp_platform_operate');
      if (id === PLATFORM_TENANT_ID) throw errors.BAD_REQUEST(tx('平台租户不能删除', 'the platform tenant cannot be removed'));
      await transact(app, async (trx, emit) => {
        const tenant = await trx.selectFrom('tenant').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
        if (!tenant) throw errors.NOT_FOUND(NOUN.tenant);
        const project = await trx.selectFrom('project').select('id').where('tenantid', '=', id).limit(1).executeTakeFirst();
        if (project)
          throw errors.IN_USE(
            tx(
              '删除失败：该租户下仍有项目，请先删除或移交项目',
              'Not removed: the tenant still holds projects; delete them or give them to another tenant first',
            ),
          );
        await endTenantTokens(trx, id);
        const users = tenantUserIds(trx, id);
        await trx.deleteFrom('user_role').where('userId', 'in', users).execute();
        await trx.deleteFrom('usergroup_user').where('userId', 'in', users).execute();
        await trx.deleteFrom('user_model_node').where('userId', 'in', users).execute();
        await trx.deleteFrom('app_user').where('tenantId', '=', id).where('id', '!=', ROOT_USER_ID).execute();
        const roles = trx.selectFrom('role').select('id').where('tenantId', '=', id);
        await trx.deleteFrom('user_role').where('roleId', 'in', roles).execute();
        await trx.deleteFrom('role').where('tenantId', '=', id).execute();
        const groups = trx.selectFrom('usergroup').select('id').where('tenantId', '=', id);
        await trx.deleteFrom('usergroup_user').where('groupId', 'in', groups).execute();
        await trx.deleteFrom('usergroup').where('tenantId', '=', id).execute();
        const schemes = trx.selectFrom('access_scheme').select('id').where('tenantId', '=', id);
        await trx.deleteFrom('device_access_scheme').where('schemeId', 'in', schemes).execute();
        await trx.deleteFrom('access_scheme').where('tenantId', '=', id).execute();
        await trx.deleteFrom('system_setting').where('tenantId', '=', id).execute();
        await trx.deleteFrom('tenant').where('id', '=', id).execute();
        emit({
          kind: 'tenant.deleted',
          ...actedBy(session),
          tenantId: id,
          subject: `tenant:${id}`,
          payload: { before: { name: tenant.name } },
        });
      });
      return ok(id, { msg: '删除成功!' });
    },
  );
}
