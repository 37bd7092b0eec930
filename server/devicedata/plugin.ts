import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ingestBatchSchema } from '../../domain/telemetry';
import { ok } from '../http/envelope';
import { guarded, publicRoute, typed } from '../http/routeOptions';
import { idText } from '../http/wire';
import { sessionOf } from '../auth/session';
import { requireDevice, visibleProjects } from '../access/scope';
import { buildTree, stations } from './tree';
import { ingestAnswer } from '../telemetry/answer';
import { actedBy } from '../eventLog/eventLog';

const DEVICE_KEY_HEADER = 'x-device-key';

/**
 * The batch as the route declares it: its shape is checked here, each reading one by one in the
 * telemetry core so a bad reading does not sink the good ones of its batch.
 */
const ingestBody = ingestBatchSchema.extend({ values: z.array(z.unknown()).max(10_000).default([]) });

/** /devicedata/api/comm/v1: the field-gateway ingest, device keys, and the device/report trees. */
export async function deviceDataService(fastify: FastifyInstance) {
  const app = typed(fastify);
  // Devices authenticate with their own key, not a user's token.
  app.post('/ingest', { schema: { body: ingestBody }, config: publicRoute('field gateways, with their device key') }, async (request) => {
    const key = request.headers[DEVICE_KEY_HEADER];
    const result = await app.telemetry.ingest(request.body, { key: typeof key === 'string' ? key : undefined });
    return ingestAnswer(result);
  });

  // The key is a credential: only users who may manage the device see it, and each look is logged.
  app.get(
    '/device/:deviceId/key',
    { schema: { params: z.object({ deviceId: idText }) }, config: guarded('ledger', 'device_update') },
    async (request) => {
      const session = sessionOf(request);
      const device = await requireDevice(app, session, request.params.deviceId);
      await app.eventLog.record({
        kind: 'device.key_viewed',
        ...actedBy(session),
        tenantId: device.tenantid,
        subject: `terminal:${device.id}`,
        payload: { deviceId: device.id, deviceCode: device.code },
      });
      return ok({ deviceId: device.id, code: device.code, header: 'X-Device-Key', key: app.telemetry.keys.keyOf(device.code) });
    },
  );

  app.get('/device/tree', { config: guarded('tree') }, async (request) =>
    ok(await buildTree(app, await visibleProjects(app, sessionOf(request)), true)),
  );
  app.get('/report/tree', { config: guarded('tree') }, async (request) =>
    ok(await buildTree(app, await visibleProjects(app, sessionOf(request)), false)),
  );
  app.get('/stations', { config: guarded('tree') }, async (request) =>
    ok(await stations(app, await visibleProjects(app, sessionOf(request)))),
  );
}
