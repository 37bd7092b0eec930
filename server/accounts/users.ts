import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userCreateBody, userUpdateBody } from '../../domain/schemas/auth';
import { ROOT_USER_ID, USER_TYPE } from '../../domain/enums';
import { parseJsonObject } from '../../domain/access';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { NOUN, tx } from '../text/text';
import { idText } from '../http/wire';
import { namedTenant, requireTenantRef } from '../auth/references';
import { hashPassword } from '../auth/passwords';
import { mayAccessTenant, requireOwned, type Session } from '../auth/access';
import { userDtos } from '../auth/directory';
import { containsText } from '../store/dialect';
import { transact } from '../eventLog/transact';
import { deleteIds, deleteSchema } from '../http/deleteTarget';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema';
import { actedBy, rowDeleted } from '../eventLog/eventLog';
import { signedIn } from '../access/signedIn';

/**
 * Users created here are project users unless a platform-side caller asks for platform or service
 * type (the platform user screen); a project user cannot create anything but project users.
 */
function effectiveCustomConfig(session: Session, text: string | null | undefined): string {
  const cfg = parseJsonObject(text);
  const asked = Number(cfg.usertype);
  const platformSide = session.tenants === 'all';
  cfg.usertype = platformSide && (asked === USER_TYPE.PLATFORM || asked === USER_TYPE.SERVICE) ? asked : USER_TYPE.PROJECT;
  return JSON.stringify(cfg);
}

async function checkRole(db: Kysely<Database> | Transaction<Database>, roleId: number | undefined, tenantId: number) {
  if (roleId === undefined) return;
  const role = await db.selectFrom('role').select(['id', 'tenantId']).where('id', '=', roleId).executeTakeFirst();
  if (!role) throw errors.NOT_FOUND(NOUN.role);
  if (role.tenantId !== tenantId) throw errors.BAD_REQUEST(tx('角色不属于该用户的租户', 'the role is not of the user’s tenant'));
}

export async function userRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.get(
    '/user/queryByRole',
    { schema: { querystring: z.object({ roleId: idText }) }, config: guarded('users', 'user_browser') },
    async ({ session, query: { roleId } }) => {
      let q = app.db
        .selectFrom('app_user')
        .innerJoin('user_role', 'user_role.userId', 'app_user.id')
        .selectAll('app_user')
        .where('user_role.roleId', '=', roleId);
      if (session.tenants !== 'all') q = q.where('app_user.tenantId', 'in', session.tenants.length ? session.tenants : [-1]);
      return ok(await userDtos(app.db, await q.orderBy('app_user.id').execute()));
    },
  );

  route.get(
    '/user/queryByName',
    { schema: { querystring: z.object({ name: z.string().max(64).default('') }) }, config: guarded('users', 'user_browser') },
    async ({ session, query: { name } }) => {
      let q = app.db.selectFrom('app_user').selectAll();
      if (name) q = q.where((eb) => containsText(eb.ref('name'), name));
      if (session.tenants !== 'all') q = q.where('tenantId', 'in', session.tenants.length ? session.tenants : [-1]);
      return ok(await userDtos(app.db, await q.orderBy('id').limit(1000).execute()));
    },
  );

  route.post('/user', { schema: { body: userCreateBody }, config: guarded('users', 'user_create') }, async ({ session, body }) => {
    const tenantId = await namedTenant(app.db, session, body.tenantId);
    const roleId = body.roleId ?? body.roles?.[0]?.id;
    const passwordHash = await hashPassword(body.password);
    const id = await transact(app, async (trx, emit) => {
      if (await trx.selectFrom('app_user').select('id').where('name', '=', body.name).executeTakeFirst()) {
        throw errors.CONFLICT(tx(`用户名 ${body.name} 已存在`, `The user name ${body.name} is taken`));
      }
      await checkRole(trx, roleId, tenantId);
      const now = Date.now();
      const { id } = await trx
        .insertInto('app_user')
        .values({
          name: body.name,
          nicName: body.nicName ?? body.name,
          tenantId,
          customConfig: effectiveCustomConfig(session, body.customConfig),
          passwordHash,
          email: body.email ?? null,
          mobilePhone: body.mobilePhone ?? null,
          wecomId: body.wecomId ?? null,
          dingtalkId: body.dingtalkId ?? null,
          language: body.language ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (roleId !== undefined) await trx.insertInto('user_role').values({ userId: id, roleId }).execute();
      emit({
        kind: 'user.created',
        ...actedBy(session),
        tenantId,
        subject: `user:${id}`,
        payload: { after: { name: body.name, tenantId, roleId } },
      });
      return id;
    });
    return ok(id, { msg: '保存成功!' });
  });

  route.put('/user', { schema: { body: userUpdateBody }, config: guarded('users', 'user_update') }, async ({ session, body }) => {
    const target = requireOwned(
      session,
      await app.db.selectFrom('app_user').selectAll().where('id', '=', body.id).executeTakeFirst(),
      NOUN.user,
    );
    const tenantId = body.tenantId ?? target.tenantId;
    if (tenantId !== target.tenantId) await requireTenantRef(app.db, session, tenantId);
    if (target.id === ROOT_USER_ID && !session.isRoot) throw errors.ROOT_ONLY();
    const roleId = body.roleId ?? body.roles?.[0]?.id;
    await transact(app, async (trx, emit) => {
      if (
        body.name &&
        body.name !== target.name &&
        (await trx.selectFrom('app_user').select('id').where('name', '=', body.name).executeTakeFirst())
      ) {
        throw errors.CONFLICT(tx(`用户名 ${body.name} 已存在`, `The user name ${body.name} is taken`));
      }
      await checkRole(trx, roleId, tenantId);
      const changes = {
        name: body.name ?? target.name,
        nicName: body.nicName ?? body.name ?? target.nicName,
        tenantId,
        customConfig:
          target.id === ROOT_USER_ID
            ? target.customConfig
            : body.customConfig !== undefined
              ? effectiveCustomConfig(session, body.customConfig)
              : target.customConfig,
        email: body.email !== undefined ? body.email : target.email,
        mobilePhone: body.mobilePhone !== undefined ? body.mobilePhone : target.mobilePhone,
        wecomId: body.wecomId !== undefined ? body.wecomId : target.wecomId,
        dingtalkId: body.dingtalkId !== undefined ? body.dingtalkId : target.dingtalkId,
        language: body.language !== undefined ? body.language : target.language,
        updatedAt: Date.now(),
      };
      await trx.updateTable('app_user').set(changes).where('id', '=', target.id).execute();
      if (roleId !== undefined) {
        await trx.deleteFrom('user_role').where('userId', '=', target.id).execute();
        await trx.insertInto('user_role').values({ userId: target.id, roleId }).execute();
      }
      const { passwordHash: _h, ...before } = target;
      emit({
        kind: 'user.updated',
        ...actedBy(session),
        tenantId,
        subject: `user:${target.id}`,
        payload: { before, after: { ...changes, roleId } },
      });
    });
    return ok(target.id, { msg: '保存成功!' });
  });

  route.delete('/user', { schema: deleteSchema, config: guarded('users', 'user_delete') }, async ({ session, query, body }) => {
    const ids = deleteIds(query, body);
    const targets = await app.db.selectFrom('app_user').select(['id', 'name', 'tenantId']).where('id', 'in', ids).execute();
    if (targets.length !== new Set(ids).size) throw errors.NOT_FOUND(NOUN.user);
    for (const t of targets) {
      if (!mayAccessTenant(session, t.tenantId)) throw errors.TENANT_DENIED();
      if (t.id === ROOT_USER_ID) throw errors.BAD_REQUEST(tx('root 用户不能删除', 'the root user cannot be deleted'));
      if (t.id === session.userId) throw errors.BAD_REQUEST(tx('不能删除当前登录的用户', 'you cannot delete yourself'));
    }
    await transact(app, async (trx, emit) => {
      for (const t of targets) {
        await trx.deleteFrom('user_role').where('userId', '=', t.id).execute();
        await trx.deleteFrom('usergroup_user').where('userId', '=', t.id).execute();
        await trx.deleteFrom('user_model_node').where('userId', '=', t.id).execute();
        await trx
          .updateTable('auth_token')
          .set({ revokedAt: Date.now() })
          .where('userId', '=', t.id)
          .where('revokedAt', 'is', null)
          .execute();
        await trx.deleteFrom('app_user').where('id', '=', t.id).execute();
        emit(rowDeleted(session, 'user.deleted', t, `user:${t.id}`));
      }
    });
    return ok(ids, { msg: '删除成功!' });
  });
}
