import type { FastifyInstance } from 'fastify';
import { usergroupBody, usergroupUpdateBody } from '../../../domain/schemas/auth';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { parseOr400 } from '../../http/validate';
import { sessionOf } from '../session';
import { requirePermission, requireTenant, type Session } from '../access';
import { usergroupDtos } from '../directory';
import { transact } from '../../events/transact';
import { deleteIds } from './deleteTarget';
import type { Transaction } from 'kysely';
import type { Database } from '../../store/schema';

export const GROUP_IN_USE_MSG = '删除失败，当前用户组被其他账号使用！';

async function checkMembers(trx: Transaction<Database>, session: Session, tenantId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  const users = await trx.selectFrom('app_user').select(['id', 'tenantId']).where('id', 'in', userIds).execute();
  if (users.length !== new Set(userIds).size) throw errors.NOT_FOUND('成员用户');
  for (const u of users) {
    requireTenant(session, u.tenantId);
    if (u.tenantId !== tenantId) throw errors.BAD_REQUEST('用户组成员须属于同一租户');
  }
}

export async function groupRoutes(app: FastifyInstance) {
  app.get('/tenant', async (request) => {
    const session = sessionOf(request);
    let q = app.db.selectFrom('tenant').select(['id', 'name', 'customConfig', 'status']);
    if (session.tenants !== 'all') q = q.where('id', 'in', session.tenants.length ? session.tenants : [-1]);
    return ok(await q.orderBy('id').execute());
  });

  app.get('/usergroups', async (request) => {
    const session = sessionOf(request);
    requirePermission(session, 'group_browser user_browser');
    let q = app.db.selectFrom('usergroup').selectAll();
    if (session.tenants !== 'all') q = q.where('tenantId', 'in', session.tenants.length ? session.tenants : [-1]);
    return ok(await usergroupDtos(app.db, await q.orderBy('id').execute()));
  });

  app.post('/usergroup', async (request) => {
    const session = sessionOf(request);
    requirePermission(session, 'group_create');
    const body = parseOr400(usergroupBody, request.body);
    const tenantId = body.tenantId ?? session.tenantId;
    requireTenant(session, tenantId);
    const id = await transact(app, async (trx, emit) => {
      const userIds = body.users.map((u) => u.id);
      await checkMembers(trx, session, tenantId, userIds);
      const { id } = await trx
        .insertInto('usergroup')
        .values({ name: body.name, tenantId, customConfig: body.customConfig ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const userId of new Set(userIds)) await trx.insertInto('usergroup_user').values({ groupId: id, userId }).execute();
      emit({
        kind: 'usergroup.created',
        actorId: session.userId,
        actorName: session.userName,
        tenantId,
        subject: `usergroup:${id}`,
        payload: { after: { name: body.name, users: userIds } },
      });
      return id;
    });
    return ok(id, { msg: '保存成功!' });
  });

  app.put('/usergroup', async (request) => {
    const session = sessionOf(request);
    requirePermission(session, 'group_update');
    const body = parseOr400(usergroupUpdateBody, request.body);
    const group = await app.db.selectFrom('usergroup').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (!group) throw errors.NOT_FOUND('用户组');
    requireTenant(session, group.tenantId);
    await transact(app, async (trx, emit) => {
      const userIds = body.users.map((u) => u.id);
      await checkMembers(trx, session, group.tenantId, userIds);
      await trx
        .updateTable('usergroup')
        .set({ name: body.name, customConfig: body.customConfig ?? group.customConfig })
        .where('id', '=', group.id)
        .execute();
      await trx.deleteFrom('usergroup_user').where('groupId', '=', group.id).execute();
      for (const userId of new Set(userIds)) await trx.insertInto('usergroup_user').values({ groupId: group.id, userId }).execute();
      emit({
        kind: 'usergroup.updated',
        actorId: session.userId,
        actorName: session.userName,
        tenantId: group.tenantId,
        subject: `usergroup:${group.id}`,
        payload: { before: group, after: { name: body.name, users: userIds } },
      });
    });
    return ok(group.id, { msg: '保存成功!' });
  });

  app.delete('/usergroup', async (request) => {
    const session = sessionOf(request);
    requirePermission(session, 'group_delete');
    const ids = deleteIds(request);
    const groups = await app.db.selectFrom('usergroup').selectAll().where('id', 'in', ids).execute();
    if (groups.length !== new Set(ids).size) throw errors.NOT_FOUND('用户组');
    for (const g of groups) requireTenant(session, g.tenantId);
    const used = await app.db.selectFrom('usergroup_user').select('groupId').where('groupId', 'in', ids).executeTakeFirst();
    if (used) throw errors.IN_USE(GROUP_IN_USE_MSG);
    await transact(app, async (trx, emit) => {
      await trx.deleteFrom('usergroup').where('id', 'in', ids).execute();
      for (const g of groups)
        emit({
          kind: 'usergroup.deleted',
          actorId: session.userId,
          actorName: session.userName,
          tenantId: g.tenantId,
          subject: `usergroup:${g.id}`,
          payload: { before: g },
        });
    });
    return ok(ids, { msg: '删除成功!' });
  });
}
