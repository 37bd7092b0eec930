import type { FastifyInstance } from 'fastify';
import { DELIVERY_STATUS_TEXT, type DeliveryDto } from '../../domain/schemas/notify';
import type { Session } from '../auth/access';
import type { Lang } from '../text/language';
import { alarmLevelOf, contentOf, logTypeName } from '../alarms/noticeWording';
import { formatTime } from '../text/time';
import { deliveryPage } from './deliveryQuery';
import { parseFacts } from './facts';
import { noticeOfFacts } from './templates';
import '../store/notifyTables';

/**
 * The message log's notice modes 1 短信, 2 邮件 and 3 webhook/机器人 (issue 28): the deliveries of
 * that mode a user may see, as message-log rows (what was sent, when, and how it went).
 */
export async function deliveryLog(
  app: FastifyInstance,
  session: Session,
  q: { noticeMode: number; start: number; end: number; receiver: number; page: { index: number; limit: number }; lang: Lang; zone: string },
) {
  const { rows, total } = await deliveryPage(
    app,
    session,
    q.page,
    { noticeMode: q.noticeMode, startTime: q.start, endTime: q.end, receiver: q.receiver },
    q.lang,
  );
  const facts = rows.length
    ? await app.db
        .selectFrom('notify_delivery')
        .select(['id', 'facts'])
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  const factsOf = new Map(facts.map((f) => [f.id, parseFacts(f.facts)]));
  const data = rows.map((d: DeliveryDto) => {
    const f = factsOf.get(d.id)!;
    const notice = noticeOfFacts(f);
    const p = f.payload;
    return {
      seq: d.eventSeq,
      recordTime: formatTime(d.createdAt, q.zone),
      at: d.createdAt,
      logTypeName: logTypeName(f.eventKind, p, q.lang),
      content: contentOf(notice, q.lang),
      level: alarmLevelOf(f.eventKind, p),
      description: notice.description,
      noticeMode: d.noticeMode,
      delivery: { ...d, statusText: DELIVERY_STATUS_TEXT[d.status][q.lang] },
    };
  });
  return { data, total };
}
