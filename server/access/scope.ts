import type { FastifyInstance } from 'fastify';
import { PAGE_PERMISSIONS } from '../../domain/permissions';
import type { Session } from '../auth/access';
import { errors } from '../errors';
import { holdsAnyPage, pageLimited } from './guard';
import type { DeviceInfo } from '../devices/devices';

/** Projects a session may see: 'all', or the ids. */
export type ProjectScope = 'all' | ReadonlySet<number>;

const cache = new WeakMap<Session, Promise<ProjectScope>>();

/**
 * The one scope rule for data (docs/security.md): root and platform users see every project; a
 * service user the projects it serves; a project user its tenant's projects, and none at all when
 * its role holds no page (such a role reads its own user and nothing else). Computed once per session.
 */
export function visibleProjects(app: FastifyInstance, session: Session): Promise<ProjectScope> {
  let scope = cache.get(session);
  if (!scope) {
    scope = computeScope(app, session);
    cache.set(session, scope);
  }
  return scope;
}

async function computeScope(app: FastifyInstance, session: Session): Promise<ProjectScope> {
  if (session.tenants === 'all') return 'all';
  if (session.servedProjectIds.length) return new Set(session.servedProjectIds);
  if (session.tenants.length === 0) return new Set();
  if (pageLimited(session) && !holdsAnyPage(session, PAGE_PERMISSIONS)) return new Set();
  const rows = await app.db.selectFrom('project').select('id').where('tenantid', 'in', session.tenants).execute();
  return new Set(rows.map((r) => r.id));
}

export function mayseeProject(scope: ProjectScope, projectId: number): boolean {
  return scope === 'all' || scope.has(projectId);
}

/** Ids for an SQL `in` filter of visible projects, or null for no filter (a never-matching id when none). */
export function projectIdsFilter(scope: ProjectScope): number[] | null {
  return scope === 'all' ? null : scope.size ? [...scope] : [-1];
}

/** The device, when it exists and the session may see its project; otherwise a coded error. */
export async function requireDevice(app: FastifyInstance, session: Session, deviceId: number): Promise<DeviceInfo> {
  const device = await app.telemetry.devices.get(deviceId);
  if (!device) throw errors.DEVICE_UNKNOWN(String(deviceId));
  if (!mayseeProject(await visibleProjects(app, session), device.projectid)) throw errors.TENANT_DENIED();
  return device;
}

/** Regions are shared by every tenant: only users who see all tenants change them. */
export function requireRegionWriter(session: Session) {
  if (session.tenants !== 'all') throw errors.TENANT_DENIED();
}
