import type { FastifyInstance } from 'fastify';
import { operationLogFilter, operationLogListBody } from '../../domain/schemas/info';
import { oplogKindText, oplogSubjectText } from '../../domain/oplog';
import { z } from 'zod';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { orEmpty } from '../http/wire';
import { logQuery, toRow } from './query';
import { languageOf } from '../text/language';
import { timeZoneOf } from '../settings/effective';
import { formatTime } from '../text/time';
import { sendXlsx } from '../http/xlsx';
import { withSubjectNames } from './subjectNames';
import { signedIn } from '../access/signedIn';

const exportBody = z.object({ filter: operationLogFilter.default({}) });

/** Rows one export may hold; beyond that the caller narrows the time range. */
const EXPORT_MAX_ROWS = 50_000;

const brief = (v: unknown) => (v === undefined ? '' : JSON.stringify(v).slice(0, 30_000));

/**
 * Operation log under /wisdompower/v1 (names invented, see docs/api-information.md): every write of
 * the system, read from the domain event log, newest first. Spec §6 names no operation permission for
 * the log, so the page permission wp_operate_log guards it.
 */
export async function operationLogService(app: FastifyInstance) {
  const route = signedIn(app);
  const access = guarded('oplog', 'wp_operate_log');
  route.post(
    '/operationlog/list',
    { schema: { body: orEmpty(operationLogListBody) }, config: access },
    async ({ session, body, request }) => {
      const q = logQuery(app.db, session, body.filter);
      const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await q
        .selectAll()
        .orderBy('seq', 'desc')
        .limit(body.page.limit)
        .offset(body.page.index * body.page.limit)
        .execute();
      const named = await withSubjectNames(app.db, rows.map(toRow), languageOf(request), await timeZoneOf(app, session));
      return ok(named, { total: Number(total) });
    },
  );

  route.post(
    '/operationlog/export',
    { schema: { body: orEmpty(exportBody) }, config: access },
    async ({ session, body, request, reply }) => {
      const filter = body.filter;
      const lang = languageOf(request);
      const zone = await timeZoneOf(app, session);
      const stored = await logQuery(app.db, session, filter).selectAll().orderBy('seq', 'desc').limit(EXPORT_MAX_ROWS).execute();
      const rows = await withSubjectNames(app.db, stored.map(toRow), lang, zone);
      const h = (zh: string, en: string) => (lang === 'en' ? en : zh);
      return sendXlsx(
        reply,
        h('操作日志', 'Operation log'),
        [
          { header: h('序号', 'No.'), key: 'seq', width: 10 },
          { header: h('时间', 'Time'), key: 'time', width: 22 },
          { header: h('用户', 'User'), key: 'actorName' },
          { header: h('操作', 'Action'), key: 'kindText' },
          { header: h('对象', 'Subject'), key: 'subject', width: 26 },
          { header: h('修改前', 'Before'), key: 'before', width: 60 },
          { header: h('修改后', 'After'), key: 'after', width: 60 },
        ],
        rows.map((r) => ({
          seq: r.seq,
          time: formatTime(r.at, zone),
          actorName: r.actorName ?? '--',
          kindText: oplogKindText(r.kind, lang),
          subject: oplogSubjectText(r.subject, lang, r.subjectName),
          before: brief(r.payload.before),
          after: brief(r.payload.after),
        })),
      );
    },
  );
}
