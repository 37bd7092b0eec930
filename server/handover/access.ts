import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { Session } from '../auth/access';
import { errors } from '../errors';
import { nounWithId, tx } from '../text/text';
import { mayseeProject, visibleProjects, type ProjectScope } from '../access/scope';
import type { ShiftHandoverTable } from '../store/handoverTables';
import '../store/handoverTables';

export type HandoverRow = Selectable<ShiftHandoverTable>;

const HANDOVER_NOUN = tx('交接班', 'Handover');

/** The projects a handover's summary covered, as stored (null: every project). */
const coveredProjects = (projectIds: string | null): number[] | null => (projectIds === null ? null : (JSON.parse(projectIds) as number[]));

/**
 * A session may see a handover of a tenant it may read whose summary covered only projects it sees:
 * the summary's counts never tell of projects outside its scope.
 */
export function mayseeHandover(session: Session, scope: ProjectScope, row: Pick<HandoverRow, 'tenantId' | 'projectIds'>): boolean {
  if (session.tenants !== 'all' && !session.tenants.includes(row.tenantId)) return false;
  const covered = coveredProjects(row.projectIds);
  return covered === null ? scope === 'all' : covered.every((p) => mayseeProject(scope, p));
}

/** PostgreSQL answers bigint columns as text: numbers everywhere else. */
export function normalize(row: HandoverRow): HandoverRow {
  return {
    ...row,
    shiftStart: Number(row.shiftStart),
    shiftEnd: Number(row.shiftEnd),
    handedAt: Number(row.handedAt),
    acceptedAt: row.acceptedAt === null ? null : Number(row.acceptedAt),
  };
}

/** The handover when the session may see it; otherwise 交接班 <id> 不存在, as for an id nobody used. */
export async function visibleHandover(app: FastifyInstance, session: Session, id: number): Promise<HandoverRow> {
  const row = await app.db.selectFrom('shift_handover').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !mayseeHandover(session, await visibleProjects(app, session), row)) throw errors.NOT_FOUND(nounWithId(HANDOVER_NOUN, id));
  return normalize(row);
}
