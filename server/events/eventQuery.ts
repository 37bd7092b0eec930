import type { FastifyInstance } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import { EVENT_LEVEL } from '../../domain/enums';
import { EVENT_PROPS, type PecEvent, type eventListBody, type eventScopeQuery } from '../../domain/telemetry';
import type { Session } from '../auth/access';
import type { Database } from '../store/schema';
import { errors } from '../errors';
import { NOUN, nounWithId, tx } from '../text/text';
import { applyExpressions } from '../http/queryGrammar';
import { mayseeProject, visibleProjects, type ProjectScope } from '../access/scope';
import { typeText } from '../alarms/describe';

const ALLOWED = new Set<string>(EVENT_PROPS);
type Q = SelectQueryBuilder<Database, 'peceventextend', object>;
/** A filtered, scoped event list before paging. */
export type EventQuery = Q;

/** Project ids below a region node, for the optional id + modelLabel scope of the event list. */
async function projectsUnder(app: FastifyInstance, modelLabel: string, id: number): Promise<number[]> {
  const col = modelLabel === 'province' ? 'provinceid' : modelLabel === 'city' ? 'cityid' : 'districtid';
  const rows = await app.db.selectFrom('project').select('id').where(col, '=', id).execute();
  return rows.map((r) => r.id);
}

/**
 * Narrows the query to a device-tree node. Events hang on terminals, so a project or terminal node
 * holds its events directly, while a region node holds none of its own: asking a region without
 * include_submodel is a request error rather than a silently empty table. A project or terminal of
 * another tenant is refused (4031) instead of answering an empty list that looks like "no alarms".
 */
async function scopedToNode(
  app: FastifyInstance,
  q: Q,
  scope: ProjectScope,
  node: { id: number; modelLabel: string },
  includeSub: boolean,
): Promise<Q> {
  if (node.modelLabel === 'terminal') {
    const device = await app.db.selectFrom('terminal').select('projectid').where('id', '=', node.id).executeTakeFirst();
    if (!device) throw errors.NOT_FOUND(nounWithId(NOUN.device, node.id));
    if (!mayseeProject(scope, device.projectid)) throw errors.TENANT_DENIED();
    return q.where('peceventextend.deviceid', '=', node.id);
  }
  if (node.modelLabel === 'project') {
    if (!mayseeProject(scope, node.id)) throw errors.TENANT_DENIED();
    return q.where('peceventextend.projectid', '=', node.id);
  }
  if (!includeSub)
    throw errors.BAD_REQUEST(
      tx('区域节点下只有项目的事件，须 include_submodel: true', 'a region holds its projects’ events only: send include_submodel: true'),
    );
  const ids = (await projectsUnder(app, node.modelLabel, node.id)).filter((id) => mayseeProject(scope, id));
  return q.where(ids.length ? sql<boolean>`peceventextend.projectid in (${sql.join(ids)})` : sql<boolean>`1 = 0`);
}

/**
 * The filtered (not yet paged) event query: tenant/project scope of the session, the optional node
 * scope, and the whitelisted filter expressions of spec §7.
 */
export async function eventQuery(
  app: FastifyInstance,
  session: Session,
  body: z.infer<typeof eventListBody>,
  scopeQ: z.infer<typeof eventScopeQuery>,
): Promise<Q> {
  let q = app.db.selectFrom('peceventextend') as Q;
  const scope = await visibleProjects(app, session);
  if ((scopeQ.id === undefined) !== (scopeQ.modelLabel === undefined))
    throw errors.BAD_REQUEST(tx('id 与 modelLabel 须同时提供', 'id and modelLabel go together'));
  const node = scopeQ.id !== undefined && scopeQ.modelLabel ? { id: scopeQ.id, modelLabel: scopeQ.modelLabel } : undefined;
  // A project or terminal node is checked against the caller's scope in scopedToNode and then replaces
  // the tenant condition: with both, SQLite walks the tenant index over every project of the tenant.
  const ownNode = node && (node.modelLabel === 'project' || node.modelLabel === 'terminal');
  if (scope !== 'all' && !ownNode) {
    // Project users see their tenant: the tenant index serves this without listing projects.
    if (scope.size === 0) q = q.where(sql<boolean>`1 = 0`);
    else if (session.servedProjectIds.length === 0 && session.tenants !== 'all') {
      const t = session.tenants.length ? session.tenants : [-1];
      q = q.where(sql<boolean>`peceventextend.tenantid in (${sql.join(t)})`);
    } else {
      const ids = [...scope];
      q = q.where(ids.length ? sql<boolean>`peceventextend.projectid in (${sql.join(ids)})` : sql<boolean>`1 = 0`);
    }
  }
  if (node) q = await scopedToNode(app, q, scope, node, body.include_submodel ?? true);
  return applyExpressions(q, body.rootCondition?.filter?.expressions ?? [], ALLOWED, 'peceventextend');
}

export function ordered(q: Q, body: z.infer<typeof eventListBody>): Q {
  const orders = body.orders?.length ? body.orders : [{ propertyLabel: 'eventtime', orderType: 'desc' as const }];
  for (const o of orders) {
    if (!ALLOWED.has(o.propertyLabel))
      throw errors.BAD_REQUEST(tx(`不支持按属性 ${o.propertyLabel} 排序`, `cannot order by ${o.propertyLabel}`));
    q = q.orderBy(sql.ref(`peceventextend.${o.propertyLabel}`), o.orderType);
  }
  return q.orderBy('peceventextend.id', 'desc');
}

/** A row's place in the default order (eventtime desc, id desc): where a keyset page starts or ends. */
export interface EventPosition {
  eventtime: number;
  id: number;
}

/** Rows strictly after `p` in the default order (older, or as old with a smaller id). */
export function olderThan(q: Q, p: EventPosition): Q {
  return q
    .where('peceventextend.eventtime', '<=', p.eventtime)
    .where((eb) => eb.or([eb('peceventextend.eventtime', '<', p.eventtime), eb('peceventextend.id', '<', p.id)]));
}

/** Rows strictly before `p` in the default order (newer, or as old with a larger id). */
export function newerThan(q: Q, p: EventPosition): Q {
  return q
    .where('peceventextend.eventtime', '>=', p.eventtime)
    .where((eb) => eb.or([eb('peceventextend.eventtime', '>', p.eventtime), eb('peceventextend.id', '>', p.id)]));
}

/**
 * Rows joined with their device and project names, in the order of `ids`. The page's ids are found
 * first from the event indexes alone; joining before paging lets the planner drive from the terminal
 * table and sort every matching event.
 */
export async function rowsOf(q: Q, ids: readonly number[]): Promise<PecEvent[]> {
  if (!ids.length) return [];
  const rows = await q
    .clearWhere()
    .clearOrderBy()
    .innerJoin('terminal', 'terminal.id', 'peceventextend.deviceid')
    .innerJoin('project', 'project.id', 'peceventextend.projectid')
    .selectAll('peceventextend')
    .select(['terminal.name as devicename', 'terminal.code as devicecode', 'project.name as projectname'])
    .where('peceventextend.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r
      ? [
          {
            ...r,
            modelLabel: 'peceventextend' as const,
            customtypeName: typeText(r.customtype),
            peceventlevelName: EVENT_LEVEL.textOf(r.peceventlevel),
          },
        ]
      : [];
  });
}

/** The ids of an ordered query's rows from `offset` on. */
export async function pageIds(q: Q, limit: number, offset = 0): Promise<number[]> {
  const page = q.select('peceventextend.id').limit(limit);
  return (await (offset ? page.offset(offset) : page).execute()).map((r) => r.id);
}

/** Rows of an ordered query by offset (what a jump to an arbitrary page or a custom order pages by). */
export async function eventRows(q: Q, limit: number, offset: number): Promise<PecEvent[]> {
  return rowsOf(q, await pageIds(q, limit, offset));
}

export const isDefaultOrder = (body: z.infer<typeof eventListBody>) =>
  !body.orders?.length ||
  (body.orders.length === 1 && body.orders[0]!.propertyLabel === 'eventtime' && body.orders[0]!.orderType === 'desc');

/**
 * The ordered rows in batches, for exports that must not hold the whole set. The default order walks
 * the eventtime/id index by keyset (each batch starts just after the last row sent), so the 50th batch
 * costs what the first does; a custom order falls back to offsets.
 */
export async function* eventBatches(q: Q, body: z.infer<typeof eventListBody>, max: number, batch = 2000): AsyncGenerator<PecEvent[]> {
  let sent = 0;
  let after: EventPosition | undefined;
  while (sent < max) {
    const n = Math.min(batch, max - sent);
    let rows: PecEvent[];
    if (!isDefaultOrder(body)) rows = await eventRows(ordered(q, body), n, sent);
    else {
      rows = await eventRows(ordered(after ? olderThan(q, after) : q, body), n, 0);
    }
    if (!rows.length) return;
    yield rows;
    sent += rows.length;
    const last = rows[rows.length - 1]!;
    after = { eventtime: last.eventtime, id: last.id };
    if (rows.length < n) return;
  }
}
