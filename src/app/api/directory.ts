import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './queryKeys';
import type { RoleDto, TenantDto, UserDto, UsergroupDto } from '../../../domain/schemas/auth';

/** Reads of the auth service shared by the user, role and user-group screens. */
export const directory = {
  roles: () => api.get<RoleDto[]>('/auth/v1/roles'),
  tenants: () => api.get<TenantDto[]>('/auth/v1/tenant'),
  groups: () => api.get<UsergroupDto[]>('/auth/v1/usergroups'),
  /** spec §7 queryByRole / queryByName; both given: by role, then narrowed by name here */
  async users(query: { roleId?: string; name?: string } = {}): Promise<UserDto[]> {
    const name = query.name?.trim() ?? '';
    if (query.roleId) {
      const list = await api.get<UserDto[]>(`/auth/v1/user/queryByRole?roleId=${encodeURIComponent(query.roleId)}`);
      return name ? list.filter((u) => u.name.includes(name)) : list;
    }
    return api.get<UserDto[]>(`/auth/v1/user/queryByName?name=${encodeURIComponent(name)}`);
  },
};

/** The same reads as cached queries (the screens' lists and choices). */
export const directoryQueries = {
  roles: () => queryOptions({ queryKey: queryKeys.directory.roles(), queryFn: () => directory.roles() }),
  tenants: () => queryOptions({ queryKey: queryKeys.directory.tenants(), queryFn: () => directory.tenants() }),
  groups: () => queryOptions({ queryKey: queryKeys.directory.groups(), queryFn: () => directory.groups() }),
  users: (query: { roleId?: string; name?: string } = {}) =>
    queryOptions({ queryKey: queryKeys.directory.users(query), queryFn: () => directory.users(query) }),
};
