import type { FastifyInstance } from 'fastify';
import { countRows } from '../store/count';
import { sql } from 'kysely';
import { messageLogBody } from '../../domain/telemetry';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { tx } from '../text/text';
import { formatTime, parseTime } from '../text/time';
import { timeZoneOf } from '../settings/effective';
import { visibleProjects } from '../access/scope';
import { alarmLevelOf, contentOf, logTypeName, toNotice } from '../alarms/noticeWording';
import { languageOf } from '../text/language';
import { deliveryLog } from '../notify/messageLog';
import { USER_MESSAGE_KINDS } from './hub';
import { signedIn } from '../access/signedIn';

/**
 * POST /messageServer/v1/log: the message centre, read from the event log (spec §3 message log filter,
 * notice mode 4), and the notifications sent by SMS, e-mail and webhook/robot (modes 1–3, issue 28).
 */
export async function messageLogService(app: FastifyInstance) {
  const route = signedIn(app);
  route.post('/log', { schema: { body: messageLogBody }, config: guarded('shell') }, async ({ session, body, request }) => {
    if (body.receiver !== session.userId && !session.isRoot) throw errors.DENIED();
    const zone = await timeZoneOf(app, session);
    const lang = languageOf(request);
    const start = parseTime(body.startTime, zone);
    const end = parseTime(body.endTime, zone);
    if (start === null) throw errors.BAD_REQUEST(tx('startTime 无法解析', 'startTime cannot be read'));
    if (end === null) throw errors.BAD_REQUEST(tx('endTime 无法解析', 'endTime cannot be read'));
    const page = body.page ?? { index: 0, limit: 100 };
    // Modes 1–3: the notifications sent by SMS, e-mail and webhook/robot (issue 28).
    if (body.noticeMode !== 4) {
      const { data, total } = await deliveryLog(app, session, {
        noticeMode: body.noticeMode,
        start,
        end,
        receiver: body.receiver,
        page,
        lang,
        zone,
      });
      return ok(data, { total });
    }
    const scope = await visibleProjects(app, session);
    // The project events the user may see, and the messages sent to this user (escalation, work orders).
    const mine = sql<boolean>`(kind in (${sql.join(USER_MESSAGE_KINDS)}) and subject = ${`user:${session.userId}`})`;
    let projectRows = sql<boolean>`"projectId" is not null`;
    if (scope !== 'all') {
      const ids = [...scope];
      projectRows = ids.length ? sql<boolean>`"projectId" in (${sql.join(ids)})` : sql<boolean>`1 = 0`;
    }
    const q = app.db
      .selectFrom('event_log')
      .where((eb) => eb.or([projectRows, mine]))
      .where('at', '>=', start)
      .where('at', '<', end);
    const total = await countRows(q);
    const rows = await q
      .selectAll()
      .orderBy('seq', 'desc')
      .limit(page.limit)
      .offset(page.index * page.limit)
      .execute();
    const data = rows.map((r) => {
      const notice = toNotice({ ...r, payload: JSON.parse(r.payload) as unknown });
      return {
        seq: r.seq,
        recordTime: formatTime(Number(r.at), zone),
        at: Number(r.at),
        logTypeName: logTypeName(notice.kind, notice.payload as Record<string, unknown>, lang),
        content: contentOf(notice, lang),
        // an alarm's level (raised or escalated), so the centre draws it in the alarm language; else null
        level: alarmLevelOf(notice.kind, notice.payload as Record<string, unknown>),
        description: notice.description,
      };
    });
    return ok(data, { total });
  });
}
