import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { roleBody, roleUpdateBody } from '../../../domain/schemas/auth';
import { permissionById } from '../../../domain/permissions';
import { findRoute } from '../../../domain/routes';
import { parseJsonObject } from '../../../domain/access';
import { errors, VgError } from '../../errors';
import { ok } from '../../http/envelope';
import { parseOr400 } from '../../http/validate';
import { sessionOf } from '../session';
import { heldPermissionIds, parseIdArray, requirePermission, requireTenant, type Session } from '../access';
import { roleDto } from '../directory';
import { transact } from '../../events/transact';
import { deleteIds } from './deleteTarget';

/** Every granted id must exist, and a non-root caller may grant only what its own role holds. */
function checkGrants(session: Session, pageIds: number[], authIds: number[]) {
  const unknown = [...pageIds, ...authIds].filter((id) => !permissionById(id));
  if (unknown.length) throw errors.BAD_REQUEST(`未知的权限 id：${unknown.join(', ')}`);
  const badPages = pageIds.filter((id) => permissionById(id)!.kind !== 'page');
  if (badPages.length) throw errors.BAD_REQUEST(`pageNodes 只能包含页面权限：${badPages.join(', ')}`);
  const held = heldPermissionIds(session);
  if (held === 'all') return;
  const lacking = [...pageIds, ...authIds].filter((id) => !held.has(id));
  if (lacking.length) {
    const names = lacking.map((id) => permissionById(id)!.name).join(', ');
    throw new VgError('DENIED', 403, `无操作权限! 不能授予自己没有的权限：${names}`, 403);
  }
}

function checkHomepage(customConfig: string | null | undefined, pageIds: number[]) {
  const homepage = parseJsonObject(customConfig).homepage;
  if (homepage === undefined || homepage === '') return;
  const route = typeof homepage === 'string' ? findRoute(homepage) : undefined;
  if (!route) throw errors.BAD_REQUEST(`首页 ${String(homepage)} 不是有效的页面`);
  const pageId = pageIds.find((id) => permissionById(id)!.name === route.permission);
  if (pageId === undefined) throw errors.BAD_REQUEST(`首页 ${route.path} 需要页面权限 ${route.permission}`);
}

export async function roleRoutes(app: FastifyInstance) {
  app.get('/roles', async (request) => {
    const session = sessionOf(request);
    requirePermission(session, 'role_browser user_browser');
    let q = app.db.selectFrom('role').selectAll();
    if (session.tenants !== 'all') q = q.where('tenantId', 'in', session.tenants.length ? session.tenants : [-1]);
    return ok((await q.orderBy('id').execute()).map(roleDto));
  });

  app.get('/role/:id/permissions', async (request) => {
    const session = sessionOf(request);
    const { id } = parseOr400(z.object({ id: z.coerce.number().int().min(0) }), request.params);
    const role = await app.db.selectFrom('role').selectAll().where('id', '=', id).executeTakeFirst();
    if (!role) throw errors.NOT_FOUND('角色');
    requireTenant(session, role.tenantId);
    const ids = [...parseIdArray(role.pageNodes), ...parseIdArray(role.auths)];
    return ok(ids.map((pid) => permissionById(pid)).filter(Boolean));
  });

  app.post('/role', async (request) => {
    const session = sessionOf(request);
    requirePermission(session, 'role_create');
    const body = parseOr400(roleBody, request.body);
    const tenantId = body.tenantId ?? session.tenantId;
    requireTenant(session, tenantId);
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
        actorId: session.userId,
        actorName: session.userName,
        tenantId,
        subject: `role:${id}`,
        payload: { after: { name: body.name, pageNodes: pageIds, auths: body.auths, customConfig: body.customConfig ?? null } },
      });
      return id;
    });
    return ok(id, { msg: '保存成功!' });
  });

  app.put('/role', async (request) => {
    const session = sessionOf(request);
    requirePermission(session, 'role_update');
    const body = parseOr400(roleUpdateBody, request.body);
    const role = await app.db.selectFrom('role').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (!role) throw errors.NOT_FOUND('角色');
    requireTenant(session, role.tenantId);
    if (body.tenantId !== undefined && body.tenantId !== role.tenantId) throw errors.BAD_REQUEST('角色不能转移到其他租户');
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
        actorId: session.userId,
        actorName: session.userName,
        tenantId: role.tenantId,
        subject: `role:${role.id}`,
        payload: { before: roleDto(role), after: { ...after, pageNodes: pageIds, auths: body.auths } },
      });
    });
    return ok(role.id, { msg: '保存成功!' });
  });

  app.delete('/role', async (request) => {
    const session = sessionOf(request);
    requirePermission(session, 'role_delete');
    const ids = deleteIds(request);
    const roles = await app.db.selectFrom('role').selectAll().where('id', 'in', ids).execute();
    if (roles.length !== new Set(ids).size) throw errors.NOT_FOUND('角色');
    for (const r of roles) requireTenant(session, r.tenantId);
    const used = await app.db.selectFrom('user_role').select('roleId').where('roleId', 'in', ids).executeTakeFirst();
    if (used) throw errors.IN_USE('删除失败，当前角色被其他账号使用！');
    await transact(app, async (trx, emit) => {
      await trx.deleteFrom('role').where('id', 'in', ids).execute();
      for (const r of roles)
        emit({
          kind: 'role.deleted',
          actorId: session.userId,
          actorName: session.userName,
          tenantId: r.tenantId,
          subject: `role:${r.id}`,
          payload: { before: roleDto(r) },
        });
    });
    return ok(ids, { msg: '删除成功!' });
  });
}
