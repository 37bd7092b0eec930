import { z } from 'zod';
import { noControlChars } from '../validation';

/** Platform shell (spec §2, §6): operations across tenants and projects, platform and service users. */

const ENTITY_STATUS = { ACTIVE: 1, SUSPENDED: 0 } as const;

export const tenantCreateBody = z.object({
  name: z.string().trim().min(1, '租户名称不能为空').max(40, '长度在 1 到 40 个字符').refine(noControlChars, '不能包含控制字符'),
});

export const statusBody = z.object({
  status: z.union([z.literal(ENTITY_STATUS.ACTIVE), z.literal(ENTITY_STATUS.SUSPENDED)], { error: 'status 须为 1（正常）或 0（停用）' }),
});

export const servedProjectsBody = z.object({
  projectIds: z
    .array(z.number().int().min(1))
    .max(500)
    .transform((ids) => [...new Set(ids)]),
});

export interface TenantRow {
  id: number;
  name: string;
  status: number;
  createdAt: number;
  projectCount: number;
  userCount: number;
}

export interface ProjectOpsRow {
  id: number;
  name: string;
  tenantId: number;
  tenantName: string;
  status: number;
  region: string;
  deviceCount: number;
  /** devices communicating now */
  onlineCount: number;
  /** devices in an error state (spec §4: not communicating and not unknown) */
  faultCount: number;
  unconfirmedAlarms: number;
  servedBy: { id: number; name: string }[];
}

export interface OperateOverview {
  tenants: TenantRow[];
  projects: ProjectOpsRow[];
}

export interface DistrictOption {
  id: number;
  /** province city district */
  name: string;
}

export interface PlatformUserRow {
  id: number;
  name: string;
  nicName: string | null;
  usertype: number;
  tenantId: number;
  roleId: number | null;
  roleName: string | null;
  mobilePhone: string | null;
  email: string | null;
  servedProjects: { id: number; name: string }[];
}
