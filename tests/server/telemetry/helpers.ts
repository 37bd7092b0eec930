import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../../../server/app';
import { testServer } from '../../infra/testApps';
import type { ManualJobs } from '../../infra/manualJobs';
import { loginWith } from '../../../scripts/loginClient.mjs';
import type { Envelope } from '../../../domain/envelope';

export const PASSWORD = 'Demo#Pass123';
export const digest = (plain: string) =>
  createHash('sha256')
    .update('voltguard' + plain)
    .digest('hex');

/** A fresh app on a store of its own, demo ledger seeded; its periodic jobs run only on the test's clock. */
export async function makeApp(
  extra: Partial<AppOptions> = {},
): Promise<{ app: FastifyInstance; dir: string; jobs: ManualJobs; cleanup: () => Promise<void> }> {
  const server = await testServer({
    label: 'telemetry app',
    rootPassword: PASSWORD,
    demoPassword: PASSWORD,
    demo: true,
    loginRateLimit: 100_000,
    ...extra,
    telemetry: { remoteTimeoutMs: 400, ...extra.telemetry },
  });
  return { app: server.app, dir: server.dataDir, jobs: server.jobs, cleanup: server.close };
}

export async function login(app: FastifyInstance, userName: string, password = PASSWORD): Promise<{ token: string; userId: number }> {
  const post = async (url: string, payload: object) => (await app.inject({ method: 'POST', url, payload })).json() as Envelope;
  const body = (await loginWith(post, userName, password)) as Envelope<{ token: string; user: { id: number } }>;
  if (body.code !== 0) throw new Error(`login ${userName}: ${body.msg}`);
  return { token: body.data.token, userId: body.data.user.id };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Terminals of a tenant by tenant letter order in the demo seed: A owns projects 1–3, B 4–5. */
export async function terminalsOfProject(app: FastifyInstance, projectName: string) {
  return app.db
    .selectFrom('terminal')
    .innerJoin('project', 'project.id', 'terminal.projectid')
    .select(['terminal.id', 'terminal.code', 'terminal.projectid', 'terminal.tenantid'])
    .where('project.name', '=', projectName)
    .orderBy('terminal.id')
    .execute();
}
