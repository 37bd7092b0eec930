import type { FastifyInstance } from 'fastify';
import '../store/infoSchema';
import { ACCESS_TYPE } from '../../domain/enums';
import { deviceAccessSaveBody } from '../../domain/schemas/ledger';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { NOUN, nounWithId, tx } from '../text/text';
import { transact } from '../eventLog/transact';
import { requireDevice } from '../access/scope';
import { aboutDevice, actedBy } from '../eventLog/eventLog';
import { signedIn } from '../access/signedIn';

/**
 * POST account/device/access: a terminal's access type (4G 5 / NB 6) and its access scheme
 * (equipaccessscheme), written to terminal.accesstype and the device_access_scheme link.
 */
export async function deviceAccessRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.post(
    '/account/device/access',
    { schema: { body: deviceAccessSaveBody }, config: guarded('ledger', 'device_update') },
    async ({ session, body }) => {
      const device = await requireDevice(app, session, body.deviceId);
      await transact(app, async (trx, emit) => {
        const before = await trx
          .selectFrom('terminal')
          .leftJoin('device_access_scheme', 'device_access_scheme.deviceid', 'terminal.id')
          .select(['terminal.accesstype', 'device_access_scheme.schemeId'])
          .where('terminal.id', '=', device.id)
          .executeTakeFirstOrThrow();
        if (body.schemeId !== null) {
          const scheme = await trx.selectFrom('access_scheme').selectAll().where('id', '=', body.schemeId).executeTakeFirst();
          // A scheme of another tenant is reported as missing: its existence is not the caller's business.
          if (!scheme || scheme.tenantId !== device.tenantid) throw errors.NOT_FOUND(nounWithId(NOUN.scheme, body.schemeId));
          if (scheme.accesstype !== body.accesstype)
            throw errors.BAD_REQUEST(
              tx(
                `接入方案「${scheme.name}」是${ACCESS_TYPE.textOf(scheme.accesstype)}，与所选接入方式不一致`,
                `the access scheme "${scheme.name}" is of another access type than the one chosen`,
              ),
            );
          await trx
            .insertInto('device_access_scheme')
            .values({ deviceid: device.id, schemeId: scheme.id })
            .onConflict((oc) => oc.column('deviceid').doUpdateSet({ schemeId: scheme.id }))
            .execute();
        } else await trx.deleteFrom('device_access_scheme').where('deviceid', '=', device.id).execute();
        await trx.updateTable('terminal').set({ accesstype: body.accesstype }).where('id', '=', device.id).execute();
        emit({
          kind: 'device.access_updated',
          ...actedBy(session),
          ...aboutDevice(device),
          payload: {
            deviceId: device.id,
            deviceName: device.name,
            before,
            after: { accesstype: body.accesstype, schemeId: body.schemeId },
          },
        });
      });
      await app.telemetry.devices.load();
      return ok({ deviceId: device.id, accesstype: body.accesstype, schemeId: body.schemeId }, { msg: '保存成功!' });
    },
  );
}
