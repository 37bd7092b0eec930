import type { FastifyInstance } from 'fastify';
import { USER_TYPE } from '../../domain/enums';
import { userTypeOf } from '../../domain/access';
import { servedProjectsBody, type PlatformUserRow } from '../../domain/schemas/platform';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { NOUN, tx } from '../text/text';
import { idParams } from '../http/wire';
import { transact } from '../eventLog/transact';
import { requirePlatformPage, requirePlatformWriter } from './guard';
import { actedBy } from '../eventLog/eventLog';
import { signedIn } from '../access/signedIn';
import { servedProjectsOf } from '../auth/access';

const PAGE = 'wp_platform_user';

/**
 * /platform/user: the platform and service users (types 1 and 2) and the projects each service user
 * serves. Creating, editing and deleting the users themselves stays on /auth/v1/user.
 */
export async function platformUserRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  const access = guarded('platform', PAGE);
  route.get('/platform/users', { config: access }, async ({ session }) => {
    requirePlatformPage(session, PAGE);
    const [users, roles, served] = await Promise.all([
      app.db
        .selectFrom('app_user')
        .select(['id', 'name', 'nicName', 'tenantId', 'customConfig', 'mobilePhone', 'email'])
        .orderBy('id')
        .execute(),
      app.db
        .selectFrom('user_role')
        .innerJoin('role', 'role.id', 'user_role.roleId')
        .select(['user_role.userId', 'role.id', 'role.name'])
        .execute(),
      app.db
        .selectFrom('user_model_node')
        .innerJoin('project', 'project.id', 'user_model_node.nodeId')
        .select(['user_model_node.userId', 'project.id', 'project.name'])
        .where('user_model_node.modelLabel', '=', 'project')
        .orderBy('project.id')
        .execute(),
    ]);
    const rows: PlatformUserRow[] = users
      .map((u) => ({ u, usertype: userTypeOf(u) }))
      .filter(({ usertype }) => usertype === USER_TYPE.PLATFORM || usertype === USER_TYPE.SERVICE)
      // A service user sees itself and other service users of the projects it serves; platform users see all.
      .filter(({ u }) => session.tenants === 'all' || session.tenants.includes(u.tenantId))
      .map(({ u, usertype }) => {
        const role = roles.find((r) => r.userId === u.id);
        return {
          id: u.id,
          name: u.name,
          nicName: u.nicName,
          usertype,
          tenantId: u.tenantId,
          roleId: role?.id ?? null,
          roleName: role?.name ?? null,
          mobilePhone: u.mobilePhone,
          email: u.email,
          servedProjects: served.filter((s) => s.userId === u.id).map((s) => ({ id: s.id, name: s.name })),
        };
      });
    return ok(rows);
  });

  /** Projects a service user may be given, with their tenant (the assignment dialog's choices). */
  route.get('/platform/projects', { config: access }, async ({ session }) => {
    requirePlatformPage(session, PAGE);
    let q = app.db
      .selectFrom('project')
      .innerJoin('tenant', 'tenant.id', 'project.tenantid')
      .select(['project.id', 'project.name', 'project.status', 'tenant.name as tenantName']);
    if (session.tenants !== 'all') q = q.where('project.tenantid', 'in', session.tenants.length ? session.tenants : [-1]);
    return ok(await q.orderBy('tenant.id').orderBy('project.id').execute());
  });

  // Replaces the set of projects a service user serves; the change and its before/after land in the log.
  route.put(
    '/platform/user/:id/projects',
    { schema: { params: idParams, body: servedProjectsBody }, config: access },
    async ({ session, body: { projectIds }, params: { id } }) => {
      requirePlatformWriter(session, PAGE);
      await transact(app, async (trx, emit) => {
        const user = await trx
          .selectFrom('app_user')
          .select(['id', 'name', 'tenantId', 'customConfig'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!user) throw errors.NOT_FOUND(NOUN.user);
        if (userTypeOf(user) !== USER_TYPE.SERVICE)
          throw errors.BAD_REQUEST(tx('只有服务用户可以分配服务项目', 'only service users are given projects to serve'));
        const found = projectIds.length
          ? await trx.selectFrom('project').select(['id', 'name']).where('id', 'in', projectIds).execute()
          : [];
        if (found.length !== projectIds.length) throw errors.NOT_FOUND(NOUN.project);
        const before = await servedProjectsOf(trx, id);
        await trx.deleteFrom('user_model_node').where('userId', '=', id).where('modelLabel', '=', 'project').execute();
        if (projectIds.length)
          await trx
            .insertInto('user_model_node')
            .values(projectIds.map((nodeId) => ({ userId: id, modelLabel: 'project', nodeId })))
            .execute();
        emit({
          kind: 'user.projects_assigned',
          ...actedBy(session),
          tenantId: user.tenantId,
          subject: `user:${id}`,
          payload: {
            before: { projects: before.sort((a, b) => a - b) },
            after: { projects: found.map((p) => p.name) },
          },
        });
      });
      return ok(projectIds, { msg: '保存成功!' });
    },
  );
}
