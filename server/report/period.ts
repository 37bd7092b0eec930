import type { FastifyInstance } from 'fastify';
import type { Session } from '../auth/access';
import { errors } from '../errors';
import type { z } from 'zod';
import { tx } from '../text/text';
import { parseTime } from '../text/time';
import { timeZoneOf } from '../settings/effective';
import { wallTime, zoned } from '../../domain/timeZone';
import { resolveScope, type ResolvedScope } from '../monitor/scope';
import { MAX_REPORT_SPAN_MS, type reportQuery } from '../../domain/schemas/report';

/** A report's subject: the node's projects the caller may see, and a half-open period [start, end). */
export interface ReportRequest {
  scope: ResolvedScope;
  start: number;
  end: number;
  /** the period before, for the comparisons of the conclusion */
  previous: { start: number; end: number };
  /** the project time zone: text times, calendar months, the hour chart */
  zone: string;
}

/**
 * Parses the query every report route takes and resolves its scope. The scope check is the monitor's:
 * another tenant's project is refused, a shared place answers with the caller's own projects.
 */
export async function reportRequest(
  app: FastifyInstance,
  session: Session,
  q: z.output<typeof reportQuery>,
  now = Date.now(),
): Promise<ReportRequest> {
  const zone = await timeZoneOf(app, session);
  const start = parseTime(q.startTime, zone);
  const end = parseTime(q.endTime, zone);
  const timeMsg = (f: string) => tx(`${f} 须为毫秒时间戳或 YYYY-MM-DD HH:mm:ss`, `${f} must be a timestamp in ms or YYYY-MM-DD HH:mm:ss`);
  if (start === null) throw errors.BAD_REQUEST(timeMsg('startTime'));
  if (end === null) throw errors.BAD_REQUEST(timeMsg('endTime'));
  if (end <= start) throw errors.BAD_REQUEST(tx('endTime 须晚于 startTime', 'endTime must be after startTime'));
  if (end - start > MAX_REPORT_SPAN_MS) throw errors.BAD_REQUEST(tx('报告周期最长一年', 'a report covers a year at most'));
  if (start > now) throw errors.BAD_REQUEST(tx('报告周期不能在未来', 'a report period cannot be in the future'));
  const scope = await resolveScope(app, session, q.modelLabel, q.id);
  return { scope, start, end, previous: previousPeriod(start, end, zone), zone };
}

/**
 * The period just before: a whole calendar month (the default selection) compares with the month
 * before, whatever its length; any other range with the same span right before it.
 */
function previousPeriod(start: number, end: number, zone: string): { start: number; end: number } {
  const s = zoned(start, zone);
  const wholeMonth =
    s.getDate() === 1 &&
    s.getHours() === 0 &&
    s.getMinutes() === 0 &&
    s.getSeconds() === 0 &&
    s.getMilliseconds() === 0 &&
    wallTime(zone, s.getFullYear(), s.getMonth() + 1) === end;
  if (wholeMonth) return { start: wallTime(zone, s.getFullYear(), s.getMonth() - 1), end: start };
  return { start: start - (end - start), end: start };
}
