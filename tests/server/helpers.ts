import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AppOptions } from '../../server/app';
import { loginPayload } from '../../scripts/loginClient.mjs';
import type { Envelope } from '../../domain/envelope';
import type { LoginClient } from '../../domain/socketProtocol';
import { testServer } from '../infra/testApps';
import type { ManualJobs } from '../infra/manualJobs';

export const ROOT_PASSWORD = 'Root#Pass2024';
export const DEMO_PASSWORD = 'Demo#Pass2024';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** the periodic jobs: they run only when the test moves this clock */
  jobs: ManualJobs;
  close(): Promise<void>;
}

/** One fresh app on a fresh store of its own; close() shuts it down and removes the store. */
export async function startApp(extra: Partial<AppOptions> = {}): Promise<TestApp> {
  const server = await testServer({
    rootPassword: ROOT_PASSWORD,
    demoPassword: DEMO_PASSWORD,
    logger: false,
    // the suites log in far more often than a person; the throttle has its own test
    loginRateLimit: 100_000,
    ...extra,
  });
  await server.app.ready();
  return { app: server.app, dataDir: server.dataDir, jobs: server.jobs, close: server.close };
}

export const passwordOf = (userName: string) => (userName === 'root' ? ROOT_PASSWORD : DEMO_PASSWORD);

/** The login of docs/security.md (a one-time nonce, then the proof for `plain`); returns the raw login response. */
export async function loginRaw(
  app: FastifyInstance,
  userName: string,
  plain = passwordOf(userName),
  timestamps = Date.now(),
  client: LoginClient = 'web',
  remoteAddress = '127.0.0.1',
) {
  const nonce = await app.inject({ method: 'POST', url: '/auth/v1/login/nonce', payload: { userName }, remoteAddress });
  const challenge = nonce.json() as Envelope<{ nonce: string; salt: string; n: number; r: number; p: number }>;
  if (challenge.code !== 0) return nonce;
  const payload = await loginPayload(userName, plain, challenge.data, timestamps, client);
  return app.inject({ method: 'POST', url: '/auth/v1/login', payload, remoteAddress });
}

/**
 * Logs in and returns the token and user; fails the test when login does not succeed. A second web
 * login of the same user ends the first ("logged in elsewhere"): pass client 'api' to keep both.
 */
export async function login(app: FastifyInstance, userName: string, plain = passwordOf(userName), client: LoginClient = 'web') {
  const res = await loginRaw(app, userName, plain, Date.now(), client);
  const body = res.json() as Envelope<{ token: string; user: { id: number; name: string; tenantId: number } }>;
  if (body.code !== 0) throw new Error(`login ${userName} failed: ${body.code} ${body.msg}`);
  return body.data;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export function env<T = unknown>(res: LightMyRequestResponse): Envelope<T> {
  return res.json() as Envelope<T>;
}

/** The answer is an envelope {code, msg, data} with a non-zero code and no stack trace. */
export function expectEnvelopeError(res: LightMyRequestResponse): Envelope {
  const body = res.json() as Record<string, unknown>;
  if (!('code' in body) || !('msg' in body) || !('data' in body)) throw new Error(`not an envelope: ${res.body}`);
  if (body.code === 0 || typeof body.code !== 'number') throw new Error(`expected a non-zero code: ${res.body}`);
  if (typeof body.msg !== 'string' || body.msg.length === 0) throw new Error(`expected a msg: ${res.body}`);
  if ('stack' in body || /\n\s+at\s|\.(?:ts|js|mjs):\d+/.test(res.body)) throw new Error(`stack trace leaked: ${res.body}`);
  return body as unknown as Envelope;
}

export async function userIdOf(app: FastifyInstance, name: string): Promise<number> {
  return (await app.db.selectFrom('app_user').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** Everything the auth routes may write, for "nothing changed" assertions. */
export async function authSnapshot(app: FastifyInstance) {
  const db = app.db;
  const [users, roles, userRoles, groups, members, nodes, tenants, events] = await Promise.all([
    db.selectFrom('app_user').selectAll().orderBy('id').execute(),
    db.selectFrom('role').selectAll().orderBy('id').execute(),
    db.selectFrom('user_role').selectAll().orderBy('userId').orderBy('roleId').execute(),
    db.selectFrom('usergroup').selectAll().orderBy('id').execute(),
    db.selectFrom('usergroup_user').selectAll().orderBy('groupId').orderBy('userId').execute(),
    db.selectFrom('user_model_node').selectAll().orderBy('userId').orderBy('nodeId').execute(),
    db.selectFrom('tenant').selectAll().orderBy('id').execute(),
    db
      .selectFrom('event_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { users, roles, userRoles, groups, members, nodes, tenants, events: Number(events.n) };
}

export async function tenantIdOf(app: FastifyInstance, userName: string): Promise<number> {
  return (await app.db.selectFrom('app_user').select('tenantId').where('name', '=', userName).executeTakeFirstOrThrow()).tenantId;
}
