import type { FastifyInstance } from 'fastify';
import type { Session } from '../auth/access';
import { errors } from '../errors';
import type { DeviceInfo } from './devices';

/** Projects a session may see: 'all' for root and platform users, served projects for service users. */
export async function visibleProjects(app: FastifyInstance, session: Session): Promise<'all' | Set<number>> {
  if (session.tenants === 'all') return 'all';
  if (session.servedProjectIds.length) return new Set(session.servedProjectIds);
  if (session.tenants.length === 0) return new Set();
  const rows = await app.db.selectFrom('project').select('id').where('tenantid', 'in', session.tenants).execute();
  return new Set(rows.map((r) => r.id));
}

export function mayseeProject(scope: 'all' | Set<number>, projectId: number): boolean {
  return scope === 'all' || scope.has(projectId);
}

/** The device, when it exists and the session may see its project; otherwise a coded error. */
export async function requireDevice(app: FastifyInstance, session: Session, deviceId: number | string): Promise<DeviceInfo> {
  const device = await app.telemetry.devices.get(typeof deviceId === 'string' && /^\d+$/.test(deviceId) ? Number(deviceId) : deviceId);
  if (!device) throw errors.DEVICE_UNKNOWN(String(deviceId));
  if (!mayseeProject(await visibleProjects(app, session), device.projectid)) throw errors.TENANT_DENIED();
  return device;
}
