import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { LEDGER_PERMISSION_GROUP, type LedgerLabel } from '../../domain/schemas/ledger';
import type { Database } from '../store/schema';
import type { Session } from '../auth/access';
import { requirePermission } from '../auth/access';
import { errors } from '../errors';
import { tx } from '../text/text';
import { mayseeProject, visibleProjects, type ProjectScope } from '../access/scope';

export type Db = Kysely<Database> | Transaction<Database>;
export type Scope = ProjectScope;

export const LEVEL_TEXT: Record<LedgerLabel, string> = {
  province: '省',
  city: '市',
  district: '区县',
  project: '项目',
  enterprise: '企业',
  terminal: '设备',
};

const LEVEL_EN: Record<LedgerLabel, string> = {
  province: 'Province',
  city: 'City',
  district: 'District',
  project: 'Project',
  enterprise: 'Enterprise',
  terminal: 'Device',
};

/** "项目 12" / "Project 12" */
export const levelWithId = (label: LedgerLabel, id: number | string) => tx(`${LEVEL_TEXT[label]} ${id} `, `${LEVEL_EN[label]} ${id}`);

/** Throws 无操作权限! unless the session may do `action` on nodes of this level. */
export function requireLevel(session: Session, label: LedgerLabel, action: 'browser' | 'create' | 'update' | 'delete') {
  requirePermission(session, `${LEDGER_PERMISSION_GROUP[label]}_${action}`);
}

export const scopeOf = (app: FastifyInstance, session: Session): Promise<Scope> => visibleProjects(app, session);

/** The project a tenant-owned node belongs to (its own id for a project), or null for a region. */
function projectOfRow(label: LedgerLabel, row: Record<string, unknown>): number | null {
  if (label === 'project') return row.id as number;
  if (label === 'terminal' || label === 'enterprise') return row.projectid as number;
  return null;
}

/** A node the session may see, or a coded error (404 when missing, 4031 for another tenant's). */
export async function requireNode(db: Db, scope: Scope, label: LedgerLabel, id: number): Promise<Record<string, unknown>> {
  const row = (await db.selectFrom(label).selectAll().where('id', '=', id).executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) throw errors.NOT_FOUND(levelWithId(label, id));
  const projectId = projectOfRow(label, row);
  if (projectId !== null && !mayseeProject(scope, projectId)) throw errors.TENANT_DENIED();
  return row;
}

/** SQL-side filter values for "terminals the session may see": null means no filter. */
export function projectFilter(scope: Scope): number[] | null {
  return scope === 'all' ? null : scope.size ? [...scope] : [-1];
}
