import type { Kysely } from 'kysely';
import { FIGURE_ROWS_MAX, type OperatorFigures, type OrderFiguresDto } from '../../domain/schemas/orderFigures';
import type { Database } from '../store/schema';
import { NO_ASSIGNEE } from '../../domain/schemas/workorder';
import type { ProjectScope } from '../access/scope';
import { periodBuckets } from '../../domain/timeBuckets';
import { coreFigures, falseSharesBy, repeatedAlarms, seriesOf } from './figureMath';
import { figureRows, type AlarmRow, type OrderRow } from './figureRows';

export interface FigureOptions {
  /** the project zone: the series' days */
  zone: string;
  repeatMin: number;
  /** only this user's work: the alarms the user confirmed, the orders assigned to the user */
  operatorId?: number | undefined;
}

/**
 * The review figures of a period [start, end) over the projects of the scope (docs/workorders.md):
 * the KPI's headline figures, a series over the period, false-alarm shares per alarm type and per
 * device, devices with repeated alarms, and every operator's figures.
 */
export async function orderFigures(
  db: Kysely<Database>,
  scope: ProjectScope,
  start: number,
  end: number,
  now: number,
  opts: FigureOptions,
): Promise<OrderFiguresDto> {
  const rows = await figureRows(db, scope, start, end);
  const users = await usersOf(db, rows.alarms, rows.orders, opts.operatorId);
  const { alarms, orders } = opts.operatorId === undefined ? rows : onlyOperator(rows, opts.operatorId, users.nameOf(opts.operatorId));

  const falseByDevice = falseSharesBy(orders, (a) => a.deviceId).slice(0, FIGURE_ROWS_MAX);
  const repeated = repeatedAlarms(alarms, opts.repeatMin).slice(0, FIGURE_ROWS_MAX);
  const devices = await devicesOf(db, [...falseByDevice.map((d) => d.key), ...repeated.map((r) => r.deviceId)]);
  const { unit, buckets, indexOf } = periodBuckets(start, end, opts.zone);

  return {
    ...coreFigures(alarms, orders, now),
    repeatMin: opts.repeatMin,
    unit,
    series: seriesOf(buckets, indexOf, alarms, orders),
    falseByType: falseSharesBy(orders, (a) => a.type).map(({ key, ...s }) => ({ type: key, ...s })),
    falseByDevice: falseByDevice.map(({ key, ...s }) => ({ deviceId: key, ...devices(key), ...s })),
    repeated: repeated.map((r) => ({ ...r, ...devices(r.deviceId) })),
    byOperator: operatorFigures(rows.alarms, rows.orders, users, now),
  };
}

export type Users = Awaited<ReturnType<typeof usersOf>>;

/** The operator's share of the rows: alarms confirmed under the user's name, orders assigned to the user. */
function onlyOperator(rows: { alarms: readonly AlarmRow[]; orders: readonly OrderRow[] }, userId: number, name: string | null) {
  return {
    alarms: rows.alarms.filter((a) => name !== null && a.operator === name),
    orders: rows.orders.filter((o) => o.assigneeId === userId),
  };
}

/** Each user who was assigned an order of the period or confirmed one of its alarms, by id. */
export function operatorFigures(alarms: readonly AlarmRow[], orders: readonly OrderRow[], users: Users, now: number): OperatorFigures[] {
  // a group's order nobody has accepted yet has no operator (NO_ASSIGNEE): it counts in the totals only
  const ids = new Set(orders.flatMap((o) => (o.assigneeId === NO_ASSIGNEE ? [] : [o.assigneeId])));
  for (const a of alarms) {
    const id = a.operator === null ? undefined : users.idOf(a.operator);
    if (id !== undefined) ids.add(id);
  }
  return [...ids]
    .sort((a, b) => a - b)
    .map((userId) => {
      const mine = onlyOperator({ alarms, orders }, userId, users.nameOf(userId));
      const core = coreFigures(mine.alarms, mine.orders, now);
      return {
        userId,
        userName: users.nameOf(userId),
        orders: core.orders,
        closed: core.closed,
        mttrMs: core.mttrMs,
        overdue: core.overdue,
        confirmed: core.confirmed,
        mttaMs: core.mttaMs,
        falseAlarmShare: core.falseAlarmShare,
      };
    });
}

/** The names of the assignees and the ids of the confirming user names (event/save stamps the name). */
export async function usersOf(
  db: Kysely<Database>,
  alarms: readonly AlarmRow[],
  orders: readonly OrderRow[],
  operatorId: number | undefined,
) {
  const ids = [...new Set([...orders.map((o) => o.assigneeId), ...(operatorId === undefined ? [] : [operatorId])]), -1];
  const names = [...new Set(alarms.flatMap((a) => (a.operator === null ? [] : [a.operator]))), ''];
  const rows = await db
    .selectFrom('app_user')
    .select(['id', 'name'])
    .where((eb) => eb.or([eb('id', 'in', ids), eb('name', 'in', names)]))
    .execute();
  const byId = new Map(rows.map((u) => [u.id, u.name]));
  const byName = new Map(rows.map((u) => [u.name, u.id]));
  return { nameOf: (id: number) => byId.get(id) ?? null, idOf: (name: string) => byName.get(name) };
}

/** Name, code and project name of the devices listed (a deleted device keeps its id as its name). */
async function devicesOf(db: Kysely<Database>, ids: readonly number[]) {
  const rows = ids.length
    ? await db
        .selectFrom('terminal')
        .innerJoin('project', 'project.id', 'terminal.projectid')
        .select(['terminal.id', 'terminal.name', 'terminal.code', 'project.name as projectName'])
        .where('terminal.id', 'in', [...new Set(ids)])
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (id: number) => {
    const t = byId.get(id);
    return { name: t?.name ?? String(id), code: t?.code ?? '', projectName: t?.projectName ?? '' };
  };
}
