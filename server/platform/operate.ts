import type { FastifyInstance } from 'fastify';
import { DEVICE_STATUS, EVENT_CONFIRM, isDeviceStatusNormal } from '../../domain/enums';
import {
  statusBody,
  tenantCreateBody,
  type DistrictOption,
  type OperateOverview,
  type ProjectOpsRow,
  type TenantRow,
} from '../../domain/schemas/platform';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { NOUN, tx } from '../text/text';
import { idParams } from '../http/wire';
import { transact } from '../eventLog/transact';
import { mayseeProject, visibleProjects } from '../access/scope';
import { requirePlatformPage, requirePlatformWriter } from './guard';
import { endTenantTokens } from './tenantUsers';
import { actedBy } from '../eventLog/eventLog';
import { signedIn } from '../access/signedIn';
import { projectsWithPlaces } from '../devices/projectPlaces';

const PAGE = 'wp_platform_operate';
const access = guarded('platform', PAGE);

/** Counts grouped by a key column, as a map. */
const countMap = (rows: { k: number; n: number | string | bigint }[]) => new Map(rows.map((r) => [r.k, Number(r.n)]));

/** /platform/operate: tenants and projects with their health, across every tenant the caller may see. */
export async function operateRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.get('/platform/operate/overview', { config: access }, async ({ session }) => {
    requirePlatformPage(session, PAGE);
    const scope = await visibleProjects(app, session);
    const db = app.db;
    const [tenants, projectsPerTenant, usersPerTenant, projects, unconfirmed, served] = await Promise.all([
      db.selectFrom('tenant').select(['id', 'name', 'status', 'createdAt']).orderBy('id').execute(),
      db
        .selectFrom('project')
        .select(['tenantid as k', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('tenantid')
        .execute(),
      db
        .selectFrom('app_user')
        .select(['tenantId as k', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('tenantId')
        .execute(),
      projectsWithPlaces(db).select('project.status').execute(),
      db
        .selectFrom('peceventextend')
        .select(['projectid as k', (eb) => eb.fn.countAll<number>().as('n')])
        .where('confirmeventstatus', '=', EVENT_CONFIRM.UNCONFIRM)
        .groupBy('projectid')
        .execute(),
      db
        .selectFrom('user_model_node')
        .innerJoin('app_user', 'app_user.id', 'user_model_node.userId')
        .select(['user_model_node.nodeId', 'app_user.id', 'app_user.name'])
        .where('user_model_node.modelLabel', '=', 'project')
        .orderBy('app_user.name')
        .execute(),
    ]);
    const projectCount = countMap(projectsPerTenant);
    const userCount = countMap(usersPerTenant);
    const alarms = countMap(unconfirmed);
    // Live statuses come from the telemetry directory, which the comm watch keeps current.
    const devices = app.telemetry.devices.all();
    const visible = projects.filter((p) => mayseeProject(scope, p.id));
    const seenTenants = new Set(visible.map((p) => p.tenantId));
    const tenantRows: TenantRow[] = tenants
      .filter((t) => session.tenants === 'all' || seenTenants.has(t.id))
      .map((t) => ({ ...t, projectCount: projectCount.get(t.id) ?? 0, userCount: userCount.get(t.id) ?? 0 }));
    const projectRows: ProjectOpsRow[] = visible.map((p) => {
      const mine = devices.filter((d) => d.projectid === p.id);
      return {
        id: p.id,
        name: p.name,
        tenantId: p.tenantId,
        tenantName: p.tenantName,
        status: p.status,
        region: [p.provinceName, p.cityName, p.districtName].filter(Boolean).join(' '),
        deviceCount: mine.length,
        onlineCount: mine.filter((d) => d.devicestatus === DEVICE_STATUS.COMMUNICATING).length,
        faultCount: mine.filter((d) => !isDeviceStatusNormal(d.devicestatus)).length,
        unconfirmedAlarms: alarms.get(p.id) ?? 0,
        servedBy: served.filter((s) => s.nodeId === p.id).map((s) => ({ id: s.id, name: s.name })),
      };
    });
    const overview: OperateOverview = { tenants: tenantRows, projects: projectRows };
    return ok(overview);
  });

  route.get('/platform/districts', { config: access }, async ({ session }) => {
    requirePlatformPage(session, PAGE);
    const rows = await app.db
      .selectFrom('district')
      .innerJoin('city', 'city.id', 'district.cityid')
      .innerJoin('province', 'province.id', 'city.provinceid')
      .select(['district.id', 'district.name', 'city.name as city', 'province.name as province'])
      .orderBy('province.id')
      .orderBy('city.id')
      .orderBy('district.id')
      .execute();
    return ok(rows.map((r): DistrictOption => ({ id: r.id, name: `${r.province} ${r.city} ${r.name}` })));
  });

  route.post('/platform/tenant', { schema: { body: tenantCreateBody }, config: access }, async ({ session, body }) => {
    requirePlatformWriter(session, PAGE);
    const id = await transact(app, async (trx, emit) => {
      if (await trx.selectFrom('tenant').select('id').where('name', '=', body.name).executeTakeFirst())
        throw errors.CONFLICT(tx(`租户 ${body.name} 已存在`, `The tenant ${body.name} exists already`));
      const { id } = await trx
        .insertInto('tenant')
        .values({ name: body.name, customConfig: null, createdAt: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      emit({
        kind: 'tenant.created',
        ...actedBy(session),
        tenantId: id,
        subject: `tenant:${id}`,
        payload: { after: { name: body.name } },
      });
      return id;
    });
    return ok(id, { msg: '保存成功!' });
  });

  // Suspending keeps every row: it is a flag the screens show and can undo, not a delete.
  for (const table of ['tenant', 'project'] as const) {
    route.put(
      `/platform/${table}/:id/status`,
      { schema: { params: idParams, body: statusBody }, config: access },
      async ({ session, body: { status }, params: { id } }) => {
        requirePlatformWriter(session, PAGE);
        await transact(app, async (trx, emit) => {
          const before = await trx.selectFrom(table).select(['id', 'name', 'status']).where('id', '=', id).executeTakeFirst();
          if (!before) throw errors.NOT_FOUND(table === 'tenant' ? NOUN.tenant : NOUN.project);
          await trx.updateTable(table).set({ status }).where('id', '=', id).execute();
          // A suspended tenant's users are logged out at once; login refuses them until it is resumed.
          if (table === 'tenant' && status === 0) await endTenantTokens(trx, id);
          const tenantId =
            table === 'tenant'
              ? id
              : (await trx.selectFrom('project').select('tenantid').where('id', '=', id).executeTakeFirstOrThrow()).tenantid;
          emit({
            kind: `${table}.status_changed`,
            ...actedBy(session),
            tenantId,
            ...(table === 'project' ? { projectId: id } : {}),
            subject: `${table}:${id}`,
            payload: { before: { name: before.name, status: before.status }, after: { name: before.name, status } },
          });
        });
        return ok(id, { msg: '保存成功!' });
      },
    );
  }
}
