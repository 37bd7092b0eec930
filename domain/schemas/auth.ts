import { z } from 'zod';
import { DIGEST_PATTERN } from '../digest';
import { nameSchema, noControlChars } from '../validation';

const digest = z.string().max(64).regex(DIGEST_PATTERN, '密码须为 sha256 十六进制摘要（64位小写）');
/** Ids of users, roles, groups and tenants: positive safe integers (never coerced from text). */
const id = z.number().int().positive();
const userName = z.string().min(1, '用户名不能为空').max(64).refine(noControlChars, '不能包含控制字符');
/** customConfig travels as JSON text; we check it is an object so no garbage lands in the store. */
const jsonObjectText = z
  .string()
  .max(4000)
  .refine((s) => {
    try {
      const v: unknown = JSON.parse(s);
      return !!v && typeof v === 'object' && !Array.isArray(v);
    } catch {
      return false;
    }
  }, 'customConfig 须为 JSON 对象文本');

export const loginBody = z.object({
  userName,
  password: digest,
  timestamps: z.number().int().positive(),
  client: z.literal('web'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const passwordUpdateBody = z.object({
  id,
  name: userName,
  oldPassword: digest,
  newPassword: digest,
});

export const passwordUpdateByRootBody = z.object({
  rootId: id,
  rootName: userName,
  /** the user whose password root resets */
  userId: id,
  newPassword: digest,
});

const idRef = z.object({ id });

export const roleBody = z.object({
  id: id.optional(),
  name: nameSchema,
  tenantId: id.optional(),
  customConfig: jsonObjectText.nullish(),
  pageNodes: z.array(idRef).max(100).default([]),
  auths: z.array(id).max(1000).default([]),
});
export const roleUpdateBody = roleBody.extend({ id });

export const userCreateBody = z.object({
  name: nameSchema,
  nicName: z.string().max(64).refine(noControlChars, '不能包含控制字符').optional(),
  tenantId: id.optional(),
  customConfig: jsonObjectText.nullish(),
  password: digest,
  roleId: id.optional(),
  roles: z.array(idRef).max(1).optional(),
  email: z.string().max(100).refine(noControlChars, '不能包含控制字符').nullish(),
  mobilePhone: z.string().max(32).refine(noControlChars, '不能包含控制字符').nullish(),
});
export const userUpdateBody = userCreateBody.omit({ password: true }).partial().extend({ id });

export const usergroupBody = z.object({
  id: id.optional(),
  name: nameSchema,
  tenantId: id.optional(),
  customConfig: jsonObjectText.nullish(),
  users: z.array(idRef).max(10000).default([]),
});
export const usergroupUpdateBody = usergroupBody.extend({ id });

/** DELETE bodies (or ?id= query) name one id or several. */
export const deleteBody = z.union([z.object({ id }), z.object({ ids: z.array(id).min(1).max(1000) })]);
export const DELETE_TARGET_MSG = '请指定要删除的 id（查询参数 id，或请求体 {id} / {ids}）';

export interface RoleDto {
  id: number;
  name: string;
  tenantId: number;
  customConfig: string | null;
  pageNodes: { id: number }[];
  auths: number[];
}

export interface UserDto {
  id: number;
  name: string;
  userId: number;
  userName: string;
  nicName: string | null;
  tenantId: number;
  customConfig: string | null;
  email: string | null;
  mobilePhone: string | null;
  roles: RoleDto[];
  modelNodes: { id: number; modelLabel: string; name?: string }[];
  relativeUserGroup: { id: number; name: string }[];
}

export interface UsergroupDto {
  id: number;
  name: string;
  tenantId: number;
  customConfig: string | null;
  users: { id: number; name: string }[];
}

export interface TenantDto {
  id: number;
  name: string;
  customConfig: string | null;
}

export interface LoginResult {
  token: string;
  user: UserDto;
}
