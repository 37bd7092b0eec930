import type { FastifyInstance } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import { EVENT_LEVEL } from '../../domain/enums';
import { EVENT_PROPS, type PecEvent, type eventListBody, type eventScopeQuery } from '../../domain/telemetry';
import type { Session } from '../auth/access';
import type { Database } from '../store/schema';
import { errors } from '../errors';
import { applyExpressions } from '../http/queryGrammar';
import { visibleProjects } from '../telemetry/visibility';
import { typeText } from '../alarms/describe';

const ALLOWED = new Set<string>(EVENT_PROPS);
type Q = SelectQueryBuilder<Database, 'peceventextend', object>;

/** Project ids below a region node, for the optional id + modelLabel scope of the event list. */
async function projectsUnder(app: FastifyInstance, modelLabel: string, id: number): Promise<number[]> {
  const col = modelLabel === 'province' ? 'provinceid' : modelLabel === 'city' ? 'cityid' : 'districtid';
  const rows = await app.db.selectFrom('project').select('id').where(col, '=', id).execute();
  return rows.map((r) => r.id);
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
  if (scope !== 'all') {
    // Project users see their tenant: the tenant index serves this without listing projects.
    if (session.servedProjectIds.length === 0 && session.tenants !== 'all') {
      const t = session.tenants.length ? session.tenants : [-1];
      q = q.where(sql<boolean>`peceventextend.tenantid in (${sql.join(t)})`);
    } else {
      const ids = [...scope];
      q = q.where(ids.length ? sql<boolean>`peceventextend.projectid in (${sql.join(ids)})` : sql<boolean>`1 = 0`);
    }
  }
  if (scopeQ.id !== undefined && scopeQ.modelLabel) {
    if (scopeQ.modelLabel === 'terminal') q = q.where('peceventextend.deviceid', '=', scopeQ.id);
    else if (scopeQ.modelLabel === 'project') q = q.where('peceventextend.projectid', '=', scopeQ.id);
    else {
      const ids = await projectsUnder(app, scopeQ.modelLabel, scopeQ.id);
      q = q.where(ids.length ? sql<boolean>`peceventextend.projectid in (${sql.join(ids)})` : sql<boolean>`1 = 0`);
    }
  } else if (scopeQ.id !== undefined || scopeQ.modelLabel) {
    throw errors.BAD_REQUEST('id 与 modelLabel 须同时提供');
  }
  return applyExpressions(q, body.rootCondition?.filter?.expressions ?? [], ALLOWED, 'peceventextend');
}

export function ordered(q: Q, body: z.infer<typeof eventListBody>): Q {
  const orders = body.orders?.length ? body.orders : [{ propertyLabel: 'eventtime', orderType: 'desc' as const }];
  for (const o of orders) {
    if (!ALLOWED.has(o.propertyLabel)) throw errors.BAD_REQUEST(`不支持按属性 ${o.propertyLabel} 排序`);
    q = q.orderBy(sql.ref(`peceventextend.${o.propertyLabel}`), o.orderType);
  }
  return q.orderBy('peceventextend.id', 'desc');
}

/**
 * Rows of a page joined with their device and project names. The page's ids are found first from the
 * event indexes alone; joining before paging lets the planner drive from the terminal table and sort
 * every matching event.
 */
export async function eventRows(q: Q, limit: number, offset: number): Promise<PecEvent[]> {
  const ids = (await q.select('peceventextend.id').limit(limit).offset(offset).execute()).map((r) => r.id);
  if (!ids.length) return [];
  const rows = await q
    .clearWhere()
    .clearOrderBy()
    .innerJoin('terminal', 'terminal.id', 'peceventextend.deviceid')
    .innerJoin('project', 'project.id', 'peceventextend.projectid')
    .selectAll('peceventextend')
    .select(['terminal.name as devicename', 'terminal.code as devicecode', 'project.name as projectname'])
    .where('peceventextend.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r
      ? [{ ...r, modelLabel: 'peceventextend' as const, customtypeName: typeText(r.customtype), peceventlevelName: EVENT_LEVEL.textOf(r.peceventlevel) }]
      : [];
  });
}
