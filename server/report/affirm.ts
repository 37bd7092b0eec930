import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import type { Session } from '../auth/access';
import { errors } from '../errors';
import { tx } from '../text/text';
import { transact } from '../eventLog/transact';
import { formatTime } from '../text/time';
import type { AffirmStatus } from '../../domain/schemas/report';
import type { ReportRequest } from './period';
import { actedBy } from '../eventLog/eventLog';

/** The report's identity: node, the projects it covered for this caller, and the period. */
function keyOf(req: ReportRequest) {
  return {
    modelLabel: req.scope.modelLabel,
    nodeId: req.scope.id,
    projectKey: req.scope.projects
      .map((p) => p.id)
      .sort((a, b) => a - b)
      .join(','),
    startTime: req.start,
    endTime: req.end,
  };
}

/** The confirmation of the report `k` names, if there is one. */
function affirmationOf(db: Kysely<Database>, k: ReturnType<typeof keyOf>) {
  return db
    .selectFrom('report_affirm')
    .where('modelLabel', '=', k.modelLabel)
    .where('nodeId', '=', k.nodeId)
    .where('projectKey', '=', k.projectKey)
    .where('startTime', '=', k.startTime)
    .where('endTime', '=', k.endTime);
}

export async function affirmStatus(app: FastifyInstance, req: ReportRequest): Promise<AffirmStatus> {
  const row = await affirmationOf(app.db, keyOf(req)).select(['userId', 'operator', 'affirmedAt']).executeTakeFirst();
  return row
    ? { affirmed: true, operator: row.operator, userId: row.userId, affirmTime: Number(row.affirmedAt) }
    : { affirmed: false, operator: null, userId: null, affirmTime: null };
}

/**
 * Confirms the report once; who and when come from the session and the server clock. A second
 * confirmation is refused so the first confirmer stays on record.
 */
export async function affirmReport(app: FastifyInstance, session: Session, req: ReportRequest): Promise<AffirmStatus> {
  const k = keyOf(req);
  const now = Date.now();
  await transact(app, async (trx, emit) => {
    const existing = await affirmationOf(trx, k).select(['operator', 'affirmedAt']).executeTakeFirst();
    if (existing)
      throw errors.CONFLICT(
        tx(
          `该期报告已由 ${existing.operator} 于 ${formatTime(Number(existing.affirmedAt), req.zone)} 确认`,
          `${existing.operator} confirmed this period's report at ${formatTime(Number(existing.affirmedAt), req.zone)}`,
        ),
      );
    await trx
      .insertInto('report_affirm')
      .values({ ...k, userId: session.userId, operator: session.userName, affirmedAt: now })
      .execute();
    const single = req.scope.projects.length === 1 ? req.scope.projects[0]! : undefined;
    emit({
      kind: 'report.affirmed',
      ...actedBy(session),
      tenantId: single?.tenantId ?? null,
      projectId: single?.id ?? null,
      subject: `report:${k.modelLabel}:${k.nodeId}:${k.startTime}-${k.endTime}`,
      payload: { ...k, name: req.scope.name, operator: session.userName, affirmTime: now },
    });
  });
  return { affirmed: true, operator: session.userName, userId: session.userId, affirmTime: now };
}
