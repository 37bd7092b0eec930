import type { FastifyInstance } from 'fastify';
import { MAX_REPORT_SPAN_MS } from '../../domain/schemas/report';
import { figuresQuery, type FiguresQuery, type OrderFiguresDto } from '../../domain/schemas/orderFigures';
import { kpiQuery, type KpiDto } from '../../domain/schemas/workorder';
import type { Session } from '../auth/access';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { languageOf } from '../text/language';
import { guarded } from '../http/routeOptions';
import { NOUN, nounWithId, tx } from '../text/text';
import { timeZoneOf } from '../settings/effective';
import { formatTime, parseTime } from '../text/time';
import { mayseeProject, visibleProjects, type ProjectScope } from '../access/scope';
import { sendWorkbook } from '../http/xlsx';
import { orderFigures } from './figures';
import { figuresWorkbook } from './figuresXlsx';
import { kpi } from './kpi';
import { signedIn } from '../access/signedIn';

interface PeriodQuery {
  projectId?: number | undefined;
  start: string;
  end: string;
}

/** The period [start, end) in the project zone and the projects: the one given (when visible) or all visible. */
async function subjectOf(app: FastifyInstance, session: Session, q: PeriodQuery) {
  const zone = await timeZoneOf(app, session);
  const start = parseTime(q.start, zone);
  const end = parseTime(q.end, zone);
  if (start === null) throw errors.BAD_REQUEST(tx('start 无法解析', 'start cannot be read'));
  if (end === null) throw errors.BAD_REQUEST(tx('end 无法解析', 'end cannot be read'));
  if (end <= start) throw errors.BAD_REQUEST(tx('开始时间须早于结束时间', 'the start must be before the end'));
  const visible = await visibleProjects(app, session);
  if (q.projectId !== undefined && !mayseeProject(visible, q.projectId)) throw errors.NOT_FOUND(nounWithId(NOUN.project, q.projectId));
  const scope: ProjectScope = q.projectId !== undefined ? new Set([q.projectId]) : visible;
  return { zone, start, end, scope };
}

/**
 * The review figures under /workorder/v1 (issue 29 item 4, docs/workorders.md): the KPI in the
 * issue's shape, the full figures of the 处置统计 screen, and their xlsx export. Data area: events,
 * read with 事件浏览 like the event list; scoped to the projects the caller sees.
 */
export async function figureRoutes(app: FastifyInstance, opts: { now: () => number }) {
  const route = signedIn(app);
  const access = guarded('events', 'event_browser');

  route.get('/kpi', { schema: { querystring: kpiQuery }, config: access }, async ({ session, query }) => {
    const { start, end, scope } = await subjectOf(app, session, query);
    return ok<KpiDto>(await kpi(app.db, scope, start, end, opts.now()));
  });

  const figuresOf = async (session: Session, q: FiguresQuery) => {
    const subject = await subjectOf(app, session, q);
    if (subject.end - subject.start > MAX_REPORT_SPAN_MS)
      throw errors.BAD_REQUEST(tx('统计周期最长一年', 'a period covers a year at most'));
    const figures = await orderFigures(app.db, subject.scope, subject.start, subject.end, opts.now(), {
      zone: subject.zone,
      repeatMin: q.repeatMin,
      operatorId: q.operatorId,
    });
    return { ...subject, figures };
  };

  route.get(
    '/figures',
    { schema: { querystring: figuresQuery, summary: '处置统计: the review figures of a period' }, config: access },
    async ({ session, query }) => ok<OrderFiguresDto>((await figuresOf(session, query)).figures),
  );

  route.get(
    '/figures/xlsx',
    { schema: { querystring: figuresQuery, summary: '处置统计 as an xlsx workbook (表格导出.xlsx)' }, config: access },
    async ({ session, query, request, reply }) => {
      const { figures, start, end, zone } = await figuresOf(session, query);
      const { projectId, operatorId } = query;
      const project =
        projectId === undefined
          ? undefined
          : await app.db.selectFrom('project').select('name').where('id', '=', projectId).executeTakeFirst();
      // the operator's name as the figures know it (a user of the projects seen), never looked up by a bare id
      const operator =
        operatorId === undefined ? null : (figures.byOperator.find((o) => o.userId === operatorId)?.userName ?? String(operatorId));
      const subject = { period: `${formatTime(start, zone)} ~ ${formatTime(end, zone)}`, project: project?.name ?? null, operator };
      return sendWorkbook(reply, await figuresWorkbook(figures, subject, languageOf(request)));
    },
  );
}
