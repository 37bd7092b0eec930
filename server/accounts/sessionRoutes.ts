import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { loginBody, loginNonceBody, passwordUpdateBody, passwordUpdateByRootBody, type LoginChallengeDto } from '../../domain/schemas/auth';
import { PERMISSION_MAP } from '../../domain/permissions';
import { ROOT_USER_ID } from '../../domain/enums';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded, publicRoute, typed } from '../http/routeOptions';
import { noBody } from '../http/wire';
import { hashPassword, parseStored, SCRYPT_N, SCRYPT_P, SCRYPT_R, upgradeStored, verifyPassword, verifyProof } from '../auth/passwords';
import { LoginLockout } from '../auth/lockout';
import { LoginNonces } from '../auth/loginNonce';
import { NOUN } from '../text/text';
import { userDto } from '../auth/directory';
import { transact } from '../eventLog/transact';
import { actedBy, type DomainEventInput } from '../eventLog/eventLog';
import { tenantSettings } from '../system/settings';
import { WEB_CLIENT } from '../../domain/socketProtocol';
import { keepsInstead } from '../store/refusesWrites';
import { signedIn } from '../access/signedIn';

const CLOCK_SKEW_MS = 5 * 60_000;

/** The body is the token itself (text/plain or a JSON string), or {token}. */
const checkTokenBody = z.union([z.string().max(200), z.object({ token: z.string().max(200) })]);

export interface SessionRouteOptions {
  /** logins and login nonces per source address per minute */
  loginRateLimit: number;
  /** a server secret: the salts shown for unknown user names derive from it */
  loginSecret: Buffer;
}

export async function sessionRoutes(fastify: FastifyInstance, opts: SessionRouteOptions) {
  const app = typed(fastify);
  const route = signedIn(app);
  // While the store refuses writes (a full or read-only disk) a login still succeeds on a single
  // instance: nonces, failures and the token are kept in memory, the operation-log row is skipped (issue 34).
  const unwritten = app.tokens.unwritten;
  const lockout = new LoginLockout(app.db, Date.now, unwritten);
  const nonces = new LoginNonces(app.db, Date.now, unwritten);
  /** A login's or logout's operation-log row: skipped, with a log line, when the store refuses it. */
  const recordSignIn = (event: DomainEventInput) =>
    app.eventLog.record(event).catch((err: unknown) => {
      if (!keepsInstead(unwritten, err)) throw err;
      unwritten(`${event.kind} is not in the operation log`, err);
    });
  await upgradeStoredPasswords(app);
  await lockout.purge();
  // Each address is throttled on the two public login calls (docs/security.md).
  const throttle = { rateLimit: { max: opts.loginRateLimit, timeWindow: 60_000 } };

  // Step 1: a one-time nonce with the user's salt and scrypt parameters. An unknown user gets a salt
  // too (derived from a server secret, stable per name), so the answer does not tell who exists.
  app.post(
    '/login/nonce',
    { schema: { body: loginNonceBody }, config: { ...publicRoute('the one-time login nonce'), ...throttle } },
    async (request) => {
      const { userName } = request.body;
      const user = await app.db.selectFrom('app_user').select('passwordHash').where('name', '=', userName).executeTakeFirst();
      const stored = user ? parseStored(user.passwordHash) : null;
      const { nonce, expiresAt } = await nonces.issue(userName);
      const salt = stored?.salt ?? createHmac('sha256', opts.loginSecret).update(`salt:${userName}`).digest().subarray(0, 16);
      const challenge: LoginChallengeDto = {
        nonce,
        salt: salt.toString('hex'),
        n: stored?.n ?? SCRYPT_N,
        r: stored?.r ?? SCRYPT_R,
        p: stored?.p ?? SCRYPT_P,
        expiresAt,
      };
      return ok(challenge);
    },
  );

  // Step 2: the proof. The nonce is spent by this call whatever its outcome, so a captured login is useless.
  app.post('/login', { schema: { body: loginBody }, config: { ...publicRoute('signing in'), ...throttle } }, async (request) => {
    const body = request.body;
    const source = request.ip;
    if (Math.abs(Date.now() - body.timestamps) > CLOCK_SKEW_MS) throw errors.CLOCK_SKEW();
    if (!(await nonces.spend(body.nonce, body.userName))) throw errors.LOGIN_NONCE();
    const lockedMs = await lockout.lockedFor(body.userName, source);
    if (lockedMs > 0) throw errors.LOGIN_LOCKED(Math.ceil(lockedMs / 60_000));
    const user = await app.db.selectFrom('app_user').selectAll().where('name', '=', body.userName).executeTakeFirst();
    const stored = user ? parseStored(user.passwordHash) : null;
    const valid = !!stored && verifyProof(stored, body.userName, body.nonce, body.timestamps, body.password);
    if (!user || !valid) {
      const locked = await lockout.recordFailure(body.userName, source);
      if (locked) throw errors.LOGIN_LOCKED(15);
      throw errors.LOGIN_FAILED();
    }
    await lockout.clear(body.userName, source);
    if (user.disabled) throw errors.USER_DISABLED();
    if (user.id !== ROOT_USER_ID) {
      const tenant = await app.db.selectFrom('tenant').select('status').where('id', '=', user.tenantId).executeTakeFirst();
      if (tenant && tenant.status === 0) throw errors.TENANT_SUSPENDED();
    }
    const token = await app.tokens.issue(user.id, body.client);
    app.sessions.forget(user.id);
    // "Logged in elsewhere" (a system setting, on by default): this web login ends the older ones.
    if (body.client === WEB_CLIENT && (await tenantSettings(app.db, user.tenantId)).settings.singleWebSession) {
      await app.tokens.revokeOtherWebSessions(user.id, token);
    }
    await recordSignIn({
      kind: 'user.login',
      actorId: user.id,
      actorName: user.name,
      tenantId: user.tenantId,
      subject: `user:${user.id}`,
      payload: { client: body.client },
    });
    return ok({ token, user: await userDto(app.db, user.id) });
  });

  route.post('/logout', { schema: { body: noBody }, config: guarded('self') }, async ({ session, request }) => {
    await app.tokens.revoke(request.token!);
    await recordSignIn({
      kind: 'user.logout',
      ...actedBy(session),
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

  // The answer is kept as sent (serialized once) with the record: the session cache empties it on every
  // change of users, groups, roles, tenants or the ledger, so a light call does no JSON work (issue 17).
  route.get('/user', { config: guarded('self') }, async ({ session, reply }) => {
    const body = await app.sessions.record(session.userId, async () => JSON.stringify(ok(await userDto(app.db, session.userId))));
    return reply.type('application/json; charset=utf-8').send(body);
  });

  route.get('/permissions', { config: guarded('self') }, async () => ok(PERMISSION_MAP));

  route.put('/user/password/update', { schema: { body: passwordUpdateBody }, config: guarded('self') }, async ({ session, body }) => {
    if (body.id !== session.userId || body.name !== session.userName) throw errors.DENIED();
    const user = await app.db.selectFrom('app_user').selectAll().where('id', '=', session.userId).executeTakeFirstOrThrow();
    if (!(await verifyPassword(body.oldPassword, user.passwordHash))) throw errors.OLD_PASSWORD_WRONG();
    const passwordHash = await hashPassword(body.newPassword);
    await transact(app, async (trx, emit) => {
      await trx.updateTable('app_user').set({ passwordHash, updatedAt: Date.now() }).where('id', '=', user.id).execute();
      emit({ kind: 'user.password_changed', actorId: user.id, actorName: user.name, tenantId: user.tenantId, subject: `user:${user.id}` });
    });
    await app.tokens.revokeAllOf(user.id, 'password_changed');
    return ok(null, { msg: '密码修改成功' });
  });

  route.put(
    '/user/password/updateByRoot',
    { schema: { body: passwordUpdateByRootBody }, config: guarded('users', 'user_update') },
    async ({ session, body }) => {
      if (!session.isRoot || body.rootId !== ROOT_USER_ID || body.rootName !== session.userName) throw errors.ROOT_ONLY();
      const target = await app.db.selectFrom('app_user').selectAll().where('id', '=', body.userId).executeTakeFirst();
      if (!target) throw errors.NOT_FOUND(NOUN.user);
      const passwordHash = await hashPassword(body.newPassword);
      await transact(app, async (trx, emit) => {
        await trx.updateTable('app_user').set({ passwordHash, updatedAt: Date.now() }).where('id', '=', target.id).execute();
        emit({
          kind: 'user.password_reset',
          ...actedBy(session),
          tenantId: target.tenantId,
          subject: `user:${target.id}`,
          payload: { userName: target.name },
        });
      });
      await app.tokens.revokeAllOf(target.id, 'password_reset');
      return ok(null, { msg: '密码修改成功' });
    },
  );
}

/** Passwords stored in the older form (the salted key itself) become the login-proof form, once. */
async function upgradeStoredPasswords(app: FastifyInstance) {
  const old = await app.db.selectFrom('app_user').select(['id', 'passwordHash']).where('passwordHash', 'like', 'scrypt$%').execute();
  for (const u of old)
    await app.db
      .updateTable('app_user')
      .set({ passwordHash: upgradeStored(u.passwordHash) })
      .where('id', '=', u.id)
      .execute();
}
