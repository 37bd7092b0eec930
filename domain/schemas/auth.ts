import { z } from 'zod';
import { LOGIN_CLIENTS } from '../socketProtocol';
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

/** Step 1 of the login (docs/security.md): ask for a one-time nonce and the user's salt. */
export const loginNonceBody = z.object({ userName });

/** Step 2: the proof (domain/loginProof.ts) in `password`, bound to the nonce, name and timestamp. */
export const loginBody = z.object({
  userName,
  password: z.string().max(64).regex(DIGEST_PATTERN, 'password 须为登录证明（64位小写十六进制）'),
  nonce: z
    .string()
    .max(32)
    .regex(/^[0-9a-f]{32}$/, 'nonce 须为登录码（32位小写十六进制）'),
  timestamps: z.number().int().positive(),
  /** 'web' for the console; a kiosk wall display or an API client names itself so "logged in elsewhere" leaves it alone */
  client: z.enum(LOGIN_CLIENTS),
});

export interface LoginChallengeDto {
  nonce: string;
  salt: string;
  n: number;
  r: number;
  p: number;
  expiresAt: number;
}

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

/** What a role and a user group are, besides their members: a name in a tenant (the caller's when left out). */
const tenantNamedFields = {
  id: id.optional(),
  name: nameSchema,
  tenantId: id.optional(),
  customConfig: jsonObjectText.nullish(),
};

export const roleBody = z.object({
  ...tenantNamedFields,
  pageNodes: z.array(idRef).max(100).default([]),
  auths: z.array(id).max(1000).default([]),
});
export const roleUpdateBody = roleBody.extend({ id });

/**
 * How notifications reach a user (issue 28): e-mail and phone (the e-mail and SMS channels), the
 * 企业微信 / 钉钉 user ids a robot message mentions, and the language of the messages. Each is checked
 * here, on the server, with a message that names the field; '' or null clears it.
 */
export const CONTACT_PATTERNS = {
  /** an 11-digit mainland mobile number (spec §5, the forms' rule) */
  mobilePhone: /^1[3-9]\d{9}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  /** 企业微信 UserID: 1–64 letters, digits or _-@., starting with a letter or digit (their rule) */
  wecomId: /^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$/,
  /** 钉钉 userid: 1–64 letters, digits or _-@. */
  dingtalkId: /^[A-Za-z0-9_.@-]{1,64}$/,
} as const;
export const CONTACT_MESSAGES = {
  mobilePhone: '手机号格式不正确，须为 11 位手机号码（如 13800000000）',
  email: '邮箱格式不正确（如 name@example.com）',
  wecomId: '企业微信账号须为 1 到 64 位字母、数字或 _-@.，以字母或数字开头',
  dingtalkId: '钉钉用户 ID 须为 1 到 64 位字母、数字或 _-@.',
} as const;
const contact = (field: keyof typeof CONTACT_PATTERNS, max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => v === '' || CONTACT_PATTERNS[field].test(v), CONTACT_MESSAGES[field])
    .nullish();
const contactFields = {
  email: contact('email', 100),
  mobilePhone: contact('mobilePhone', 32),
  wecomId: contact('wecomId', 64),
  dingtalkId: contact('dingtalkId', 64),
  language: z.enum(['zh_cn', 'en']).nullish(),
};
/** PUT /auth/v1/user/contact: a user edits its own contact fields (what is left out stays). */
export const contactUpdateBody = z.object(contactFields);
export type ContactUpdate = z.infer<typeof contactUpdateBody>;

export const userCreateBody = z.object({
  name: nameSchema,
  nicName: z.string().max(64).refine(noControlChars, '不能包含控制字符').optional(),
  tenantId: id.optional(),
  customConfig: jsonObjectText.nullish(),
  password: digest,
  roleId: id.optional(),
  roles: z.array(idRef).max(1).optional(),
  ...contactFields,
});
export const userUpdateBody = userCreateBody.omit({ password: true }).partial().extend({ id });

export const usergroupBody = z.object({
  ...tenantNamedFields,
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
  wecomId?: string | null;
  dingtalkId?: string | null;
  /** the language of the user's notifications: zh_cn (default) or en */
  language?: string | null;
  roles: RoleDto[];
  modelNodes: { id: number; modelLabel: string; name?: string }[];
  relativeUserGroup: { id: number; name: string }[];
  /** a disabled account cannot log in (issue 13) */
  disabled?: boolean;
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

/** PUT /auth/v1/user/:id/status: disable (true) or enable (false) an account. */
export const userStatusBody = z.object({ disabled: z.boolean({ error: 'disabled 须为 true 或 false' }) });
