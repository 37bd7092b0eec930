import type { FastifyInstance } from 'fastify';
import { ACCESS_TYPE, DEVICE_STATUS } from '../../domain/enums';
import {
  LEDGER_PERMISSION_GROUP,
  NODE_FIELDS,
  nodeWriteBody,
  nullEmpty,
  type ExtendValues,
  type LedgerLabel,
} from '../../domain/schemas/ledger';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { parseOr400 } from '../http/validate';
import { anyOperation, guarded } from '../http/routeOptions';
import { type Session } from '../auth/access';
import { requireTenantRef } from '../auth/references';
import { transact } from '../eventLog/transact';
import { requireFreeDeviceCode } from '../devices/deviceCode';
import { mayseeProject, requireRegionWriter } from '../access/scope';
import { mergeExtend, propertiesOf } from './properties';
import { LEVEL_TEXT, requireLevel, requireNode, scopeOf, type Db, type Scope } from './scope';
import { actedBy } from '../eventLog/eventLog';
import { signedIn } from '../access/signedIn';

type Fields = Record<string, unknown>;

/** Parent checks and derived columns of one level; returns the tenant and project the node sits in. */
async function placeNode(db: Db, session: Session, scope: Scope, label: LedgerLabel, f: Fields, before: Fields | undefined) {
  const id = before?.id as number | undefined;
  const parent = async (l: LedgerLabel, pid: unknown) => requireNode(db, scope, l, pid as number);
  switch (label) {
    case 'province':
      requireRegionWriter(session);
      return { tenantId: null, projectId: null };
    case 'city':
      requireRegionWriter(session);
      await parent('province', f.provinceid);
      return { tenantId: null, projectId: null };
    case 'district':
      requireRegionWriter(session);
      await parent('city', f.cityid);
      return { tenantId: null, projectId: null };
    case 'project': {
      const d = await parent('district', f.districtid);
      const city = await parent('city', d.cityid);
      f.cityid = city.id;
      f.provinceid = city.provinceid;
      // A service user works inside the projects it serves; it neither creates nor re-homes projects.
      if (session.tenants !== 'all' && session.servedProjectIds.length && (id === undefined || !session.servedProjectIds.includes(id)))
        throw errors.TENANT_DENIED();
      const tenantId = (f.tenantid as number | undefined) ?? (before?.tenantid as number | undefined) ?? session.tenantId;
      await requireTenantRef(db, session, tenantId);
      f.tenantid = tenantId;
      return { tenantId, projectId: id ?? null };
    }
    case 'terminal':
    case 'enterprise': {
      const p = await parent('project', f.projectid);
      f.tenantid = p.tenantid;
      return { tenantId: p.tenantid as number, projectId: p.id as number };
    }
  }
}

/** Keeps pecdeviceinfo (the device's region chain, spec §3) in step with its project. */
async function linkDevice(db: Db, deviceId: number, projectId: number, isNew: boolean) {
  const p = await db
    .selectFrom('project')
    .select(['id', 'provinceid', 'cityid', 'districtid'])
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const chain = { provinceid: p.provinceid, cityid: p.cityid, districtid: p.districtid, projectid: p.id };
  if (isNew)
    await db
      .insertInto('pecdeviceinfo')
      .values({ ...chain, deviceid: deviceId, pecdeviceid: deviceId })
      .execute();
  else await db.updateTable('pecdeviceinfo').set(chain).where('deviceid', '=', deviceId).execute();
}

const WRITE_PERMISSIONS = anyOperation(Object.values(LEDGER_PERMISSION_GROUP), ['create', 'update']);

/** POST account/node: create or edit one node at any level (array of one, spec §7). */
export async function nodeWriteRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.post(
    '/account/node',
    { schema: { body: nodeWriteBody }, config: guarded('ledger', WRITE_PERMISSIONS) },
    async ({ session, body: [node] }) => {
      const label = node!.modelLabel;
      const id = node!.id;
      requireLevel(session, label, id === undefined ? 'create' : 'update');
      const raw = nullEmpty(node as Fields);
      const f = parseOr400(NODE_FIELDS[label], raw, 'body') as Fields;
      const scope = await scopeOf(app, session);
      const result = await transact(app, async (trx, emit) => {
        const before = id === undefined ? undefined : await requireNode(trx, scope, label, id);
        if (before && (label === 'province' || label === 'city' || label === 'district')) requireRegionWriter(session);
        const { tenantId, projectId } = await placeNode(trx, session, scope, label, f, before);
        if (projectId !== null && label !== 'project' && !mayseeProject(scope, projectId)) throw errors.TENANT_DENIED();
        if (label === 'project' || label === 'terminal') {
          const defs = await propertiesOf(trx, tenantId!, label);
          f.extendvalue = mergeExtend(defs, before?.extendvalue as string | null | undefined, f.extendvalue as ExtendValues | undefined);
        }
        if (label === 'terminal') await requireFreeDeviceCode(trx, f.code, id);
        let newId = id;
        if (id === undefined) {
          if (label === 'project') f.createdAt = Date.now();
          if (label === 'terminal') {
            f.devicestatus ??= DEVICE_STATUS.UNKNOWN;
            f.accesstype ??= ACCESS_TYPE['4G'];
          }
          newId = (
            await trx
              .insertInto(label)
              .values(f as never)
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        } else {
          await trx
            .updateTable(label)
            .set(f as never)
            .where('id', '=', id)
            .execute();
        }
        if (label === 'terminal') await linkDevice(trx, newId!, projectId!, id === undefined);
        if (label === 'project' && id !== undefined) {
          // A project moved to another district takes its devices' region chain along.
          await trx
            .updateTable('pecdeviceinfo')
            .set({ provinceid: f.provinceid as number, cityid: f.cityid as number, districtid: f.districtid as number })
            .where('projectid', '=', id)
            .execute();
          // Terminals and enterprises carry their project's tenant; a project given to another tenant takes them along.
          await trx.updateTable('terminal').set({ tenantid: tenantId! }).where('projectid', '=', id).execute();
          await trx.updateTable('enterprise').set({ tenantid: tenantId! }).where('projectid', '=', id).execute();
        }
        emit({
          kind: id === undefined ? 'ledger.created' : 'ledger.updated',
          ...actedBy(session),
          tenantId,
          projectId: label === 'project' ? newId! : projectId,
          subject: `${label}:${newId}`,
          payload: { modelLabel: label, level: LEVEL_TEXT[label], id: newId, name: f.name, ...(before ? { before } : {}), after: f },
        });
        return { id: newId!, modelLabel: label };
      });
      if (label === 'terminal' || label === 'project') await app.telemetry.devices.load();
      return ok([result], { msg: '保存成功!' });
    },
  );
}
