import type { FastifyInstance } from 'fastify';
import type { ChannelKind, DeliveryDto, DeliveryKind, DeliveryListRequest, DeliveryStatus } from '../../domain/schemas/notify';
import type { Session } from '../auth/access';
import type { Lang } from '../text/language';
import { isText } from '../text/text';
import { projectIdsFilter, visibleProjects } from '../access/scope';
import '../store/notifyTables';
import { countRows } from '../store/count';

/** A stored last error ({zh, en} JSON) in the answer language. */
function errorIn(stored: string | null, lang: Lang): string | null {
  if (stored === null) return null;
  try {
    const text: unknown = JSON.parse(stored);
    return isText(text) ? text[lang] : stored;
  } catch {
    return stored;
  }
}

export interface DeliveryFilter {
  eventId?: number | undefined;
  status?: DeliveryStatus | undefined;
  channelId?: number | undefined;
  userId?: number | undefined;
  projectId?: number | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
  noticeMode?: number | undefined;
  /** a user's message log: the deliveries sent to it and those to channels (no user) */
  receiver?: number | undefined;
}

/**
 * A page of deliveries the session may see (its tenants' channels, its visible projects), newest first:
 * the 通知记录 screen, an event's detail and the message log's notice modes 1–3.
 */
export async function deliveryPage(
  app: FastifyInstance,
  session: Session,
  page: DeliveryListRequest['page'],
  filter: DeliveryFilter,
  lang: Lang,
): Promise<{ rows: DeliveryDto[]; total: number }> {
  const projects = projectIdsFilter(await visibleProjects(app, session));
  let q = app.db.selectFrom('notify_delivery as d');
  if (session.tenants !== 'all') q = q.where('d.tenantId', 'in', session.tenants.length ? session.tenants : [-1]);
  if (projects) q = q.where((eb) => eb.or([eb('d.projectId', 'in', projects), eb('d.projectId', 'is', null)]));
  if (filter.eventId !== undefined) q = q.where('d.eventId', '=', filter.eventId);
  if (filter.status) q = q.where('d.status', '=', filter.status);
  if (filter.channelId !== undefined) q = q.where('d.channelId', '=', filter.channelId);
  if (filter.userId !== undefined) q = q.where('d.userId', '=', filter.userId);
  if (filter.projectId !== undefined) q = q.where('d.projectId', '=', filter.projectId);
  if (filter.startTime !== undefined) q = q.where('d.createdAt', '>=', filter.startTime);
  if (filter.endTime !== undefined) q = q.where('d.createdAt', '<', filter.endTime);
  if (filter.noticeMode !== undefined) q = q.where('d.noticeMode', '=', filter.noticeMode);
  const receiver = filter.receiver;
  if (receiver !== undefined) q = q.where((eb) => eb.or([eb('d.userId', '=', receiver), eb('d.userId', 'is', null)]));
  const total = await countRows(q);
  const rows = await q
    .leftJoin('notify_channel as c', 'c.id', 'd.channelId')
    .leftJoin('app_user as u', 'u.id', 'd.userId')
    .selectAll('d')
    .select(['c.name as channelName', 'c.kind as channelKind', 'u.name as userName'])
    .orderBy('d.createdAt', 'desc')
    .orderBy('d.id')
    .limit(page.limit)
    .offset(page.index * page.limit)
    .execute();
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      eventId: r.eventId,
      eventSeq: r.eventSeq === null ? null : Number(r.eventSeq),
      kind: r.kind as DeliveryKind,
      ruleId: r.ruleId,
      channelId: r.channelId,
      channelName: r.channelName,
      channelKind: r.channelKind as ChannelKind | null,
      userId: r.userId,
      userName: r.userName,
      recipient: r.recipient,
      projectId: r.projectId,
      level: r.level,
      status: r.status as DeliveryStatus,
      attempts: r.attempts,
      lastError: errorIn(r.lastError, lang),
      createdAt: Number(r.createdAt),
      sentAt: r.sentAt === null ? null : Number(r.sentAt),
      nextAttemptAt: r.nextAttemptAt === null ? null : Number(r.nextAttemptAt),
      mergedInto: r.mergedInto,
      noticeMode: r.noticeMode,
    })),
  };
}
