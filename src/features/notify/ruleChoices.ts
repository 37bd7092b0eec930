import type { TenantDto, UserDto } from '../../../domain/schemas/auth';
import type { ChannelDto } from '../../../domain/schemas/notify';
import { api } from '../../app/api/client';
import { directory } from '../../app/api/directory';
import { projectsOfTree, type DeviceTreeNode } from '../../app/liveDevices/deviceTree';
import { notifyApi } from './notifyApi';

export interface Named {
  id: number;
  name: string;
}

/** What a rule picks from: the caller's projects (its scope), the tenant's channels and users. */
export interface RuleChoices {
  projects: Named[];
  channels: ChannelDto[];
  /** empty when the caller may not list users (user_browser): rules then reach channels only */
  users: (Named & { tenantId: number })[];
  /** the tenants the caller serves: more than one lets a rule name its tenant */
  tenants: TenantDto[];
}

export async function loadRuleChoices(): Promise<RuleChoices> {
  const [tree, channels, users, tenants] = await Promise.all([
    api.get<DeviceTreeNode[]>('/devicedata/api/comm/v1/device/tree'),
    notifyApi.channels(),
    api.get<UserDto[]>('/auth/v1/user/queryByName?name=', { quiet: true }).catch(() => [] as UserDto[]),
    directory.tenants(),
  ]);
  return {
    projects: projectsOfTree(tree),
    channels,
    users: users.map((u) => ({ id: u.id, name: u.nicName || u.name, tenantId: u.tenantId })),
    tenants,
  };
}
