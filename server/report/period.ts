import type { FastifyInstance } from 'fastify';
import type { Session } from '../auth/access';
import { errors } from '../errors';
import { parseOr400 } from '../http/validate';
import { parseTime } from '../telemetry/time';
import { resolveScope, type ResolvedScope } from '../monitor/scope';
import { MAX_REPORT_SPAN_MS, reportQuery } from '../../domain/schemas/report';

/** A report's subject: the node's projects the caller may see, and a half-open period [start, end). */
export interface ReportRequest {
  scope: ResolvedScope;
  start: number;
  end: number;
  /** the period before, for the comparisons of the conclusion */
  previous: { start: number; end: number };
}

/**
 * Parses the query every report route takes and resolves its scope. The scope check is the monitor's:
 * another tenant's project is refused, a shared place answers with the caller's own projects.
 */
export async function reportRequest(app: FastifyInstance, session: Session, query: unknown, now = Date.now()): Promise<ReportRequest> {
  const q = parseOr400(reportQuery, query ?? {});
  const start = parseTime(q.startTime);
  const end = parseTime(q.endTime);
  if (start === null) throw errors.BAD_REQUEST('startTime 须为毫秒时间戳或 YYYY-MM-DD HH:mm:ss');
  if (end === null) throw errors.BAD_REQUEST('endTime 须为毫秒时间戳或 YYYY-MM-DD HH:mm:ss');
  if (end <= start) throw errors.BAD_REQUEST('endTime 须晚于 startTime');
  if (end - start > MAX_REPORT_SPAN_MS) throw errors.BAD_REQUEST('报告周期最长一年');
  if (start > now) throw errors.BAD_REQUEST('报告周期不能在未来');
  const scope = await resolveScope(app, session, q.modelLabel, q.id);
  return { scope, start, end, previous: previousPeriod(start, end) };
}

/**
 * The period just before: a whole calendar month (the default selection) compares with the month
 * before, whatever its length; any other range with the same span right before it.
 */
export function previousPeriod(start: number, end: number): { start: number; end: number } {
  const s = new Date(start);
  const wholeMonth =
    s.getDate() === 1 &&
    s.getHours() === 0 &&
    s.getMinutes() === 0 &&
    s.getSeconds() === 0 &&
    s.getMilliseconds() === 0 &&
    new Date(s.getFullYear(), s.getMonth() + 1, 1).getTime() === end;
  if (wholeMonth) return { start: new Date(s.getFullYear(), s.getMonth() - 1, 1).getTime(), end: start };
  return { start: start - (end - start), end: start };
}
