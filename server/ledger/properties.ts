import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { Database } from '../store/schema';
import './ledgerSchema';
import { orEmpty } from '../http/wire';
import {
  nullEmpty,
  propertyListBody,
  propertySaveBody,
  type CustomPropertyDto,
  type ExtendValues,
  type PropertyObject,
  type PropertyType,
} from '../../domain/schemas/ledger';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { NOUN, nounWithId, tx } from '../text/text';
import { requirePermission, requireTenant } from '../auth/access';
import { namedTenant } from '../auth/references';
import { transact } from '../eventLog/transact';
import type { Db } from './scope';
import { actedBy } from '../eventLog/eventLog';
import { signedIn } from '../access/signedIn';

/** A property row as the answers read it: all but its update time. */
type PropertyRow = Omit<Selectable<Database['ledger_property']>, 'updatedAt'>;
const dto = (r: PropertyRow): CustomPropertyDto => ({
  id: r.id,
  tenantid: r.tenantid,
  objectlabel: r.objectlabel as PropertyObject,
  propertylabel: r.propertylabel,
  propertyalias: r.propertyalias,
  propertytype: r.propertytype as PropertyType,
  status: r.status === 1,
});

export async function propertiesOf(db: Db, tenantId: number, objectlabel: PropertyObject): Promise<CustomPropertyDto[]> {
  const rows = await db
    .selectFrom('ledger_property')
    .selectAll()
    .where('tenantid', '=', tenantId)
    .where('objectlabel', '=', objectlabel)
    .orderBy('id')
    .execute();
  return rows.map(dto);
}

/**
 * Checks custom column values against the tenant's definitions and merges them over the stored ones:
 * empty strings become null, numbers are numbers, and a key nobody defined is refused.
 */
export function mergeExtend(
  defs: CustomPropertyDto[],
  stored: string | null | undefined,
  incoming: ExtendValues | undefined,
): string | null {
  let base: ExtendValues;
  try {
    base = stored ? (JSON.parse(stored) as ExtendValues) : {};
  } catch {
    base = {};
  }
  if (!incoming) return stored ?? null;
  const byLabel = new Map(defs.map((d) => [d.propertylabel, d]));
  for (const [key, raw] of Object.entries(nullEmpty(incoming))) {
    const def = byLabel.get(key);
    if (!def) throw errors.BAD_REQUEST(tx(`未定义的自定义属性 ${key}`, `undefined custom property ${key}`));
    let v = raw;
    if (v !== null && def.propertytype === 'number') {
      v = typeof v === 'number' ? v : Number(String(v).trim());
      if (!Number.isFinite(v)) throw errors.BAD_REQUEST(tx(`${def.propertyalias}：请输入数字`, `${def.propertyalias}: enter a number`));
    } else if (v !== null && def.propertytype === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(String(v))) {
      throw errors.BAD_REQUEST(tx(`${def.propertyalias}：日期格式须为 YYYY-MM-DD`, `${def.propertyalias}: the date is YYYY-MM-DD`));
    } else if (v !== null) v = String(v).trim();
    base[key] = v;
  }
  return JSON.stringify(base);
}

export function parseExtend(text: string | null | undefined): ExtendValues {
  try {
    const v = text ? (JSON.parse(text) as unknown) : {};
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as ExtendValues) : {};
  } catch {
    return {};
  }
}

/** POST account/node/custom/property/list and POST account/node/custom/property (spec §7). */
export async function propertyRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.post(
    '/account/node/custom/property/list',
    { schema: { body: orEmpty(propertyListBody) }, config: guarded('ledger', 'property_browser device_browser') },
    async ({ session, body }) => {
      if (body.tenantid !== undefined) requireTenant(session, body.tenantid);
      let q = app.db.selectFrom('ledger_property').selectAll();
      if (body.tenantid !== undefined) q = q.where('tenantid', '=', body.tenantid);
      else if (session.tenants !== 'all') q = q.where('tenantid', 'in', session.tenants.length ? session.tenants : [-1]);
      if (body.objectlabel) q = q.where('objectlabel', '=', body.objectlabel);
      if (body.status !== undefined) q = q.where('status', '=', body.status ? 1 : 0);
      return ok((await q.orderBy('id').execute()).map(dto));
    },
  );

  route.post(
    '/account/node/custom/property',
    { schema: { body: propertySaveBody }, config: guarded('ledger', 'property_create property_update') },
    async ({ session, body: list }) => {
      const saved = await transact(app, async (trx, emit) => {
        const ids: number[] = [];
        for (const p of list) {
          const tenantid = await namedTenant(trx, session, p.tenantid);
          const values = {
            propertyalias: p.propertyalias,
            propertylabel: p.propertylabel,
            propertytype: p.propertytype,
            status: p.status ? 1 : 0,
            objectlabel: p.objectlabel,
            tenantid,
            updatedAt: Date.now(),
          };
          const dup = await trx
            .selectFrom('ledger_property')
            .select('id')
            .where('tenantid', '=', tenantid)
            .where('objectlabel', '=', p.objectlabel)
            .where('propertylabel', '=', p.propertylabel)
            .executeTakeFirst();
          if (dup && dup.id !== p.id)
            throw errors.CONFLICT(tx(`属性标识 ${p.propertylabel} 已存在`, `The property label ${p.propertylabel} is taken`));
          if (p.id === undefined || p.id === null) {
            requirePermission(session, 'property_create');
            const { id } = await trx.insertInto('ledger_property').values(values).returning('id').executeTakeFirstOrThrow();
            emit({
              kind: 'ledger.property_created',
              ...actedBy(session),
              tenantId: tenantid,
              subject: `property:${id}`,
              payload: { after: values },
            });
            ids.push(id);
          } else {
            requirePermission(session, 'property_update');
            const before = await trx.selectFrom('ledger_property').selectAll().where('id', '=', p.id).executeTakeFirst();
            if (!before) throw errors.NOT_FOUND(nounWithId(NOUN.property, p.id));
            requireTenant(session, before.tenantid);
            // The label keys stored values in extendvalue; changing it would orphan them.
            if (before.propertylabel !== p.propertylabel || before.objectlabel !== p.objectlabel)
              throw errors.BAD_REQUEST(tx('属性标识和所属层级保存后不可修改', 'the label and level of a saved property cannot change'));
            await trx
              .updateTable('ledger_property')
              .set({ ...values, tenantid: before.tenantid })
              .where('id', '=', p.id)
              .execute();
            emit({
              kind: 'ledger.property_updated',
              ...actedBy(session),
              tenantId: before.tenantid,
              subject: `property:${p.id}`,
              payload: { before, after: values },
            });
            ids.push(p.id);
          }
        }
        return ids;
      });
      return ok(saved, { msg: '保存成功!' });
    },
  );
}
