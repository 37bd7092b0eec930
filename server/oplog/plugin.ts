import type { FastifyInstance } from 'fastify';
import { operationLogFilter, operationLogListBody } from '../../domain/schemas/info';
import { oplogKindText } from '../../domain/oplog';
import { z } from 'zod';
import { ok } from '../http/envelope';
import { guarded, typed } from '../http/routeOptions';
import { orEmpty } from '../http/wire';
import { sessionOf } from '../auth/session';
import { logQuery, toRow } from './query';
import { sendXlsx } from './xlsx';

const exportBody = z.object({ filter: operationLogFilter.default({}) });

/** Rows one export may hold; beyond that the caller narrows the time range. */
export const EXPORT_MAX_ROWS = 50_000;

/** Local time as YYYY-MM-DD HH:mm:ss (date-fns is a browser-only dependency here). */
function formatTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

const brief = (v: unknown) => (v === undefined ? '' : JSON.stringify(v).slice(0, 30_000));

/**
 * Operation log under /wisdompower/v1 (names invented, see docs/api-information.md): every write of
 * the system, read from the domain event log, newest first. Spec §6 names no operation permission for
 * the log, so the page permission wp_operate_log guards it.
 */
export async function operationLogService(fastify: FastifyInstance) {
  const app = typed(fastify);
  const access = guarded('oplog', 'wp_operate_log');
  app.post('/operationlog/list', { schema: { body: orEmpty(operationLogListBody) }, config: access }, async (request) => {
    const session = sessionOf(request);
    const body = request.body;
    const q = logQuery(app.db, session, body.filter);
    const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await q
      .selectAll()
      .orderBy('seq', 'desc')
      .limit(body.page.limit)
      .offset(body.page.index * body.page.limit)
      .execute();
    return ok(rows.map(toRow), { total: Number(total) });
  });

  app.post('/operationlog/export', { schema: { body: orEmpty(exportBody) }, config: access }, async (request, reply) => {
    const session = sessionOf(request);
    const filter = request.body.filter;
    const rows = (await logQuery(app.db, session, filter).selectAll().orderBy('seq', 'desc').limit(EXPORT_MAX_ROWS).execute()).map(toRow);
    return sendXlsx(
      reply,
      '操作日志',
      [
        { header: '序号', key: 'seq', width: 10 },
        { header: '时间', key: 'time', width: 22 },
        { header: '用户', key: 'actorName' },
        { header: '操作', key: 'kindText' },
        { header: '对象', key: 'subject', width: 26 },
        { header: '修改前', key: 'before', width: 60 },
        { header: '修改后', key: 'after', width: 60 },
      ],
      rows.map((r) => ({
        seq: r.seq,
        time: formatTime(r.at),
        actorName: r.actorName ?? '--',
        kindText: oplogKindText(r.kind),
        subject: r.subject ?? '',
        before: brief(r.payload.before),
        after: brief(r.payload.after),
      })),
    );
  });
}
