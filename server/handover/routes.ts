import type { FastifyInstance } from 'fastify';
import {
  handoverAcceptBody,
  handoverCreateBody,
  handoverListBody,
  HANDOVER_STATUS,
  type HandoverDetailDto,
  type HandoverDraftDto,
  type HandoverRowDto,
} from '../../domain/schemas/handover';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { idParams } from '../http/wire';
import { acceptHandover, handOver, handoverDetail, handoverDraft, listHandovers } from './service';
import { signedIn } from '../access/signedIn';

/**
 * Shift handover (交接班, issue 29) under /workorder/v1/handover, data area events: the draft (the
 * shift to hand over now and its summary), 交班 with a note, 接班, the list and one handover with its
 * stored summary (the printed sheet). Writing needs 交接班 (shift_handover). docs/workorders.md.
 */
export function handoverRoutes(now: () => number) {
  return async function handover(app: FastifyInstance) {
    const route = signedIn(app);
    const reading = guarded('events', 'event_browser shift_handover');

    route.get('/draft', { config: guarded('events', 'shift_handover') }, async ({ session }) =>
      ok<HandoverDraftDto>(await handoverDraft(app, session, now())),
    );

    route.post('', { schema: { body: handoverCreateBody }, config: guarded('events', 'shift_handover') }, async ({ session, body }) => {
      const id = await handOver(app, session, body, now());
      return ok({ id }, { msg: '交班成功' });
    });

    route.post('/list', { schema: { body: handoverListBody }, config: reading }, async ({ session, body }) => {
      const { rows, total } = await listHandovers(app, session, body);
      return ok<HandoverRowDto[]>(rows, { total });
    });

    route.get('/:id', { schema: { params: idParams }, config: reading }, async ({ session, params }) =>
      ok<HandoverDetailDto>(await handoverDetail(app, session, params.id)),
    );

    route.post(
      '/:id/accept',
      { schema: { params: idParams, body: handoverAcceptBody }, config: guarded('events', 'shift_handover') },
      async ({ session, body, params }) => {
        await acceptHandover(app, session, params.id, body, now());
        return ok({ id: params.id, status: HANDOVER_STATUS.ACCEPTED }, { msg: '接班成功' });
      },
    );
  };
}
