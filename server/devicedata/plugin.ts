import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../http/envelope';
import { parseOr400 } from '../http/validate';
import { sessionOf } from '../auth/session';
import { requirePermission } from '../auth/access';
import { requireDevice, visibleProjects } from '../telemetry/visibility';
import { buildTree, stations } from './tree';
import { ingestAnswer } from '../telemetry/answer';

export const DEVICE_KEY_HEADER = 'x-device-key';

/** /devicedata/api/comm/v1: the field-gateway ingest, device keys, and the device/report trees. */
export async function deviceDataService(app: FastifyInstance) {
  // Devices authenticate with their own key, not a user's token.
  app.post('/ingest', { config: { public: true } }, async (request) => {
    const key = request.headers[DEVICE_KEY_HEADER];
    const result = await app.telemetry.ingest(request.body, { key: typeof key === 'string' ? key : undefined });
    return ingestAnswer(result);
  });

  // The key is a credential: only users who may manage the device see it, and each look is logged.
  app.get('/device/:deviceId/key', async (request) => {
    const session = sessionOf(request);
    requirePermission(session, 'device_update');
    const { deviceId } = parseOr400(z.object({ deviceId: z.coerce.number().int().min(0) }), request.params);
    const device = await requireDevice(app, session, deviceId);
    await app.eventLog.record({
      kind: 'device.key_viewed',
      actorId: session.userId,
      actorName: session.userName,
      tenantId: device.tenantid,
      subject: `terminal:${device.id}`,
      payload: { deviceId: device.id, deviceCode: device.code },
    });
    return ok({ deviceId: device.id, code: device.code, header: 'X-Device-Key', key: app.telemetry.keys.keyOf(device.code) });
  });

  app.get('/device/tree', async (request) => ok(await buildTree(app, await visibleProjects(app, sessionOf(request)), true)));
  app.get('/report/tree', async (request) => ok(await buildTree(app, await visibleProjects(app, sessionOf(request)), false)));
  app.get('/stations', async (request) => ok(await stations(app, await visibleProjects(app, sessionOf(request)))));
}
