import type { FastifyInstance } from 'fastify';
import {
  HANDOVER_STATUS,
  type HandoverAcceptBody,
  type HandoverCreateBody,
  type HandoverDetailDto,
  type HandoverDraftDto,
  type HandoverListBody,
  type HandoverRowDto,
  type HandoverSummary,
} from '../../domain/schemas/handover';
import { shiftToHandOver } from '../../domain/shifts';
import { formatIn } from '../../domain/timeZone';
import type { Session } from '../auth/access';
import { errors } from '../errors';
import { transact } from '../eventLog/transact';
import { tx } from '../text/text';
import { effectiveSettings, timeZoneOf } from '../settings/effective';
import { visibleProjects } from '../access/scope';
import { mayseeHandover, normalize, visibleHandover, type HandoverRow } from './access';
import { shiftSummary } from './summary';
import { actedBy } from '../eventLog/eventLog';

/** The shift the session would hand over at `now` and what it leaves (not stored). */
export async function handoverDraft(app: FastifyInstance, session: Session, now: number): Promise<HandoverDraftDto> {
  const zone = await timeZoneOf(app, session);
  const { shifts } = await effectiveSettings(app.db, session.tenantId);
  const shift = shiftToHandOver(shifts, now, zone);
  return { shift, at: now, summary: await shiftSummary(app, await visibleProjects(app, session), shift, now) };
}

/**
 * 交班: the summary is generated again here (what the operator saw a moment ago may have moved) and
 * stored with the note. One handover per operator and shift occurrence.
 */
export async function handOver(app: FastifyInstance, session: Session, body: HandoverCreateBody, now: number): Promise<number> {
  const draft = await handoverDraft(app, session, now);
  const zone = await timeZoneOf(app, session);
  const scope = await visibleProjects(app, session);
  const { shift } = draft;
  const done = () => errors.HANDOVER_DONE(tx(`${shift.name}（${spanText(shift, zone)}）`, `${shift.name} (${spanText(shift, zone)})`));
  const already = await app.db
    .selectFrom('shift_handover')
    .select('id')
    .where('fromUserId', '=', session.userId)
    .where('shiftName', '=', shift.name)
    .where('shiftStart', '=', shift.start)
    .executeTakeFirst();
  if (already) throw done();
  return transact(app, async (trx, emit) => {
    const { id } = await trx
      .insertInto('shift_handover')
      .values({
        tenantId: session.tenantId,
        shiftName: shift.name,
        shiftStart: shift.start,
        shiftEnd: shift.end,
        fromUserId: session.userId,
        fromUserName: session.userName,
        note: body.note ?? null,
        projectIds: scope === 'all' ? null : JSON.stringify([...scope].sort((a, b) => a - b)),
        summary: JSON.stringify(draft.summary),
        handedAt: now,
        status: HANDOVER_STATUS.HANDED,
        toUserId: null,
        toUserName: null,
        acceptedAt: null,
        acceptNote: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    emit({
      ...actedBy(session),
      tenantId: session.tenantId,
      projectId: null,
      subject: `handover:${id}`,
      kind: 'handover.created',
      payload: {
        handoverId: id,
        before: null,
        after: { status: HANDOVER_STATUS.HANDED, shift, note: body.note ?? null, summary: counts(draft.summary) },
      },
    });
    return id;
  });
}

/** 接班: by another operator who may see the handover, once. */
export async function acceptHandover(
  app: FastifyInstance,
  session: Session,
  id: number,
  body: HandoverAcceptBody,
  now: number,
): Promise<void> {
  const row = await visibleHandover(app, session, id);
  if (row.fromUserId === session.userId) throw errors.HANDOVER_SELF();
  if (row.status !== HANDOVER_STATUS.HANDED) throw errors.HANDOVER_ACCEPTED(id, row.toUserName ?? '');
  await transact(app, async (trx, emit) => {
    const change = {
      status: HANDOVER_STATUS.ACCEPTED,
      toUserId: session.userId,
      toUserName: session.userName,
      acceptedAt: now,
      acceptNote: body.note ?? null,
    };
    const r = await trx
      .updateTable('shift_handover')
      .set(change)
      .where('id', '=', id)
      .where('status', '=', HANDOVER_STATUS.HANDED)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) {
      const winner = await trx.selectFrom('shift_handover').select('toUserName').where('id', '=', id).executeTakeFirst();
      throw errors.HANDOVER_ACCEPTED(id, winner?.toUserName ?? '');
    }
    emit({
      ...actedBy(session),
      tenantId: row.tenantId,
      projectId: null,
      subject: `handover:${id}`,
      kind: 'handover.accepted',
      payload: { handoverId: id, before: { status: row.status }, after: change },
    });
  });
}

/** Handovers the session may see, newest first, with the total. */
export async function listHandovers(
  app: FastifyInstance,
  session: Session,
  body: HandoverListBody,
): Promise<{ rows: HandoverRowDto[]; total: number }> {
  const scope = await visibleProjects(app, session);
  let q = app.db.selectFrom('shift_handover').select(['id', 'tenantId', 'projectIds']);
  if (session.tenants !== 'all') q = q.where('tenantId', 'in', session.tenants.length ? session.tenants : [-1]);
  if (body.filter.status) q = q.where('status', '=', body.filter.status);
  // the project-scope check is per row (a JSON list): a tenant writes two or three a day
  const ids = (await q.orderBy('id', 'desc').execute()).filter((r) => mayseeHandover(session, scope, r)).map((r) => r.id);
  const page = ids.slice(body.page.index * body.page.limit, (body.page.index + 1) * body.page.limit);
  if (!page.length) return { rows: [], total: ids.length };
  const rows = await app.db.selectFrom('shift_handover').selectAll().where('id', 'in', page).orderBy('id', 'desc').execute();
  return { rows: rows.map((r) => rowDto(normalize(r))), total: ids.length };
}

export async function handoverDetail(app: FastifyInstance, session: Session, id: number): Promise<HandoverDetailDto> {
  const row = await visibleHandover(app, session, id);
  return { ...rowDto(row), summary: JSON.parse(row.summary) as HandoverSummary };
}

function rowDto(r: HandoverRow): HandoverRowDto {
  return {
    id: r.id,
    status: r.status,
    shift: { name: r.shiftName, start: r.shiftStart, end: r.shiftEnd },
    fromUserId: r.fromUserId,
    fromUserName: r.fromUserName,
    handedAt: r.handedAt,
    note: r.note,
    toUserId: r.toUserId,
    toUserName: r.toUserName,
    acceptedAt: r.acceptedAt,
    acceptNote: r.acceptNote,
  };
}

const spanText = (s: { start: number; end: number }, zone: string) =>
  `${formatIn(s.start, 'yyyy-MM-dd HH:mm', zone)}–${formatIn(s.end, 'HH:mm', zone)}`;

/** The figures of a summary, for the operation log (its lists stay with the handover). */
const counts = (s: HandoverSummary) => ({
  alarms: s.alarms,
  unconfirmed: s.unconfirmed,
  ordersOpen: s.ordersOpen,
  ordersOverdue: s.ordersOverdue,
  devicesOffline: s.devicesOffline,
});
