import type { FastifyInstance } from 'fastify';
import { usergroupBody, usergroupUpdateBody } from '../../domain/schemas/auth';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { NOUN, tx } from '../text/text';
import { namedTenant } from '../auth/references';
import { requireAllOwned, requireOwned, requireTenant, type Session } from '../auth/access';
import { usergroupDtos } from '../auth/directory';
import { transact } from '../eventLog/transact';
import { deleteIds, deleteSchema } from '../http/deleteTarget';
import type { Transaction } from 'kysely';
import type { Database } from '../store/schema';
import { actedBy, rowDeleted } from '../eventLog/eventLog';
import { signedIn } from '../access/signedIn';

const GROUP_IN_USE_MSG = '删除失败，当前用户组被其他账号使用！';
const GROUP_IN_USE = tx(GROUP_IN_USE_MSG, 'Cannot delete: the user group is in use by an account!');

async function checkMembers(trx: Transaction<Database>, session: Session, tenantId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  const users = await trx.selectFrom('app_user').select(['id', 'tenantId']).where('id', 'in', userIds).execute();
  if (users.length !== new Set(userIds).size) throw errors.NOT_FOUND(NOUN.member);
  for (const u of users) {
    requireTenant(session, u.tenantId);
    if (u.tenantId !== tenantId) throw errors.BAD_REQUEST(tx('用户组成员须属于同一租户', 'group members must be of one tenant'));
  }
}

export async function groupRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.get('/tenant', { config: guarded('shell') }, async ({ session }) => {
    let q = app.db.selectFrom('tenant').select(['id', 'name', 'customConfig', 'status']);
    if (session.tenants !== 'all') q = q.where('id', 'in', session.tenants.length ? session.tenants : [-1]);
    return ok(await q.orderBy('id').execute());
  });

  route.get('/usergroups', { config: guarded('groups', 'group_browser user_browser') }, async ({ session }) => {
    let q = app.db.selectFrom('usergroup').selectAll();
    if (session.tenants !== 'all') q = q.where('tenantId', 'in', session.tenants.length ? session.tenants : [-1]);
    return ok(await usergroupDtos(app.db, await q.orderBy('id').execute()));
  });

  route.post('/usergroup', { schema: { body: usergroupBody }, config: guarded('groups', 'group_create') }, async ({ session, body }) => {
    const tenantId = await namedTenant(app.db, session, body.tenantId);
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
        ...actedBy(session),
        tenantId,
        subject: `usergroup:${id}`,
        payload: { after: { name: body.name, users: userIds } },
      });
      return id;
    });
    return ok(id, { msg: '保存成功!' });
  });

  route.put(
    '/usergroup',
    { schema: { body: usergroupUpdateBody }, config: guarded('groups', 'group_update') },
    async ({ session, body }) => {
      const group = requireOwned(
        session,
        await app.db.selectFrom('usergroup').selectAll().where('id', '=', body.id).executeTakeFirst(),
        NOUN.usergroup,
      );
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
          ...actedBy(session),
          tenantId: group.tenantId,
          subject: `usergroup:${group.id}`,
          payload: { before: group, after: { name: body.name, users: userIds } },
        });
      });
      return ok(group.id, { msg: '保存成功!' });
    },
  );

  route.delete('/usergroup', { schema: deleteSchema, config: guarded('groups', 'group_delete') }, async ({ session, query, body }) => {
    const ids = deleteIds(query, body);
    const groups = await app.db.selectFrom('usergroup').selectAll().where('id', 'in', ids).execute();
    requireAllOwned(session, groups, ids, NOUN.usergroup);
    const used = await app.db.selectFrom('usergroup_user').select('groupId').where('groupId', 'in', ids).executeTakeFirst();
    if (used) throw errors.IN_USE(GROUP_IN_USE);
    await transact(app, async (trx, emit) => {
      await trx.deleteFrom('usergroup').where('id', 'in', ids).execute();
      for (const g of groups) emit(rowDeleted(session, 'usergroup.deleted', g, `usergroup:${g.id}`));
    });
    return ok(ids, { msg: '删除成功!' });
  });
}
