import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { measureIds, MEASURES, MEASURE_BY_ID, round2, thresholdListBody, thresholdSaveBody, type Threshold } from '../../domain/telemetry';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { tx } from '../text/text';
import { idText } from '../http/wire';
import { transact } from '../eventLog/transact';
import { requireDevice } from '../access/scope';
import { signedIn } from '../access/signedIn';
import { aboutDevice, actedBy } from '../eventLog/eventLog';

/** Per-terminal thresholds (keyed rootID + rootLabel terminal) and the measure list of a device. */
export async function thresholdRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  const listOf = (deviceId: number) =>
    app.telemetry.thresholds.list(deviceId).map((t) => {
      const def = MEASURE_BY_ID.get(t.dataId)!;
      return {
        ...t,
        rootID: deviceId,
        rootLabel: 'terminal',
        measureName: def.name,
        unit: def.unit,
        logicalId: def.logicalId,
        dataTypeId: def.dataTypeId,
      };
    });

  route.post(
    '/account/device/measure/threshold/list',
    { schema: { body: thresholdListBody }, config: guarded('ledger', 'device_browser') },
    async ({ session, body }) => {
      const device = await requireDevice(app, session, body.rootID);
      return ok(listOf(device.id));
    },
  );

  route.post(
    '/account/device/measure/threshold/save',
    { schema: { body: thresholdSaveBody }, config: guarded('ledger', 'device_update') },
    async ({ session, body }) => {
      const device = await requireDevice(app, session, body.rootID);
      const list: Threshold[] = body.thresholds.map((t) => {
        const def = MEASURE_BY_ID.get(t.dataId);
        if (!def || def.alarmLimit === null)
          throw errors.BAD_REQUEST(tx(`数据项 ${t.dataId} 不支持阈值`, `dataId ${t.dataId} takes no threshold`));
        const current = app.telemetry.thresholds.get(device.id, t.dataId)!;
        const warnLimit =
          t.warnLimit === undefined
            ? t.alarmLimit === null || current.warnLimit === null
              ? null
              : round2(t.alarmLimit * 0.8)
            : t.warnLimit;
        if (t.alarmLimit !== null && warnLimit !== null && warnLimit >= t.alarmLimit)
          throw errors.BAD_REQUEST(tx(`${def.name}：预警值须小于报警值`, `${def.name}: the warning limit must be below the alarm limit`));
        const hysteresis = t.hysteresis ?? (t.alarmLimit === null ? 0 : current.hysteresis);
        return { dataId: t.dataId, alarmLimit: t.alarmLimit, warnLimit, hysteresis, enabled: t.enabled && t.alarmLimit !== null };
      });
      const apply = await transact(app, async (trx, emit) => {
        const applyFn = await app.telemetry.thresholds.save(trx, device.id, list, Date.now());
        emit({
          kind: 'threshold.saved',
          ...actedBy(session),
          ...aboutDevice(device),
          payload: {
            deviceId: device.id,
            deviceName: device.name,
            deviceCode: device.code,
            projectName: device.projectName,
            contactInfo: device.contactphone,
            thresholds: list,
          },
        });
        return applyFn;
      });
      apply();
      return ok(listOf(device.id), { msg: '保存成功!' });
    },
  );

  route.get(
    '/account/:deviceID/measure/list',
    { schema: { params: z.object({ deviceID: idText }) }, config: guarded('tree', 'device_browser') },
    async ({ session, params }) => {
      const device = await requireDevice(app, session, params.deviceID);
      return ok(
        MEASURES.map((d) => ({
          ...measureIds(d),
          name: d.name,
          unit: d.unit,
          cumulative: d.cumulative,
          chart: d.chart,
          threshold: d.alarmLimit === null ? null : app.telemetry.thresholds.get(device.id, d.dataId),
        })),
      );
    },
  );
}
