import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { ACCESS_TYPE, DEVICE_STATUS } from '../../domain/enums';
import type { Database } from '../store/schema';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { parseOr400 } from '../http/validate';
import { anyOperation, guarded } from '../http/routeOptions';
import { NOUN, nounWithId, tx } from '../text/text';
import { positiveId } from '../http/wire';
import { requirePermission } from '../auth/access';
import { requireTenantRef } from '../auth/references';
import { transact } from '../eventLog/transact';
import { requireFreeDeviceCode } from '../devices/deviceCode';
import { mayseeProject, requireRegionWriter, visibleProjects } from '../access/scope';
import { boundedName, noControlChars } from '../../domain/validation';
import { actedBy } from '../eventLog/eventLog';
import { signedIn } from '../access/signedIn';

/** Permission group of each writable label (spec §3 permission names). */
const GROUP = { province: 'province', city: 'city', district: 'area', project: 'project', terminal: 'device' } as const;
type Label = keyof typeof GROUP;

const text = (max: number) => boundedName(max);
const opt = (max: number) => z.string().max(max).refine(noControlChars, '不能包含控制字符').nullable().optional();
const schemas = {
  province: z.object({ name: text(20), code: opt(20) }),
  city: z.object({ name: text(20), code: opt(20), provinceid: positiveId }),
  district: z.object({ name: text(20), code: opt(20), cityid: positiveId }),
  project: z.object({
    name: text(40),
    tenantid: positiveId.optional(),
    provinceid: positiveId,
    cityid: positiveId,
    districtid: positiveId,
    address: opt(140),
    contact: opt(40),
    contactphone: opt(40),
    longitude: z.number().min(-180).max(180).nullable().optional(),
    latitude: z.number().min(-90).max(90).nullable().optional(),
    extendvalue: opt(4000),
  }),
  terminal: z.object({
    name: text(40),
    code: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'code 须为 1–32 位字母、数字、下划线或横线'),
    devicestatus: z
      .number()
      .int()
      .refine((v) => DEVICE_STATUS.has(v), 'devicestatus 不在 DEVICE_STATUS 中')
      .optional(),
    devicetype: opt(60),
    vendor: opt(60),
    location: opt(140),
    installdate: z.number().int().min(0).nullable().optional(),
    accesstype: z
      .number()
      .int()
      .refine((v) => ACCESS_TYPE.has(v), 'accesstype 须为 5 或 6')
      .optional(),
    projectid: positiveId,
    extendvalue: opt(4000),
  }),
} as const;

const writeBody = z
  .array(z.object({ modelLabel: z.enum(['province', 'city', 'district', 'project', 'terminal']), id: positiveId.optional() }).passthrough())
  .length(1, 'write/hierachy 须为只含一个节点的数组');
const deleteBody = z.object({ idRange: z.array(positiveId).min(1).max(1000) });
const WRITE_PERMISSIONS = anyOperation(Object.values(GROUP), ['create', 'update']);
const DELETE_PERMISSIONS = anyOperation(Object.values(GROUP), ['delete']);

// Empty strings arrive from forms; the ledger stores them as null (spec §3 custom columns).
function nullEmpty(o: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v === '' ? null : v]));
}

async function projectTenant(trx: Transaction<Database>, projectId: number) {
  return trx
    .selectFrom('project')
    .select(['id', 'tenantid', 'provinceid', 'cityid', 'districtid'])
    .where('id', '=', projectId)
    .executeTakeFirst();
}

/** POST write/hierachy and DELETE /{modelLabel} of the model service, tenant-scoped, each write an event. */
export async function modelWriteRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.post(
    '/write/hierachy',
    { schema: { body: writeBody }, config: guarded('ledger', WRITE_PERMISSIONS) },
    async ({ session, body: [node] }) => {
      const label = node!.modelLabel as Label;
      requirePermission(session, `${GROUP[label]}_${node!.id === undefined ? 'create' : 'update'}`);
      const fields = parseOr400(schemas[label], nullEmpty(node as Record<string, unknown>), 'body') as Record<string, unknown>;
      const scope = await visibleProjects(app, session);
      const result = await transact(app, async (trx, emit) => {
        let tenantId: number | null = null;
        let projectId: number | null = null;
        let movedTenant = false;
        if (label === 'project') {
          if (session.servedProjectIds.length && (node!.id === undefined || !session.servedProjectIds.includes(node!.id)))
            throw errors.TENANT_DENIED();
          // An edit keeps the project's tenant unless the body names another: never a default.
          const stored =
            node!.id === undefined
              ? undefined
              : await trx.selectFrom('project').select('tenantid').where('id', '=', node!.id).executeTakeFirst();
          if (node!.id !== undefined && !stored) throw errors.NOT_FOUND(nounWithId(NOUN.project, node!.id));
          tenantId = (fields.tenantid as number | undefined) ?? stored?.tenantid ?? session.tenantId;
          await requireTenantRef(trx, session, tenantId);
          movedTenant = stored !== undefined && stored.tenantid !== tenantId;
          fields.tenantid = tenantId;
          projectId = node!.id ?? null;
          await requireRegionChain(trx, fields);
        } else if (label === 'terminal') {
          const p = await projectTenant(trx, fields.projectid as number);
          if (!p) throw errors.NOT_FOUND(nounWithId(NOUN.project, String(fields.projectid)));
          if (!mayseeProject(scope, p.id)) throw errors.TENANT_DENIED();
          tenantId = p.tenantid;
          projectId = p.id;
          fields.tenantid = p.tenantid;
        } else {
          requireRegionWriter(session);
          await requireRegionParent(trx, label, fields);
        }

        let id = node!.id;
        if (id === undefined) {
          const values = { ...fields } as Record<string, unknown>;
          if (label === 'project') values.createdAt = Date.now();
          if (label === 'terminal') {
            values.devicestatus ??= DEVICE_STATUS.UNKNOWN;
            values.accesstype ??= ACCESS_TYPE['4G'];
          }
          if (label === 'terminal') await requireFreeDeviceCode(trx, fields.code, undefined);
          id = (
            await trx
              .insertInto(label)
              .values(values as never)
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
          if (label === 'terminal') {
            const p = (await projectTenant(trx, projectId!))!;
            await trx
              .insertInto('pecdeviceinfo')
              .values({
                provinceid: p.provinceid,
                cityid: p.cityid,
                districtid: p.districtid,
                projectid: p.id,
                deviceid: id,
                pecdeviceid: id,
              })
              .execute();
          }
        } else {
          const before = await trx.selectFrom(label).selectAll().where('id', '=', id).executeTakeFirst();
          if (!before) throw errors.NOT_FOUND(tx(`${label} ${id} `, `${label} ${id}`));
          const b = before as Record<string, unknown>;
          if (label === 'terminal' && !mayseeProject(scope, b.projectid as number)) throw errors.TENANT_DENIED();
          if (label === 'project' && !mayseeProject(scope, id)) throw errors.TENANT_DENIED();
          if (label === 'terminal') await requireFreeDeviceCode(trx, fields.code, id);
          await trx
            .updateTable(label)
            .set(fields as never)
            .where('id', '=', id)
            .execute();
          // A project given to another tenant takes its devices and enterprises along.
          if (label === 'project' && movedTenant) {
            await trx.updateTable('terminal').set({ tenantid: tenantId! }).where('projectid', '=', id).execute();
            await trx.updateTable('enterprise').set({ tenantid: tenantId! }).where('projectid', '=', id).execute();
          }
          if (label === 'terminal') {
            const p = (await projectTenant(trx, projectId!))!;
            await trx
              .updateTable('pecdeviceinfo')
              .set({ provinceid: p.provinceid, cityid: p.cityid, districtid: p.districtid, projectid: p.id })
              .where('deviceid', '=', id)
              .execute();
          }
        }
        emit({
          kind: node!.id === undefined ? 'ledger.created' : 'ledger.updated',
          ...actedBy(session),
          tenantId,
          projectId: label === 'project' ? id : projectId,
          subject: `${label}:${id}`,
          payload: { modelLabel: label, id, fields },
        });
        return { id, modelLabel: label };
      });
      if (label === 'terminal' || label === 'project') await app.telemetry.devices.load();
      return ok([result], { msg: '保存成功!' });
    },
  );

  route.delete(
    '/:modelLabel',
    {
      schema: { params: z.object({ modelLabel: z.enum(['province', 'city', 'district', 'project', 'terminal']) }), body: deleteBody },
      config: guarded('ledger', DELETE_PERMISSIONS),
    },
    async ({ session, body: { idRange }, params: { modelLabel } }) => {
      requirePermission(session, `${GROUP[modelLabel]}_delete`);
      const scope = await visibleProjects(app, session);
      const child: Record<Label, [keyof Database, string] | null> = {
        province: ['city', 'provinceid'],
        city: ['district', 'cityid'],
        district: ['project', 'districtid'],
        project: ['terminal', 'projectid'],
        terminal: null,
      };
      const deleted = await transact(app, async (trx, emit) => {
        const rows = (await trx.selectFrom(modelLabel).selectAll().where('id', 'in', idRange).execute()) as Record<string, unknown>[];
        if (rows.length !== new Set(idRange).size) throw errors.NOT_FOUND(tx(`部分 ${modelLabel} `, `Some ${modelLabel} rows`));
        for (const r of rows) {
          if (modelLabel === 'terminal' && !mayseeProject(scope, r.projectid as number)) throw errors.TENANT_DENIED();
          if (modelLabel === 'project' && !mayseeProject(scope, r.id as number)) throw errors.TENANT_DENIED();
          if (modelLabel !== 'terminal' && modelLabel !== 'project') requireRegionWriter(session);
        }
        const c = child[modelLabel];
        if (c) {
          const used = await trx
            .selectFrom(c[0] as 'city')
            .select('id')
            .where(c[1] as 'provinceid', 'in', idRange)
            .limit(1)
            .executeTakeFirst();
          if (used)
            throw errors.IN_USE(
              tx(`删除失败：所选 ${modelLabel} 下仍有 ${c[0]}`, `Cannot delete: the chosen ${modelLabel} still holds ${c[0]}`),
            );
        }
        if (modelLabel === 'terminal') await trx.deleteFrom('pecdeviceinfo').where('deviceid', 'in', idRange).execute();
        await trx.deleteFrom(modelLabel).where('id', 'in', idRange).execute();
        for (const r of rows) {
          emit({
            kind: 'ledger.deleted',
            ...actedBy(session),
            tenantId: (r.tenantid as number | undefined) ?? null,
            projectId: modelLabel === 'terminal' ? (r.projectid as number) : modelLabel === 'project' ? (r.id as number) : null,
            subject: `${modelLabel}:${String(r.id)}`,
            payload: { modelLabel, id: r.id, name: r.name },
          });
        }
        return rows.length;
      });
      if (modelLabel === 'terminal' || modelLabel === 'project') await app.telemetry.devices.load();
      return ok({ deleted }, { msg: '删除成功!' });
    },
  );
}

/** The region a city or a district names, by the field it names it in. */
const REGION_PARENT = {
  city: { table: 'province', field: 'provinceid', zh: '省', en: 'Province' },
  district: { table: 'city', field: 'cityid', zh: '市', en: 'City' },
} as const;

/** A city names its province, a district its city: the parent must exist. */
async function requireRegionParent(trx: Transaction<Database>, label: Label, f: Record<string, unknown>) {
  if (label !== 'city' && label !== 'district') return;
  const parent = REGION_PARENT[label];
  const id = f[parent.field];
  if (
    !(await trx
      .selectFrom(parent.table)
      .select('id')
      .where('id', '=', id as number)
      .executeTakeFirst())
  )
    throw errors.NOT_FOUND(tx(`${parent.zh} ${String(id)} `, `${parent.en} ${String(id)}`));
}

/** A project names its district, city and province: they must exist and form one chain. */
async function requireRegionChain(trx: Transaction<Database>, f: Record<string, unknown>) {
  const d = await trx
    .selectFrom('district')
    .innerJoin('city', 'city.id', 'district.cityid')
    .select(['district.id', 'district.cityid', 'city.provinceid'])
    .where('district.id', '=', f.districtid as number)
    .executeTakeFirst();
  if (!d) throw errors.NOT_FOUND(tx(`区县 ${String(f.districtid)} `, `District ${String(f.districtid)}`));
  if (d.cityid !== f.cityid || d.provinceid !== f.provinceid)
    throw errors.BAD_REQUEST(
      tx('provinceid、cityid 与 districtid 不属于同一地区', 'provinceid, cityid and districtid are not one region chain'),
    );
}
