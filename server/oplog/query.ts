import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../store/schema';
import type { operationLogFilter, OperationLogRow } from '../../domain/schemas/info';
import type { Session } from '../auth/access';
import { containsText, startsWithText } from '../store/dialect';

export type OperationLogFilter = z.infer<typeof operationLogFilter>;

/**
 * The operation log is a view of the domain event log: filtered by time, acting user and kind, and
 * scoped so a project or service user sees only entries of its tenants (entries without a tenant,
 * such as system jobs, only platform-side users see).
 */
export function logQuery(db: Kysely<Database>, session: Session, f: OperationLogFilter) {
  let q = db.selectFrom('event_log');
  // A service user sees the entries of the projects it serves; a project user its tenant's.
  if (session.tenants !== 'all' && session.servedProjectIds.length) q = q.where('projectId', 'in', session.servedProjectIds);
  else if (session.tenants !== 'all') q = q.where('tenantId', 'in', session.tenants.length ? session.tenants : [-1]);
  if (f.startTime !== undefined) q = q.where('at', '>=', f.startTime);
  if (f.endTime !== undefined) q = q.where('at', '<', f.endTime);
  if (f.userName) q = q.where((eb) => containsText(eb.ref('actorName'), f.userName!));
  if (f.kind) q = f.kind.includes('.') ? q.where('kind', '=', f.kind) : q.where((eb) => startsWithText(eb.ref('kind'), `${f.kind}.`));
  return q;
}

/** An event log row as the operation log answers it: the payload parsed. */
export function toRow(r: Selectable<Database['event_log']>): Omit<OperationLogRow, 'subjectName'> {
  let payload: OperationLogRow['payload'] = {};
  try {
    const v: unknown = JSON.parse(r.payload);
    if (v && typeof v === 'object' && !Array.isArray(v)) payload = v as OperationLogRow['payload'];
  } catch {
    // a malformed payload is shown as empty rather than failing the whole page
  }
  return { ...r, seq: Number(r.seq), at: Number(r.at), payload };
}
