import type { FastifyInstance } from 'fastify';
import { ACCESS_TYPE, DEVICE_STATUS } from '../../domain/enums';
import { type LedgerLabel, type TerminalRowDto, type TreeLabel } from '../../domain/schemas/ledger';
import type { Session } from '../auth/access';
import { projectFilter, requireNode, scopeOf } from './scope';
import { parseExtend } from './properties';
import { containsText } from '../store/dialect';
import { errors } from '../errors';
import { tx } from '../text/text';

const CHAIN: Partial<Record<LedgerLabel, 'provinceid' | 'cityid' | 'districtid' | 'projectid'>> = {
  province: 'provinceid',
  city: 'cityid',
  district: 'districtid',
  project: 'projectid',
};

export interface TerminalQuery {
  parent?: { modelLabel: TreeLabel; id: number } | undefined;
  keyword?: string | undefined;
}

/**
 * Terminals under a node that the session may see, as one Kysely query (counted and paged by the
 * caller). The region filter goes through pecdeviceinfo's indexed chain columns.
 */
export async function terminalQuery(app: FastifyInstance, session: Session, body: TerminalQuery) {
  const scope = await scopeOf(app, session);
  if (body.parent && body.parent.modelLabel !== 'root') await requireNode(app.db, scope, body.parent.modelLabel, body.parent.id);
  let q = app.db.selectFrom('terminal');
  const p = body.parent;
  if (p && p.modelLabel !== 'root') {
    const col = CHAIN[p.modelLabel];
    if (col === 'projectid') q = q.where('terminal.projectid', '=', p.id);
    else if (col) q = q.where('terminal.id', 'in', (eb) => eb.selectFrom('pecdeviceinfo').select('deviceid').where(col, '=', p.id));
    else if (p.modelLabel === 'terminal') q = q.where('terminal.id', '=', p.id);
    else q = q.where('terminal.id', '=', -1);
  }
  // A tenant user filters by tenantid: its index is ordered by id, so a page needs no sort. Service
  // users see only the projects they serve.
  if (session.tenants !== 'all' && !session.servedProjectIds.length && scope !== 'all' && scope.size > 0)
    q = q.where('terminal.tenantid', 'in', session.tenants.length ? session.tenants : [-1]);
  else {
    const visible = projectFilter(scope);
    if (visible) q = q.where('terminal.projectid', 'in', visible);
  }
  if (body.keyword?.trim()) {
    const kw = body.keyword.trim();
    q = q.where((eb) =>
      eb.or([
        containsText(eb.ref('terminal.name'), kw),
        containsText(eb.ref('terminal.code'), kw),
        containsText(eb.ref('terminal.location'), kw),
      ]),
    );
  }
  return q;
}

/** The device table's sortable columns (what the client names → the column ordered by). */
const TERMINAL_ORDER_COLUMNS = {
  name: 'terminal.name',
  code: 'terminal.code',
  devicestatus: 'terminal.devicestatus',
  devicetype: 'terminal.devicetype',
  vendor: 'terminal.vendor',
  location: 'terminal.location',
  installdate: 'terminal.installdate',
  accesstype: 'terminal.accesstype',
  projectName: 'project.name',
  schemeName: 'access_scheme.name',
} as const;

export async function terminalRows(
  app: FastifyInstance,
  q: Awaited<ReturnType<typeof terminalQuery>>,
  page: { index: number; limit: number } | null,
  orders: readonly { propertyLabel: string; orderType: 'asc' | 'desc' }[] = [],
): Promise<TerminalRowDto[]> {
  const order = orders.map((o) => {
    if (!Object.hasOwn(TERMINAL_ORDER_COLUMNS, o.propertyLabel))
      throw errors.BAD_REQUEST(tx(`不支持按属性 ${o.propertyLabel} 排序`, `cannot order by ${o.propertyLabel}`));
    return [TERMINAL_ORDER_COLUMNS[o.propertyLabel as keyof typeof TERMINAL_ORDER_COLUMNS], o.orderType] as const;
  });
  let rows = q
    .leftJoin('project', 'project.id', 'terminal.projectid')
    .leftJoin('device_access_scheme', 'device_access_scheme.deviceid', 'terminal.id')
    .leftJoin('access_scheme', 'access_scheme.id', 'device_access_scheme.schemeId')
    .select([
      'terminal.id',
      'terminal.name',
      'terminal.code',
      'terminal.devicestatus',
      'terminal.devicetype',
      'terminal.vendor',
      'terminal.location',
      'terminal.installdate',
      'terminal.accesstype',
      'terminal.projectid',
      'terminal.tenantid',
      'terminal.extendvalue',
      'project.name as projectName',
      'access_scheme.id as schemeId',
      'access_scheme.name as schemeName',
    ]);
  for (const [col, dir] of order) rows = rows.orderBy(col, dir);
  rows = rows.orderBy('terminal.id');
  if (page) rows = rows.limit(page.limit).offset(page.index * page.limit);
  const live = app.telemetry.devices;
  return (await rows.execute()).map((r) => {
    const devicestatus = live.getSync(r.id)?.devicestatus ?? r.devicestatus;
    return {
      ...r,
      modelLabel: 'terminal' as const,
      devicestatus,
      devicestatusText: DEVICE_STATUS.textOf(devicestatus),
      accesstypeText: ACCESS_TYPE.textOf(r.accesstype),
      extendvalue: parseExtend(r.extendvalue),
    };
  });
}
