import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { modelQueryBody, type Expression } from '../../domain/schemas/query';
import { ENUMERATIONS, MODEL_LABELS, type ModelLabel } from '../../domain/enums';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { applyExpressions } from '../http/queryGrammar';
import { guarded } from '../http/routeOptions';
import { NOUN, tx } from '../text/text';
import { requirePermission } from '../auth/access';
import { visibleProjects, type ProjectScope } from '../access/scope';
import { modelWriteRoutes } from './write';
import { signedIn } from '../access/signedIn';

/** Readable columns of each ledger label; `project` says how a row belongs to a project. */
const COLUMNS: Record<ModelLabel, { columns: string[]; project?: 'id' | 'projectid'; permission?: string }> = {
  province: { columns: ['id', 'name', 'code'] },
  city: { columns: ['id', 'name', 'code', 'provinceid'] },
  district: { columns: ['id', 'name', 'code', 'cityid'] },
  project: {
    columns: [
      'id',
      'name',
      'tenantid',
      'provinceid',
      'cityid',
      'districtid',
      'address',
      'contact',
      'contactphone',
      'longitude',
      'latitude',
      'status',
      'extendvalue',
    ],
    project: 'id',
  },
  enterprise: {
    columns: ['id', 'name', 'tenantid', 'projectid', 'extendvalue'],
    project: 'projectid',
    permission: 'accuntnode_browser device_browser',
  },
  terminal: {
    columns: [
      'id',
      'name',
      'code',
      'devicestatus',
      'devicetype',
      'vendor',
      'location',
      'installdate',
      'accesstype',
      'tenantid',
      'projectid',
      'extendvalue',
    ],
    project: 'projectid',
    permission: 'device_browser',
  },
};

/** The parent column of each child level, for sub-models (modelList) attached to a row. */
const CHILD_OF: Partial<Record<ModelLabel, Partial<Record<ModelLabel, string>>>> = {
  province: { city: 'provinceid' },
  city: { district: 'cityid' },
  district: { project: 'districtid' },
  project: { terminal: 'projectid', enterprise: 'projectid' },
};
const MAX_CHILDREN = 10_000;

interface NormalQuery {
  label: ModelLabel;
  rootID?: number | undefined;
  ids?: number[] | undefined;
  treeNode?: { id: number; modelLabel: string } | undefined;
  expressions: Expression[];
  orders: { propertyLabel: string; orderType: 'asc' | 'desc' }[];
  page: { index: number; limit: number };
  modelList: ModelLabel[];
}

/** Both spellings of the model query (rootLabel + rootCondition, or the generic table query) as one. */
function normalize(body: z.infer<typeof modelQueryBody>): NormalQuery {
  if ('rootLabel' in body) {
    return {
      label: body.rootLabel,
      rootID: body.rootID,
      ids: body.ids,
      treeNode: body.treeNode,
      expressions: body.rootCondition?.filter?.expressions ?? [],
      orders: body.orders ?? [],
      page: body.rootCondition?.page ?? { index: 0, limit: 1000 },
      modelList: [],
    };
  }
  return {
    label: body.modelLabel,
    treeNode: body.treeNode,
    expressions: body.filters.map((f) => ({ prop: f.name, operator: f.operator, limit: f.value }) as Expression),
    orders: body.orders,
    page: { index: body.pageIndex, limit: body.limit },
    modelList: body.modelList,
  };
}

/** SQL condition "this row's project is one the caller may see". */
function inScope(table: string, col: 'id' | 'projectid', scope: ProjectScope) {
  if (scope === 'all') return null;
  const ids = [...scope];
  return ids.length ? sql<boolean>`${sql.ref(`${table}.${col}`)} in (${sql.join(ids)})` : sql<boolean>`1 = 0`;
}

/** The model service of spec §7: query, enumerations, write/hierachy and delete by idRange. */
export async function modelService(app: FastifyInstance) {
  const route = signedIn(app);
  await app.register(modelWriteRoutes);

  route.post('/query', { schema: { body: modelQueryBody }, config: guarded('tree') }, async ({ session, body }) => {
    const query = normalize(body);
    const table = query.label;
    const def = COLUMNS[table];
    if (def.permission) requirePermission(session, def.permission);
    const allowed = new Set(def.columns);
    const scope = await visibleProjects(app, session);
    let q = app.db.selectFrom(table as 'project').select(def.columns.map((c) => sql.ref(`${table}.${c}`).as(c)) as never);
    if (query.rootID !== undefined) q = q.where(sql<boolean>`${sql.ref(`${table}.id`)} = ${query.rootID}`);
    if (query.ids)
      q = q.where(query.ids.length ? sql<boolean>`${sql.ref(`${table}.id`)} in (${sql.join(query.ids)})` : sql<boolean>`1 = 0`);
    const node = query.treeNode;
    if (node && node.modelLabel !== 'root') {
      const col = node.modelLabel === table ? 'id' : `${node.modelLabel}id`;
      if (!allowed.has(col))
        throw errors.BAD_REQUEST(tx(`${table} 不在 ${node.modelLabel} 之下`, `${table} is not below ${node.modelLabel}`));
      q = q.where(sql<boolean>`${sql.ref(`${table}.${col}`)} = ${node.id}`);
    }
    const scoped = def.project ? inScope(table, def.project, scope) : null;
    if (scoped) q = q.where(scoped);
    q = applyExpressions(q, query.expressions, allowed, table);
    const countRow = await app.db
      .selectFrom(q.as('sub'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const o of query.orders) {
      if (!allowed.has(o.propertyLabel))
        throw errors.BAD_REQUEST(tx(`不支持按属性 ${o.propertyLabel} 排序`, `cannot order by ${o.propertyLabel}`));
      q = q.orderBy(sql.ref(`${table}.${o.propertyLabel}`), o.orderType);
    }
    q = q.orderBy(sql.ref(`${table}.id`));
    const rows = (await q
      .limit(query.page.limit)
      .offset(query.page.index * query.page.limit)
      .execute()) as Record<string, unknown>[];
    const data: Record<string, unknown>[] = rows.map((r) => ({ ...r, modelLabel: table }));
    for (const child of query.modelList) await attachChildren(app, session, scope, table, child, data);
    return ok(data, { total: Number(countRow.n) });
  });

  route.get(
    '/enumerations/:rootLabel',
    { schema: { params: z.object({ rootLabel: z.string().min(1).max(64) }) }, config: guarded('shell') },
    async ({ params: { rootLabel } }) => {
      const key = rootLabel.toUpperCase();
      if (Object.hasOwn(ENUMERATIONS, key)) return ok(ENUMERATIONS[key as keyof typeof ENUMERATIONS]);
      if (rootLabel === 'modelLabel') return ok(MODEL_LABELS.map((l, i) => ({ id: i + 1, key: l, text: l })));
      throw errors.NOT_FOUND(tx(`${NOUN.enumeration.zh} ${rootLabel.slice(0, 64)} `, `${NOUN.enumeration.en} ${rootLabel.slice(0, 64)}`));
    },
  );
}

/** Rows of a child level under each row, as `<label>_model` (only those the caller may see). */
async function attachChildren(
  app: FastifyInstance,
  session: Parameters<typeof requirePermission>[0],
  scope: ProjectScope,
  parent: ModelLabel,
  child: ModelLabel,
  rows: Record<string, unknown>[],
) {
  const col = CHILD_OF[parent]?.[child];
  if (!col) throw errors.BAD_REQUEST(tx(`modelList：${child} 不是 ${parent} 的下级`, `modelList: ${child} is not below ${parent}`));
  const def = COLUMNS[child];
  if (def.permission) requirePermission(session, def.permission);
  const ids = rows.map((r) => r.id as number);
  const key = `${child}_model`;
  if (!ids.length) return;
  let q = app.db
    .selectFrom(child as 'project')
    .select(def.columns.map((c) => sql.ref(`${child}.${c}`).as(c)) as never)
    .where(sql<boolean>`${sql.ref(`${child}.${col}`)} in (${sql.join(ids)})`);
  const scoped = def.project ? inScope(child, def.project, scope) : null;
  if (scoped) q = q.where(scoped);
  const found = (await q
    .orderBy(sql.ref(`${child}.id`))
    .limit(MAX_CHILDREN)
    .execute()) as Record<string, unknown>[];
  for (const r of rows) r[key] = found.filter((c) => c[col] === r.id).map((c) => ({ ...c, modelLabel: child }));
}
