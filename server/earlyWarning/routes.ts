import type { FastifyInstance } from 'fastify';
import { earlyWarningEvidenceQuery, type EarlyWarningEvidenceDto } from '../../domain/earlyWarning';
import { ok } from '../http/envelope';
import { guarded, typed } from '../http/routeOptions';
import { sessionOf } from '../auth/session';
import { requireDevice } from '../access/scope';
import { measure } from '../history/history';

/** GET earlyWarning/evidence: the hourly series, its normal band and its fitted drift, for the evidence chart. */
export async function earlyWarningRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  app.get(
    '/earlyWarning/evidence',
    { schema: { querystring: earlyWarningEvidenceQuery }, config: guarded('history', 'historydata_browser') },
    async (request) => {
      const device = await requireDevice(app, sessionOf(request), request.query.deviceId);
      return ok<EarlyWarningEvidenceDto>(await app.earlyWarning.evidence(device, measure(request.query.dataId)));
    },
  );
}
