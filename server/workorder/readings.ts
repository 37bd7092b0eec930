import type { FastifyInstance } from 'fastify';
import type { ReadingSnapshot } from '../../domain/schemas/workorder';

/**
 * The device's current values (the realtime cache) against its thresholds, for 处理完成: a value is
 * in range when its measure is not checked or it stays under the alarm limit (the engine raises at
 * value ≥ limit).
 */
export function readingsOf(app: FastifyInstance, deviceIds: readonly number[]): ReadingSnapshot[] {
  const out: ReadingSnapshot[] = [];
  for (const deviceId of deviceIds) {
    for (const v of app.telemetry.realtime.ofDevice(deviceId).values()) {
      const th = app.telemetry.thresholds.get(deviceId, v.dataid);
      const limit = th && th.enabled ? th.alarmLimit : null;
      out.push({ deviceId, dataId: v.dataid, value: v.value, time: v.time, alarmLimit: limit, inRange: limit === null || v.value < limit });
    }
  }
  return out.sort((a, b) => a.deviceId - b.deviceId || a.dataId - b.dataId);
}
