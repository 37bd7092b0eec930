import { api } from './client';
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
