import type { FastifyInstance } from 'fastify';
import type { Session } from '../auth/access';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { noBody, orEmpty } from '../http/wire';
import {
  coordinateParams,
  platformStatisBody,
  projectStatisListBody,
  statisParams,
  type PlatformStatis,
  type ProjectCoordinate,
  type TenantStatis,
} from '../../domain/schemas/monitor';
import { resolveScope } from './scope';
import { projectStatisOf, statisOf, tally } from './statistics';
import { timeZoneOf } from '../settings/effective';
import { bigScreenOf } from './bigScreen';
import { signedIn } from '../access/signedIn';

/** Either monitoring screen may read the shared statistics; the enterprise breakdown is the platform's. */
const MONITOR_PAGES = 'wp_global_monitor wp_platform_monitor';

/**
 * monitor/* (spec §7 "Monitoring and reports"): device and alarm statistics of the /home and
 * /platform/monitor screens, always cut to the projects the caller may see.
 */
/** A monitor body's scope: the tenant it names, else everything the caller may see. */
function tenantOrGlobalScope(app: FastifyInstance, session: Session, tenantId: number | undefined) {
  return tenantId === undefined ? resolveScope(app, session, 'global', 0) : resolveScope(app, session, 'tenant', tenantId);
}

export async function monitorService(app: FastifyInstance) {
  const route = signedIn(app);
  route.post(
    '/monitor/project/statis/list',
    { schema: { body: orEmpty(projectStatisListBody) }, config: guarded('monitor', MONITOR_PAGES) },
    async ({ session, body }) => {
      const scope = await tenantOrGlobalScope(app, session, body.tenantId);
      const keyword = body.keyword?.toLowerCase();
      const projects = keyword ? scope.projects.filter((p) => p.name.toLowerCase().includes(keyword)) : scope.projects;
      const t = await tally(
        app.db,
        projects.map((p) => p.id),
        await timeZoneOf(app, session),
      );
      return ok(
        projects.map((p) => projectStatisOf(t, p)),
        { total: projects.length },
      );
    },
  );

  route.post(
    '/monitor/global/platform/statis',
    { schema: { body: orEmpty(platformStatisBody) }, config: guarded('monitor', 'wp_platform_monitor') },
    async ({ session, body }) => {
      const scope = await tenantOrGlobalScope(app, session, body.tenantId);
      const ids = scope.projects.map((p) => p.id);
      const t = await tally(app.db, ids, await timeZoneOf(app, session));
      const byTenant = new Map<number, { name: string; ids: number[] }>();
      for (const p of scope.projects) {
        const entry = byTenant.get(p.tenantId) ?? { name: p.tenantName, ids: [] };
        entry.ids.push(p.id);
        byTenant.set(p.tenantId, entry);
      }
      const tenants: TenantStatis[] = [...byTenant].map(([id, { name, ids: own }]) => {
        const s = statisOf(t, scope, own);
        return {
          id,
          name,
          projectCount: own.length,
          deviceCount: s.deviceCount,
          abnormalDevices: s.abnormalDevices,
          todayAlarms: s.today.total,
          activeAlarms: s.active.total,
        };
      });
      const data: PlatformStatis = { ...statisOf(t, scope, ids), tenants };
      return ok(data);
    },
  );

  route.post(
    '/monitor/global/statis/:modelLabel/:id',
    { schema: { params: statisParams, body: noBody }, config: guarded('monitor', MONITOR_PAGES) },
    async ({ session, params: { modelLabel, id } }) => {
      const scope = await resolveScope(app, session, modelLabel, id);
      const ids = scope.projects.map((p) => p.id);
      return ok(statisOf(await tally(app.db, ids, await timeZoneOf(app, session)), scope, ids));
    },
  );

  route.get(
    '/monitor/project/statis/coordinates/:id/:modelLabel',
    { schema: { params: coordinateParams }, config: guarded('monitor', MONITOR_PAGES) },
    async ({ session, params: { modelLabel, id } }) => {
      const scope = await resolveScope(app, session, modelLabel, id);
      // A project without a usable position cannot be placed; the project list still shows it.
      const placed = scope.projects.filter((p) => isLngLat(p.longitude, p.latitude));
      const t = await tally(
        app.db,
        placed.map((p) => p.id),
        await timeZoneOf(app, session),
      );
      const data: ProjectCoordinate[] = placed.map((p) => {
        const s = projectStatisOf(t, p);
        return {
          id: p.id,
          name: p.name,
          tenantId: p.tenantId,
          longitude: p.longitude!,
          latitude: p.latitude!,
          deviceCount: s.deviceCount,
          activeAlarms: s.activeAlarms,
          alarmState: s.alarmState,
        };
      });
      return ok(data);
    },
  );

  // issue 30: the 大屏 overview's figures in one read, over every project the caller may see
  route.get('/monitor/bigScreen', { config: guarded('monitor', MONITOR_PAGES) }, async ({ session }) => {
    const scope = await resolveScope(app, session, 'global', 0);
    return ok(await bigScreenOf(app, scope, await timeZoneOf(app, session)));
  });
}

function isLngLat(lng: number | null, lat: number | null): boolean {
  return (
    lng !== null &&
    lat !== null &&
    Number.isFinite(lng) &&
    Number.isFinite(lat) &&
    Math.abs(lng) <= 180 &&
    Math.abs(lat) <= 90 &&
    !(lng === 0 && lat === 0)
  );
}
