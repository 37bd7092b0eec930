import type { Kysely } from 'kysely';
import { isAllowed, permissionById } from '../../domain/permissions';
import { ROOT_USER_ID, USER_TYPE } from '../../domain/enums';
import { userTypeOf } from '../../domain/access';
import type { Database } from '../store/schema';
import { errors } from '../errors';
import type { Text } from '../text/text';

/** Who is calling, with what the permission and tenant checks need. */
export interface Session {
  userId: number;
  userName: string;
  tenantId: number;
  userType: number;
  isRoot: boolean;
  pageNodeIds: number[];
  authIds: number[];
  /** tenants whose data this user may read and change; 'all' for root and platform users */
  tenants: 'all' | number[];
  /** projects a service user serves (empty for others) */
  servedProjectIds: number[];
  permissionCheck: boolean;
}

export function parseIdArray(text: string | null | undefined): number[] {
  try {
    const v: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(v) ? v.map(Number).filter((n) => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}

/** The ids of the projects a service user serves (its project links), in the store's order. */
export async function servedProjectsOf(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_model_node')
    .select('nodeId')
    .where('userId', '=', userId)
    .where('modelLabel', '=', 'project')
    .execute();
  return rows.map((r) => r.nodeId);
}

export async function loadSession(db: Kysely<Database>, userId: number, permissionCheck: boolean): Promise<Session | null> {
  const user = await db.selectFrom('app_user').selectAll().where('id', '=', userId).executeTakeFirst();
  // A disabled account has no session: its tokens stop working on every route and socket.
  if (!user || user.disabled) return null;
  const role = await db
    .selectFrom('user_role')
    .innerJoin('role', 'role.id', 'user_role.roleId')
    .select(['role.pageNodes', 'role.auths'])
    .where('user_role.userId', '=', userId)
    .orderBy('role.id')
    .executeTakeFirst();
  const isRoot = user.id === ROOT_USER_ID;
  const userType = userTypeOf(user);
  const servedProjectIds = await servedProjectsOf(db, userId);
  let tenants: Session['tenants'];
  if (isRoot || userType === USER_TYPE.PLATFORM) tenants = 'all';
  else if (userType === USER_TYPE.SERVICE) {
    const rows = servedProjectIds.length
      ? await db.selectFrom('project').select('tenantid').distinct().where('id', 'in', servedProjectIds).execute()
      : [];
    tenants = rows.map((r) => r.tenantid);
  } else tenants = [user.tenantId];
  return {
    userId: user.id,
    userName: user.name,
    tenantId: user.tenantId,
    userType,
    isRoot,
    pageNodeIds: parseIdArray(role?.pageNodes).filter((id) => permissionById(id)),
    authIds: parseIdArray(role?.auths).filter((id) => permissionById(id)),
    tenants,
    servedProjectIds,
    permissionCheck,
  };
}

export function can(session: Session, permission: string): boolean {
  return isAllowed(session, permission, session.permissionCheck);
}

/** Throws 无操作权限! unless the session holds one of the space-separated permissions. */
export function requirePermission(session: Session, permission: string): void {
  if (!can(session, permission)) throw errors.DENIED();
}

export function mayAccessTenant(session: Session, tenantId: number): boolean {
  return session.tenants === 'all' || session.tenants.includes(tenantId);
}

export function requireTenant(session: Session, tenantId: number): void {
  if (!mayAccessTenant(session, tenantId)) throw errors.TENANT_DENIED();
}

/** A tenant's row a request names by id: missing is NOT_FOUND (`noun`), another tenant's TENANT_DENIED. */
export function requireOwned<R extends { tenantId: number }>(session: Session, row: R | undefined, noun: Text): R {
  if (!row) throw errors.NOT_FOUND(noun);
  requireTenant(session, row.tenantId);
  return row;
}

/** The rows a request names by `ids` (a delete of several): one missing is NOT_FOUND, one of another tenant TENANT_DENIED. */
export function requireAllOwned<R extends { tenantId: number }>(
  session: Session,
  rows: readonly R[],
  ids: readonly number[],
  noun: Text,
): void {
  if (rows.length !== new Set(ids).size) throw errors.NOT_FOUND(noun);
  for (const r of rows) requireTenant(session, r.tenantId);
}

/** Ids of permissions the session may grant to others: nobody grants what they lack. */
export function heldPermissionIds(session: Session): Set<number> | 'all' {
  if (session.isRoot || !session.permissionCheck) return 'all';
  return new Set([...session.pageNodeIds, ...session.authIds]);
}
