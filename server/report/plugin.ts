import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { requirePermission, type Session } from '../auth/access';
import { affirmReport, affirmStatus } from './affirm';
import { REPORT_EXCEL_NAME, reportWorkbook } from './excel';
import { reportFigures } from './figures';
import { reportHtml } from './html';
import { renderPdf } from './pdf';
import { reportRequest } from './period';
import { projectedCrossings } from '../earlyWarning/crossings';
import { reportQuery, type ReportFigures } from '../../domain/schemas/report';
import { signedIn } from '../access/signedIn';

const SECTIONS = [
  'overview',
  'nodeDistribute',
  'timeDistribute',
  'typeDistribute',
  'disposal',
  'conclusion',
  'projectedCrossings',
] as const satisfies readonly (keyof ReportFigures)[];
const PDF_NAME = '智慧安全用电运行评估报告.pdf';

const attachment = (reply: FastifyReply, type: string, name: string, ascii: string) =>
  reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`);

/**
 * Analysis reports (spec §7 "Monitoring and reports", §9). Every route takes id, name, modelLabel,
 * startTime, endTime in the query and covers only the node's projects the caller may see. Reading
 * needs report_browser; the printable, Excel and PDF forms need report_download too; confirming the
 * period's report needs report_verify.
 */
export async function reportService(app: FastifyInstance) {
  const route = signedIn(app);
  type Query = z.output<typeof reportQuery>;
  const figuresFor = async (session: Session, query: Query) => {
    const req = await reportRequest(app, session, query);
    const figures: ReportFigures = {
      ...(await reportFigures(app.db, req)),
      projectedCrossings: await projectedCrossings(app, req.scope.projects),
    };
    return { req, figures };
  };
  const read = { schema: { querystring: reportQuery }, config: guarded('reports', 'report_browser') };
  // The printable, Excel and PDF forms need report_download on top of report_browser.
  const download = { schema: { querystring: reportQuery }, config: guarded('reports', 'report_download') };
  const downloadOf = async (session: Session, query: Query) => {
    requirePermission(session, 'report_browser');
    return figuresFor(session, query);
  };

  for (const section of SECTIONS) {
    route.get(`/${section}`, read, async ({ session, query }) => ok((await figuresFor(session, query)).figures[section]));
  }

  route.get('/report/affirmStatus', read, async ({ session, query }) => {
    return ok(await affirmStatus(app, await reportRequest(app, session, query)));
  });

  // The same query as the reads, in the body, so the confirmation names exactly the report shown.
  route.post(
    '/report/affirm',
    { schema: { body: reportQuery }, config: guarded('reports', 'report_verify') },
    async ({ session, body }) => {
      requirePermission(session, 'report_browser');
      return ok(await affirmReport(app, session, await reportRequest(app, session, body)), { msg: '报告已确认' });
    },
  );

  route.get('/report/html', download, async ({ session, query, reply }) => {
    const { req, figures } = await downloadOf(session, query);
    return reply.header('content-type', 'text/html; charset=utf-8').send(reportHtml(figures, await affirmStatus(app, req)));
  });

  route.get('/report/excel', download, async ({ session, query, reply }) => {
    const { figures } = await downloadOf(session, query);
    return attachment(reply, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', REPORT_EXCEL_NAME, 'export.xlsx').send(
      await reportWorkbook(figures),
    );
  });

  route.get('/report/pdf', download, async ({ session, query, reply }) => {
    const { req, figures } = await downloadOf(session, query);
    const pdf = await renderPdf(reportHtml(figures, await affirmStatus(app, req)));
    return attachment(reply, 'application/pdf', PDF_NAME, 'report.pdf').send(pdf);
  });
}
