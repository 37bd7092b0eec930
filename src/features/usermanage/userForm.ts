import { z } from 'zod';
import { passwordDigest } from '../../../domain/digest';
import { USER_TYPE } from '../../../domain/enums';
import { MSG, mobileSchema, plainNameSchema, requiredSelect, strongPasswordSchema } from '../../../domain/validation';
import { CONTACT_PATTERNS, type UserDto } from '../../../domain/schemas/auth';
import zh from '../../app/i18n/locales/zh_cn/common';

/** The user form's fields as typed; selects hold ids as strings. */
export interface UserForm {
  name: string;
  tenantId: string;
  roleId: string;
  mobilePhone: string;
  email: string;
  /** the 企业微信 / 钉钉 user ids a robot message mentions (issue 28) */
  wecomId: string;
  dingtalkId: string;
  password: string;
  confirmPassword: string;
}

/** A 企业微信 or 钉钉 user id: optional, by the rule the server checks (CONTACT_PATTERNS). */
const imIdSchema = (kind: 'wecomId' | 'dingtalkId') =>
  z.string().refine((v) => !v.trim() || CONTACT_PATTERNS[kind].test(v.trim()), zh[`validation.${kind}`]);

const common = {
  name: plainNameSchema,
  tenantId: requiredSelect(zh['term.tenant']),
  roleId: requiredSelect(zh['term.role']),
  mobilePhone: z.union([z.literal(''), mobileSchema]),
  email: z.union([z.literal(''), z.email(zh['validation.email'])]),
  wecomId: imIdSchema('wecomId'),
  dingtalkId: imIdSchema('dingtalkId'),
};

export const userEditSchema = z.object(common);
export const userCreateSchema = z
  .object({ ...common, password: strongPasswordSchema, confirmPassword: z.string().min(1, MSG.confirmRequired) })
  .refine((f) => f.password === f.confirmPassword, { message: MSG.passwordMismatch, path: ['confirmPassword'] });

export function emptyUserForm(tenantId: number | undefined): UserForm {
  return {
    name: '',
    tenantId: tenantId === undefined ? '' : String(tenantId),
    roleId: '',
    mobilePhone: '',
    email: '',
    wecomId: '',
    dingtalkId: '',
    password: '',
    confirmPassword: '',
  };
}

export function userFormOf(u: UserDto): UserForm {
  return {
    name: u.name,
    tenantId: String(u.tenantId),
    roleId: u.roles[0] ? String(u.roles[0].id) : '',
    mobilePhone: u.mobilePhone ?? '',
    email: u.email ?? '',
    wecomId: u.wecomId ?? '',
    dingtalkId: u.dingtalkId ?? '',
    password: '',
    confirmPassword: '',
  };
}

/**
 * The save payload of spec §3: name also sent as nicName; a new user is project-type and carries its
 * password as the wire digest; the confirmation never leaves the browser.
 */
export async function userPayload(form: UserForm, editing?: UserDto) {
  const { confirmPassword: _confirm, password, ...rest } = form;
  const body = {
    name: rest.name,
    nicName: rest.name,
    tenantId: Number(rest.tenantId),
    roles: [{ id: Number(rest.roleId) }],
    mobilePhone: rest.mobilePhone || null,
    email: rest.email || null,
    wecomId: rest.wecomId.trim() || null,
    dingtalkId: rest.dingtalkId.trim() || null,
  };
  if (editing) return { ...body, id: editing.id };
  return { ...body, customConfig: JSON.stringify({ usertype: USER_TYPE.PROJECT }), password: await passwordDigest(password) };
}
