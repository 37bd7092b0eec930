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
import { sessionOf } from '../auth/session';
import { ok } from '../http/envelope';
import { guarded, typed } from '../http/routeOptions';
import { idParams } from '../http/wire';
import { acceptHandover, handOver, handoverDetail, handoverDraft, listHandovers } from './service';

/**
 * Shift handover (交接班, issue 29) under /workorder/v1/handover, data area events: the draft (the
 * shift to hand over now and its summary), 交班 with a note, 接班, the list and one handover with its
 * stored summary (the printed sheet). Writing needs 交接班 (shift_handover). docs/workorders.md.
 */
export function handoverRoutes(now: () => number) {
  return async function handover(scoped: FastifyInstance) {
    const app = typed(scoped);
    const reading = guarded('events', 'event_browser shift_handover');

    app.get('/draft', { config: guarded('events', 'shift_handover') }, async (request) =>
      ok<HandoverDraftDto>(await handoverDraft(app, sessionOf(request), now())),
    );

    app.post('', { schema: { body: handoverCreateBody }, config: guarded('events', 'shift_handover') }, async (request) => {
      const id = await handOver(app, sessionOf(request), request.body, now());
      return ok({ id }, { msg: '交班成功' });
    });

    app.post('/list', { schema: { body: handoverListBody }, config: reading }, async (request) => {
      const { rows, total } = await listHandovers(app, sessionOf(request), request.body);
      return ok<HandoverRowDto[]>(rows, { total });
    });

    app.get('/:id', { schema: { params: idParams }, config: reading }, async (request) =>
      ok<HandoverDetailDto>(await handoverDetail(app, sessionOf(request), request.params.id)),
    );

    app.post(
      '/:id/accept',
      { schema: { params: idParams, body: handoverAcceptBody }, config: guarded('events', 'shift_handover') },
      async (request) => {
        await acceptHandover(app, sessionOf(request), request.params.id, request.body, now());
        return ok({ id: request.params.id, status: HANDOVER_STATUS.ACCEPTED }, { msg: '接班成功' });
      },
    );
  };
}
