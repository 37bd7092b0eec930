import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import '../store/infoSchema';
import type { AccessSchemeRow } from '../store/infoSchema';
import type { Database } from '../store/schema';
import { ACCESS_TYPE } from '../../domain/enums';
import { accessSchemeBody, type AccessConfigDto, type AccessSchemeDto } from '../../domain/schemas/info';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { NOUN, tx } from '../text/text';
import { requireAllOwned, type Session } from '../auth/access';
import { namedTenant } from '../auth/references';
import { deleteIds, deleteSchema } from '../http/deleteTarget';
import { transact } from '../eventLog/transact';
import { PLATFORM_TENANT_ID } from '../../domain/tenancy';
import { actedBy, rowDeleted } from '../eventLog/eventLog';
import { signedIn } from '../access/signedIn';

const SCHEME_IN_USE_MSG = '删除失败，当前接入方案被设备使用！';
const SCHEME_IN_USE = tx(SCHEME_IN_USE_MSG, 'Cannot delete: the access scheme is in use by a device!');

function visibleTenantIds(session: Session): number[] | 'all' {
  return session.tenants === 'all' ? 'all' : [...new Set([...session.tenants, PLATFORM_TENANT_ID])];
}

async function listSchemes(db: Kysely<Database>, session: Session): Promise<AccessSchemeDto[]> {
  const tenants = visibleTenantIds(session);
  let q = db
    .selectFrom('access_scheme')
    .leftJoin('device_access_scheme', 'device_access_scheme.schemeId', 'access_scheme.id')
    .selectAll('access_scheme')
    .select((eb) => eb.fn.count<number>('device_access_scheme.deviceid').as('deviceCount'))
    .groupBy('access_scheme.id');
  if (tenants !== 'all') q = q.where('access_scheme.tenantId', 'in', tenants);
  const rows = await q.orderBy('access_scheme.id').execute();
  return rows.map((r) => schemeDto(r, Number(r.deviceCount)));
}

function schemeDto(r: AccessSchemeRow, deviceCount: number): AccessSchemeDto {
  return { ...r, modelLabel: 'equipaccessscheme', accesstypeText: ACCESS_TYPE.textOf(r.accesstype), deviceCount };
}

/** Access config and schemes (equipaccessscheme): read, create, delete. */
export async function accessSchemeRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.get('/system/device/access/config', { config: guarded('system', 'accessscheme_browser') }, async ({ session }) => {
    const data: AccessConfigDto = { accessTypes: ACCESS_TYPE.list, schemes: await listSchemes(app.db, session) };
    return ok(data);
  });

  route.post(
    '/system/device/access/scheme',
    { schema: { body: accessSchemeBody }, config: guarded('system', 'accessscheme_create') },
    async ({ session, body }) => {
      const tenantId = await namedTenant(app.db, session, body.tenantId);
      const id = await transact(app, async (trx, emit) => {
        const dup = await trx
          .selectFrom('access_scheme')
          .select('id')
          .where('tenantId', '=', tenantId)
          .where('name', '=', body.name)
          .executeTakeFirst();
        if (dup) throw errors.CONFLICT(tx(`接入方案 ${body.name} 已存在`, `The access scheme ${body.name} exists already`));
        const row = {
          name: body.name,
          accesstype: body.accesstype,
          tenantId,
          host: body.host || null,
          port: body.port ?? null,
          remark: body.remark || null,
          createdAt: Date.now(),
        };
        const { id } = await trx.insertInto('access_scheme').values(row).returning('id').executeTakeFirstOrThrow();
        emit({
          kind: 'accessscheme.created',
          ...actedBy(session),
          tenantId,
          subject: `equipaccessscheme:${id}`,
          payload: { after: row },
        });
        return id;
      });
      return ok(id, { msg: '保存成功!' });
    },
  );

  route.delete(
    '/system/device/access/equipaccessscheme',
    { schema: deleteSchema, config: guarded('system', 'accessscheme_delete') },
    async ({ session, query, body }) => {
      const ids = deleteIds(query, body);
      const rows = await app.db.selectFrom('access_scheme').selectAll().where('id', 'in', ids).execute();
      requireAllOwned(session, rows, ids, NOUN.scheme);
      await transact(app, async (trx, emit) => {
        // Checked inside the transaction so a device linked meanwhile cannot lose its scheme.
        const used = await trx.selectFrom('device_access_scheme').select('schemeId').where('schemeId', 'in', ids).executeTakeFirst();
        if (used) throw errors.IN_USE(SCHEME_IN_USE);
        await trx.deleteFrom('access_scheme').where('id', 'in', ids).execute();
        for (const r of rows) emit(rowDeleted(session, 'accessscheme.deleted', r, `equipaccessscheme:${r.id}`));
      });
      return ok(ids, { msg: '删除成功!' });
    },
  );
}
