import type { FastifyInstance } from 'fastify';
import { roleBody, roleUpdateBody } from '../../domain/schemas/auth';
import { permissionById } from '../../domain/permissions';
import { findRoute } from '../../domain/routes';
import { parseJsonObject } from '../../domain/access';
import { errors, VgError } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { NOUN, tx } from '../text/text';
import { idParams } from '../http/wire';
import { namedTenant } from '../auth/references';
import { heldPermissionIds, parseIdArray, requireAllOwned, requireOwned, requireTenant, type Session } from '../auth/access';
import { roleDto } from '../auth/directory';
import { transact } from '../eventLog/transact';
import { deleteIds, deleteSchema } from '../http/deleteTarget';
import { actedBy, rowDeleted } from '../eventLog/eventLog';
import { signedIn } from '../access/signedIn';

/** Every granted id must exist, and a non-root caller may grant only what its own role holds. */
function checkGrants(session: Session, pageIds: number[], authIds: number[]) {
  const unknown = [...pageIds, ...authIds].filter((id) => !permissionById(id));
  if (unknown.length) throw errors.BAD_REQUEST(tx(`未知的权限 id：${unknown.join(', ')}`, `unknown permission ids: ${unknown.join(', ')}`));
  const badPages = pageIds.filter((id) => permissionById(id)!.kind !== 'page');
  if (badPages.length)
    throw errors.BAD_REQUEST(
      tx(`pageNodes 只能包含页面权限：${badPages.join(', ')}`, `pageNodes holds page permissions only: ${badPages.join(', ')}`),
    );
  const held = heldPermissionIds(session);
  if (held === 'all') return;
  const lacking = [...pageIds, ...authIds].filter((id) => !held.has(id));
  // Exactly 无操作权限! (spec §6); what could not be granted travels in data for the screen to show.
  if (lacking.length) {
    const d = errors.DENIED();
    throw new VgError(d.key, d.code, d.kind, d.text, { lacking: lacking.map((id) => permissionById(id)!.name) });
  }
}

function checkHomepage(customConfig: string | null | undefined, pageIds: number[]) {
  const homepage = parseJsonObject(customConfig).homepage;
  if (homepage === undefined || homepage === '') return;
  const route = typeof homepage === 'string' ? findRoute(homepage) : undefined;
  if (!route)
    throw errors.BAD_REQUEST(
      tx(`首页 ${String(homepage).slice(0, 60)} 不是有效的页面`, `the homepage ${String(homepage).slice(0, 60)} is not a page`),
    );
  const pageId = pageIds.find((id) => permissionById(id)!.name === route.permission);
  if (pageId === undefined)
    throw errors.BAD_REQUEST(
      tx(`首页 ${route.path} 需要页面权限 ${route.permission}`, `the homepage ${route.path} needs the page permission ${route.permission}`),
    );
}

export async function roleRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.get('/roles', { config: guarded('roles', 'role_browser user_browser') }, async ({ session }) => {
    let q = app.db.selectFrom('role').selectAll();
    if (session.tenants !== 'all') q = q.where('tenantId', 'in', session.tenants.length ? session.tenants : [-1]);
    return ok((await q.orderBy('id').execute()).map(roleDto));
  });

  route.get(
    '/role/:id/permissions',
    { schema: { params: idParams }, config: guarded('roles', 'role_browser user_browser') },
    async ({ session, params: { id } }) => {
      const role = await app.db.selectFrom('role').selectAll().where('id', '=', id).executeTakeFirst();
      if (!role) throw errors.NOT_FOUND(NOUN.role);
      requireTenant(session, role.tenantId);
      const ids = [...parseIdArray(role.pageNodes), ...parseIdArray(role.auths)];
      return ok(ids.map((pid) => permissionById(pid)).filter(Boolean));
    },
  );

  route.post('/role', { schema: { body: roleBody }, config: guarded('roles', 'role_create') }, async ({ session, body }) => {
    const tenantId = await namedTenant(app.db, session, body.tenantId);
    const pageIds = body.pageNodes.map((n) => n.id);
    checkGrants(session, pageIds, body.auths);
    checkHomepage(body.customConfig, pageIds);
    const id = await transact(app, async (trx, emit) => {
      const { id } = await trx
        .insertInto('role')
        .values({
          name: body.name,
          tenantId,
          customConfig: body.customConfig ?? null,
          pageNodes: JSON.stringify(pageIds),
          auths: JSON.stringify(body.auths),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      emit({
        kind: 'role.created',
        ...actedBy(session),
        tenantId,
        subject: `role:${id}`,
        payload: { after: { name: body.name, pageNodes: pageIds, auths: body.auths, customConfig: body.customConfig ?? null } },
      });
      return id;
    });
    return ok(id, { msg: '保存成功!' });
  });

  route.put('/role', { schema: { body: roleUpdateBody }, config: guarded('roles', 'role_update') }, async ({ session, body }) => {
    const role = requireOwned(session, await app.db.selectFrom('role').selectAll().where('id', '=', body.id).executeTakeFirst(), NOUN.role);
    if (body.tenantId !== undefined && body.tenantId !== role.tenantId)
      throw errors.BAD_REQUEST(tx('角色不能转移到其他租户', 'a role cannot move to another tenant'));
    const pageIds = body.pageNodes.map((n) => n.id);
    checkGrants(session, pageIds, body.auths);
    checkHomepage(body.customConfig, pageIds);
    await transact(app, async (trx, emit) => {
      const after = {
        name: body.name,
        customConfig: body.customConfig ?? null,
        pageNodes: JSON.stringify(pageIds),
        auths: JSON.stringify(body.auths),
      };
      await trx.updateTable('role').set(after).where('id', '=', role.id).execute();
      emit({
        kind: 'role.updated',
        ...actedBy(session),
        tenantId: role.tenantId,
        subject: `role:${role.id}`,
        payload: { before: roleDto(role), after: { ...after, pageNodes: pageIds, auths: body.auths } },
      });
    });
    return ok(role.id, { msg: '保存成功!' });
  });

  route.delete('/role', { schema: deleteSchema, config: guarded('roles', 'role_delete') }, async ({ session, query, body }) => {
    const ids = deleteIds(query, body);
    const roles = await app.db.selectFrom('role').selectAll().where('id', 'in', ids).execute();
    requireAllOwned(session, roles, ids, NOUN.role);
    const used = await app.db.selectFrom('user_role').select('roleId').where('roleId', 'in', ids).executeTakeFirst();
    if (used) throw errors.IN_USE(tx('删除失败，当前角色被其他账号使用！', 'Cannot delete: the role is in use by an account!'));
    await transact(app, async (trx, emit) => {
      await trx.deleteFrom('role').where('id', 'in', ids).execute();
      for (const r of roles) emit(rowDeleted(session, 'role.deleted', r, `role:${r.id}`, roleDto(r)));
    });
    return ok(ids, { msg: '删除成功!' });
  });
}
