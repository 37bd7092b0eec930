import type { Kysely } from 'kysely';
import type { Database, RoleRow, UserRow } from '../store/schema';
import type { RoleDto, UserDto, UsergroupDto } from '../../domain/schemas/auth';
import { parseIdArray } from './access';

/** Reads users, roles and groups in the shapes of spec §3. */

export function roleDto(row: RoleRow): RoleDto {
  return {
    id: row.id,
    name: row.name,
    tenantId: row.tenantId,
    customConfig: row.customConfig,
    pageNodes: parseIdArray(row.pageNodes).map((id) => ({ id })),
    auths: parseIdArray(row.auths),
  };
}

export async function userDtos(db: Kysely<Database>, users: UserRow[]): Promise<UserDto[]> {
  if (users.length === 0) return [];
  const ids = users.map((u) => u.id);
  const [roles, groups, nodes] = await Promise.all([
    db
      .selectFrom('user_role')
      .innerJoin('role', 'role.id', 'user_role.roleId')
      .selectAll('role')
      .select('user_role.userId')
      .where('user_role.userId', 'in', ids)
      .orderBy('role.id')
      .execute(),
    db
      .selectFrom('usergroup_user')
      .innerJoin('usergroup', 'usergroup.id', 'usergroup_user.groupId')
      .select(['usergroup.id', 'usergroup.name', 'usergroup_user.userId'])
      .where('usergroup_user.userId', 'in', ids)
      .execute(),
    db
      .selectFrom('user_model_node')
      .leftJoin('project', 'project.id', 'user_model_node.nodeId')
      .select(['user_model_node.userId', 'user_model_node.modelLabel', 'user_model_node.nodeId', 'project.name'])
      .where('user_model_node.userId', 'in', ids)
      .execute(),
  ]);
  return users.map((u) => ({
    id: u.id,
    name: u.name,
    userId: u.id,
    userName: u.name,
    nicName: u.nicName,
    tenantId: u.tenantId,
    customConfig: u.customConfig,
    email: u.email,
    mobilePhone: u.mobilePhone,
    wecomId: u.wecomId,
    dingtalkId: u.dingtalkId,
    language: u.language,
    disabled: !!u.disabled,
    roles: roles.filter((r) => r.userId === u.id).map(roleDto),
    relativeUserGroup: groups.filter((g) => g.userId === u.id).map((g) => ({ id: g.id, name: g.name })),
    modelNodes: nodes
      .filter((n) => n.userId === u.id)
      .map((n) => ({ id: n.nodeId, modelLabel: n.modelLabel, ...(n.name ? { name: n.name } : {}) })),
  }));
}

export async function userDto(db: Kysely<Database>, userId: number): Promise<UserDto | undefined> {
  const u = await db.selectFrom('app_user').selectAll().where('id', '=', userId).executeTakeFirst();
  return u ? (await userDtos(db, [u]))[0] : undefined;
}

export async function usergroupDtos(
  db: Kysely<Database>,
  groups: { id: number; name: string; tenantId: number; customConfig: string | null }[],
): Promise<UsergroupDto[]> {
  if (groups.length === 0) return [];
  const members = await db
    .selectFrom('usergroup_user')
    .innerJoin('app_user', 'app_user.id', 'usergroup_user.userId')
    .select(['usergroup_user.groupId', 'app_user.id', 'app_user.name'])
    .where(
      'usergroup_user.groupId',
      'in',
      groups.map((g) => g.id),
    )
    .execute();
  return groups.map((g) => ({
    ...g,
    users: members.filter((m) => m.groupId === g.id).map((m) => ({ id: m.id, name: m.name })),
  }));
}
