import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ingestBatchSchema } from '../../domain/telemetry';
import { ok } from '../http/envelope';
import { guarded, publicRoute, typed } from '../http/routeOptions';
import { idText } from '../http/wire';
import { requireDevice, visibleProjects } from '../access/scope';
import { buildTree, stations } from './tree';
import { ingestAnswer } from '../telemetry/answer';
import { actedBy } from '../eventLog/eventLog';
import { signedIn } from '../access/signedIn';

const DEVICE_KEY_HEADER = 'x-device-key';

/**
 * The batch as the route declares it: its shape is checked here, each reading one by one in the
 * telemetry core so a bad reading does not sink the good ones of its batch.
 */
const ingestBody = ingestBatchSchema.extend({ values: z.array(z.unknown()).max(10_000).default([]) });

/** /devicedata/api/comm/v1: the field-gateway ingest, device keys, and the device/report trees. */
export async function deviceDataService(fastify: FastifyInstance) {
  const app = typed(fastify);
  const route = signedIn(app);
  // Devices authenticate with their own key, not a user's token.
  app.post('/ingest', { schema: { body: ingestBody }, config: publicRoute('field gateways, with their device key') }, async (request) => {
    const key = request.headers[DEVICE_KEY_HEADER];
    const result = await app.telemetry.ingest(request.body, { key: typeof key === 'string' ? key : undefined });
    return ingestAnswer(result);
  });

  // The key is a credential: only users who may manage the device see it, and each look is logged.
  route.get(
    '/device/:deviceId/key',
    { schema: { params: z.object({ deviceId: idText }) }, config: guarded('ledger', 'device_update') },
    async ({ session, params }) => {
      const device = await requireDevice(app, session, params.deviceId);
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

  route.get('/device/tree', { config: guarded('tree') }, async ({ session }) =>
    ok(await buildTree(app, await visibleProjects(app, session), true)),
  );
  route.get('/report/tree', { config: guarded('tree') }, async ({ session }) =>
    ok(await buildTree(app, await visibleProjects(app, session), false)),
  );
  route.get('/stations', { config: guarded('tree') }, async ({ session }) => ok(await stations(app, await visibleProjects(app, session))));
}
