import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { loginBody, passwordUpdateBody, passwordUpdateByRootBody } from '../../../domain/schemas/auth';
import { PERMISSION_MAP } from '../../../domain/permissions';
import { ROOT_USER_ID } from '../../../domain/enums';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { guarded, publicRoute, typed } from '../../http/routeOptions';
import { noBody } from '../../http/wire';
import { hashPassword, verifyPassword } from '../passwords';
import { LoginLockout } from '../lockout';
import { sessionOf } from '../session';
import { userDto } from '../directory';
import { transact } from '../../events/transact';

export const CLOCK_SKEW_MS = 5 * 60_000;
export const TOKEN_INVALID_MSG = errors.TOKEN_INVALID().message;

/** The body is the token itself (text/plain or a JSON string), or {token}. */
const checkTokenBody = z.union([z.string().max(200), z.object({ token: z.string().max(200) })]);

// A fixed hash to verify against when the user does not exist, so timing does not reveal user names.
let dummyHash: Promise<string> | undefined;

export async function sessionRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const lockout = new LoginLockout(app.db);

  app.post('/login', { schema: { body: loginBody }, config: publicRoute('signing in') }, async (request) => {
    const body = request.body;
    if (Math.abs(Date.now() - body.timestamps) > CLOCK_SKEW_MS) throw errors.CLOCK_SKEW();
    const lockedMs = await lockout.lockedFor(body.userName);
    if (lockedMs > 0) throw errors.LOGIN_LOCKED(Math.ceil(lockedMs / 60_000));
    const user = await app.db.selectFrom('app_user').selectAll().where('name', '=', body.userName).executeTakeFirst();
    dummyHash ??= hashPassword('0'.repeat(64));
    const valid = await verifyPassword(body.password, user?.passwordHash ?? (await dummyHash));
    if (!user || !valid) {
      const locked = await lockout.recordFailure(body.userName);
      if (locked) throw errors.LOGIN_LOCKED(15);
      throw errors.LOGIN_FAILED();
    }
    await lockout.clear(body.userName);
    if (user.id !== ROOT_USER_ID) {
      const tenant = await app.db.selectFrom('tenant').select('status').where('id', '=', user.tenantId).executeTakeFirst();
      if (tenant && tenant.status === 0) throw errors.TENANT_SUSPENDED();
    }
    const token = await app.tokens.issue(user.id);
    await app.eventLog.record({
      kind: 'user.login',
      actorId: user.id,
      actorName: user.name,
      tenantId: user.tenantId,
      subject: `user:${user.id}`,
      payload: { client: body.client },
    });
    return ok({ token, user: await userDto(app.db, user.id) });
  });

  app.post('/logout', { schema: { body: noBody }, config: guarded('self') }, async (request) => {
    const session = sessionOf(request);
    await app.tokens.revoke(request.token!);
    await app.eventLog.record({
      kind: 'user.logout',
      actorId: session.userId,
      actorName: session.userName,
      tenantId: session.tenantId,
      subject: `user:${session.userId}`,
    });
    return ok(null);
  });

  // The body is the token itself (a JSON string or plain text); {token} is accepted as well.
  app.post('/checktoken', { schema: { body: checkTokenBody }, config: publicRoute('checking a token') }, async (request) => {
    const raw = request.body;
    const token = typeof raw === 'string' ? raw.trim() : raw.token;
    const userId = await app.tokens.verify(token);
    if (userId === undefined) throw errors.TOKEN_INVALID();
    return ok(userId);
  });

  app.get('/user', { config: guarded('self') }, async (request) => {
    const session = sessionOf(request);
    return ok(await userDto(app.db, session.userId));
  });

  app.get('/permissions', { config: guarded('self') }, async () => ok(PERMISSION_MAP));

  app.put('/user/password/update', { schema: { body: passwordUpdateBody }, config: guarded('self') }, async (request) => {
    const session = sessionOf(request);
    const body = request.body;
    if (body.id !== session.userId || body.name !== session.userName) throw errors.DENIED();
    const user = await app.db.selectFrom('app_user').selectAll().where('id', '=', session.userId).executeTakeFirstOrThrow();
    if (!(await verifyPassword(body.oldPassword, user.passwordHash))) throw errors.OLD_PASSWORD_WRONG();
    const passwordHash = await hashPassword(body.newPassword);
    await transact(app, async (trx, emit) => {
      await trx.updateTable('app_user').set({ passwordHash, updatedAt: Date.now() }).where('id', '=', user.id).execute();
      emit({ kind: 'user.password_changed', actorId: user.id, actorName: user.name, tenantId: user.tenantId, subject: `user:${user.id}` });
    });
    await app.tokens.revokeAllOf(user.id);
    return ok(null, { msg: '密码修改成功' });
  });

  app.put(
    '/user/password/updateByRoot',
    { schema: { body: passwordUpdateByRootBody }, config: guarded('users', 'user_update') },
    async (request) => {
      const session = sessionOf(request);
      const body = request.body;
      if (!session.isRoot || body.rootId !== ROOT_USER_ID || body.rootName !== session.userName) throw errors.ROOT_ONLY();
      const target = await app.db.selectFrom('app_user').selectAll().where('id', '=', body.userId).executeTakeFirst();
      if (!target) throw errors.NOT_FOUND('用户');
      const passwordHash = await hashPassword(body.newPassword);
      await transact(app, async (trx, emit) => {
        await trx.updateTable('app_user').set({ passwordHash, updatedAt: Date.now() }).where('id', '=', target.id).execute();
        emit({
          kind: 'user.password_reset',
          actorId: session.userId,
          actorName: session.userName,
          tenantId: target.tenantId,
          subject: `user:${target.id}`,
          payload: { userName: target.name },
        });
      });
      await app.tokens.revokeAllOf(target.id);
      return ok(null, { msg: '密码修改成功' });
    },
  );
}
