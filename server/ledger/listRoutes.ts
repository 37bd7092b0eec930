import type { FastifyInstance } from 'fastify';
import { exportBody, nbiotMapBody, nodeListBody, pecdeviceListBody, type NbiotMapDto } from '../../domain/schemas/ledger';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { orEmpty } from '../http/wire';
import { sendXlsx } from '../http/xlsx';
import { mayseeProject } from '../access/scope';
import { errors } from '../errors';
import { projectFilter, scopeOf } from './scope';
import { terminalQuery, terminalRows } from './deviceList';
import { parseExtend } from './properties';
import { timeZoneOf } from '../settings/effective';
import { formatIn } from '../../domain/timeZone';
import { signedIn } from '../access/signedIn';

/** Most rows one export writes; beyond that the sheet is cut and says so. */
const EXPORT_MAX = 50_000;

/** The device table, its export, the project → device links and the NB-IoT key map. */
export async function listRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.post(
    '/account/node/list',
    { schema: { body: orEmpty(nodeListBody) }, config: guarded('ledger', 'device_browser') },
    async ({ session, body }) => {
      if (body.modelLabel !== 'terminal') {
        const scope = await scopeOf(app, session);
        const visible = projectFilter(scope);
        const p = body.parent;
        // Projects and enterprises are few (no paging index needed); one typed query over either table.
        let q = app.db.selectFrom(body.modelLabel as 'project').selectAll();
        if (p && p.modelLabel !== 'root') {
          const col =
            body.modelLabel === 'enterprise'
              ? 'projectid'
              : ({ province: 'provinceid', city: 'cityid', district: 'districtid', project: 'id' } as Record<string, string>)[p.modelLabel];
          if (!col) return ok([], { total: 0 });
          q = q.where(col as 'id', '=', p.id);
        }
        if (visible) q = q.where((body.modelLabel === 'project' ? 'id' : 'projectid') as 'id', 'in', visible);
        const rows = (await q.orderBy('id').execute()) as Record<string, unknown>[];
        const page = rows.slice(body.page.index * body.page.limit, (body.page.index + 1) * body.page.limit);
        return ok(
          page.map((r) => ({ ...r, modelLabel: body.modelLabel, extendvalue: parseExtend(r.extendvalue as string | null) })),
          { total: rows.length },
        );
      }
      const q = await terminalQuery(app, session, body);
      const [{ total }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        terminalRows(app, q, body.page, body.orders),
      ]);
      return ok(rows, { total: Number(total) });
    },
  );

  // xlsx (default name 表格导出) of the terminals under a node, custom columns included.
  route.post(
    '/account/download/device/excel',
    { schema: { body: orEmpty(exportBody) }, config: guarded('ledger', 'device_browser') },
    async ({ session, body, reply }) => {
      const rows = await terminalRows(app, await terminalQuery(app, session, body), { index: 0, limit: EXPORT_MAX });
      const zone = await timeZoneOf(app, session);
      let props = app.db
        .selectFrom('ledger_property')
        .select(['propertylabel', 'propertyalias'])
        .where('objectlabel', '=', 'terminal')
        .where('status', '=', 1);
      if (session.tenants !== 'all') props = props.where('tenantid', 'in', session.tenants.length ? session.tenants : [-1]);
      const custom = [...new Map((await props.execute()).map((p) => [p.propertylabel, p.propertyalias])).entries()];
      const columns = [
        { header: '设备名称', key: 'name' },
        { header: '设备编号', key: 'code' },
        { header: '所属项目', key: 'projectName' },
        { header: '通信状态', key: 'devicestatusText' },
        { header: '设备类型', key: 'devicetype' },
        { header: '厂家', key: 'vendor' },
        { header: '安装位置', key: 'location' },
        { header: '安装时间', key: 'installdate' },
        { header: '接入方式', key: 'accesstypeText' },
        { header: '接入方案', key: 'schemeName' },
        ...custom.map(([label, alias]) => ({ header: alias, key: `x_${label}` })),
      ];
      const data = rows.map((r) => ({
        ...r,
        installdate: r.installdate ? formatIn(r.installdate, 'yyyy-MM-dd', zone) : null,
        ...Object.fromEntries(custom.map(([label]) => [`x_${label}`, r.extendvalue[label] ?? null])),
      }));
      return sendXlsx(reply, '设备台账', columns, data);
    },
  );

  route.post(
    '/account/project/pecdevice/list',
    { schema: { body: pecdeviceListBody }, config: guarded('ledger', 'device_browser') },
    async ({ session, body: { projectIds } }) => {
      const scope = await scopeOf(app, session);
      if (projectIds.some((id) => !mayseeProject(scope, id))) throw errors.TENANT_DENIED();
      const rows = await app.db
        .selectFrom('pecdeviceinfo')
        .innerJoin('terminal', 'terminal.id', 'pecdeviceinfo.deviceid')
        .select([
          'pecdeviceinfo.provinceid',
          'pecdeviceinfo.cityid',
          'pecdeviceinfo.districtid',
          'pecdeviceinfo.projectid',
          'pecdeviceinfo.deviceid',
          'pecdeviceinfo.pecdeviceid',
          'terminal.name',
          'terminal.code',
        ])
        .where('pecdeviceinfo.projectid', 'in', projectIds)
        .orderBy('pecdeviceinfo.deviceid')
        .execute();
      return ok(rows);
    },
  );

  // The telecom platform knows a device by the key it was registered with; this resolves the
  // ledger's deviceId for each key (null when no visible device has it).
  route.post(
    '/account/nbiot/device/register/map',
    { schema: { body: nbiotMapBody }, config: guarded('ledger', 'device_browser') },
    async ({ session, body: { keys } }) => {
      const visible = projectFilter(await scopeOf(app, session));
      let q = app.db.selectFrom('terminal').select(['id', 'code']);
      if (visible) q = q.where('projectid', 'in', visible);
      const byKey = new Map<string, { id: number; code: string }>();
      for (const t of await q.execute()) byKey.set(app.telemetry.keys.keyOf(t.code), t);
      const data: NbiotMapDto[] = keys.map((key) => ({ key, deviceId: byKey.get(key)?.id ?? null, code: byKey.get(key)?.code ?? null }));
      return ok(data);
    },
  );
}
