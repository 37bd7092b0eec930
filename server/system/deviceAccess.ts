import type { FastifyInstance } from 'fastify';
import '../store/infoSchema';
import { ACCESS_TYPE } from '../../domain/enums';
import { deviceAccessListBody, type DeviceAccessRow } from '../../domain/schemas/info';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { orEmpty } from '../http/wire';
import { projectIdsFilter, visibleProjects } from '../access/scope';
import { containsText } from '../store/dialect';
import { signedIn } from '../access/signedIn';

/**
 * POST system/query/device/access/list: terminals with their access type and scheme, paged, scoped to
 * the caller's tenants. The ledger links a device to a scheme; this list only reads the links.
 */
export async function deviceAccessRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.post(
    '/system/query/device/access/list',
    { schema: { body: orEmpty(deviceAccessListBody) }, config: guarded('system', 'accessscheme_browser device_browser') },
    async ({ session, body }) => {
      const visible = projectIdsFilter(await visibleProjects(app, session));
      let q = app.db
        .selectFrom('terminal')
        .leftJoin('project', 'project.id', 'terminal.projectid')
        .leftJoin('device_access_scheme', 'device_access_scheme.deviceid', 'terminal.id')
        .leftJoin('access_scheme', 'access_scheme.id', 'device_access_scheme.schemeId');
      if (visible) q = q.where('terminal.projectid', 'in', visible);
      if (body.accesstype !== undefined) q = q.where('terminal.accesstype', '=', body.accesstype);
      if (body.schemeId !== undefined) q = q.where('device_access_scheme.schemeId', '=', body.schemeId);
      if (body.projectId !== undefined) q = q.where('terminal.projectid', '=', body.projectId);
      if (body.keyword) {
        const kw = body.keyword;
        q = q.where((eb) => eb.or([containsText(eb.ref('terminal.name'), kw), containsText(eb.ref('terminal.code'), kw)]));
      }
      const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await q
        .select([
          'terminal.id',
          'terminal.name',
          'terminal.code',
          'terminal.accesstype',
          'terminal.projectid',
          'project.name as projectName',
          'access_scheme.id as schemeId',
          'access_scheme.name as schemeName',
        ])
        .orderBy('terminal.id')
        .limit(body.page.limit)
        .offset(body.page.index * body.page.limit)
        .execute();
      const data: DeviceAccessRow[] = rows.map((r) => ({
        id: r.id,
        name: r.name,
        code: r.code,
        accesstype: r.accesstype,
        accesstypeText: ACCESS_TYPE.textOf(r.accesstype),
        projectId: r.projectid,
        projectName: r.projectName,
        schemeId: r.schemeId,
        schemeName: r.schemeName,
      }));
      return ok(data, { total: Number(total) });
    },
  );
}
