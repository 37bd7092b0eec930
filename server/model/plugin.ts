import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { modelQueryBody } from '../../domain/schemas/query';
import { ENUMERATIONS, MODEL_LABELS } from '../../domain/enums';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { parseOr400 } from '../http/validate';
import { applyExpressions } from '../http/queryGrammar';
import { sessionOf } from '../auth/session';
import { modelWriteRoutes } from './write';

/** Readable columns of each ledger label; tenant-owned labels carry tenantid. */
const COLUMNS: Record<string, { columns: string[]; tenantScoped: boolean; parent?: string }> = {
  province: { columns: ['id', 'name', 'code'], tenantScoped: false },
  city: { columns: ['id', 'name', 'code', 'provinceid'], tenantScoped: false, parent: 'provinceid' },
  district: { columns: ['id', 'name', 'code', 'cityid'], tenantScoped: false, parent: 'cityid' },
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
    tenantScoped: true,
  },
  enterprise: { columns: ['id', 'name', 'tenantid', 'projectid', 'extendvalue'], tenantScoped: true },
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
    tenantScoped: true,
  },
};

/** The model service of spec §7: query, enumerations, write/hierachy and delete by idRange. */
export async function modelService(app: FastifyInstance) {
  await app.register(modelWriteRoutes);
  app.post('/query', async (request) => {
    const session = sessionOf(request);
    const body = parseOr400(modelQueryBody, request.body);
    const def = COLUMNS[body.rootLabel];
    if (!def) throw errors.BAD_REQUEST(`不支持的模型 ${body.rootLabel}`);
    const allowed = new Set(def.columns);
    const table = body.rootLabel;
    let q = app.db.selectFrom(table as 'project').select(def.columns.map((c) => sql.ref(`${table}.${c}`).as(c)) as never);
    if (body.rootID !== undefined) q = q.where(sql<boolean>`${sql.ref(`${table}.id`)} = ${body.rootID}`);
    if (body.ids) q = q.where(body.ids.length ? sql<boolean>`${sql.ref(`${table}.id`)} in (${sql.join(body.ids)})` : sql<boolean>`1 = 0`);
    if (body.treeNode) {
      const parentCol = body.treeNode.modelLabel === 'project' ? 'projectid' : `${body.treeNode.modelLabel}id`;
      if (!allowed.has(parentCol)) throw errors.BAD_REQUEST(`${table} 不在 ${body.treeNode.modelLabel} 之下`);
      q = q.where(sql<boolean>`${sql.ref(`${table}.${parentCol}`)} = ${body.treeNode.id}`);
    }
    if (def.tenantScoped && session.tenants !== 'all') {
      const t = session.tenants.length ? session.tenants : [-1];
      q = q.where(sql<boolean>`${sql.ref(`${table}.tenantid`)} in (${sql.join(t)})`);
    }
    q = applyExpressions(q, body.rootCondition?.filter?.expressions ?? [], allowed, table);
    const countRow = await app.db
      .selectFrom(q.as('sub'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const o of body.orders ?? []) {
      if (!allowed.has(o.propertyLabel)) throw errors.BAD_REQUEST(`不支持按属性 ${o.propertyLabel} 排序`);
      q = q.orderBy(sql.ref(`${table}.${o.propertyLabel}`), o.orderType);
    }
    q = q.orderBy(sql.ref(`${table}.id`));
    const page = body.rootCondition?.page ?? { index: 0, limit: 1000 };
    const rows = await q
      .limit(page.limit)
      .offset(page.index * page.limit)
      .execute();
    return ok(
      rows.map((r) => ({ ...(r as object), modelLabel: table })),
      { total: Number(countRow.n) },
    );
  });

  app.get('/enumerations/:rootLabel', async (request) => {
    const { rootLabel } = parseOr400(z.object({ rootLabel: z.string().max(64) }), request.params);
    const key = rootLabel.toUpperCase() as keyof typeof ENUMERATIONS;
    if (key in ENUMERATIONS) return ok(ENUMERATIONS[key]);
    if (rootLabel === 'modelLabel') return ok(MODEL_LABELS.map((l, i) => ({ id: i + 1, key: l, text: l })));
    throw errors.NOT_FOUND(`枚举 ${rootLabel} `);
  });
}
