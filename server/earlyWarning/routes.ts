import type { FastifyInstance } from 'fastify';
import { earlyWarningEvidenceQuery, type EarlyWarningEvidenceDto } from '../../domain/earlyWarning';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { requireDevice } from '../access/scope';
import { measure } from '../history/history';
import { signedIn } from '../access/signedIn';

/** GET earlyWarning/evidence: the hourly series, its normal band and its fitted drift, for the evidence chart. */
export async function earlyWarningRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.get(
    '/earlyWarning/evidence',
    { schema: { querystring: earlyWarningEvidenceQuery }, config: guarded('history', 'historydata_browser') },
    async ({ session, query }) => {
      const device = await requireDevice(app, session, query.deviceId);
      return ok<EarlyWarningEvidenceDto>(await app.earlyWarning.evidence(device, measure(query.dataId)));
    },
  );
}
