import { z } from 'zod';
import { passwordDigest } from '../../../domain/digest';
import { USER_TYPE } from '../../../domain/enums';
import { MSG, mobileSchema, plainNameSchema, requiredSelect, strongPasswordSchema } from '../../../domain/validation';
import type { PlatformUserRow } from '../../../domain/schemas/platform';
import zh from '../../app/i18n/locales/zh_cn/common';

/** The platform user form as typed; selects hold ids as strings. */
export interface PlatformUserForm {
  name: string;
  usertype: string;
  roleId: string;
  mobilePhone: string;
  email: string;
  password: string;
  confirmPassword: string;
}

const common = {
  name: plainNameSchema,
  usertype: z.enum([String(USER_TYPE.PLATFORM), String(USER_TYPE.SERVICE)], { error: zh['validation.userType'] }),
  roleId: requiredSelect(zh['term.role']),
  mobilePhone: z.union([z.literal(''), mobileSchema]),
  email: z.union([z.literal(''), z.email(zh['validation.email'])]),
};

export const editSchema = z.object(common);
export const createSchema = z
  .object({ ...common, password: strongPasswordSchema, confirmPassword: z.string().min(1, MSG.confirmRequired) })
  .refine((f) => f.password === f.confirmPassword, { message: MSG.passwordMismatch, path: ['confirmPassword'] });

export const emptyForm = (): PlatformUserForm => ({
  name: '',
  usertype: String(USER_TYPE.SERVICE),
  roleId: '',
  mobilePhone: '',
  email: '',
  password: '',
  confirmPassword: '',
});

export const formOf = (u: PlatformUserRow): PlatformUserForm => ({
  name: u.name,
  usertype: String(u.usertype),
  roleId: u.roleId === null ? '' : String(u.roleId),
  mobilePhone: u.mobilePhone ?? '',
  email: u.email ?? '',
  password: '',
  confirmPassword: '',
});

/**
 * The /auth/v1/user payload: the user type travels in customConfig (the server accepts 1 or 2 only from
 * a platform-side caller); the tenant is the caller's platform tenant.
 */
export async function payloadOf(form: PlatformUserForm, tenantId: number, editing?: PlatformUserRow) {
  const body = {
    name: form.name,
    nicName: form.name,
    tenantId,
    roles: [{ id: Number(form.roleId) }],
    mobilePhone: form.mobilePhone || null,
    email: form.email || null,
    customConfig: JSON.stringify({ usertype: Number(form.usertype) }),
  };
  if (editing) return { ...body, id: editing.id };
  return { ...body, password: await passwordDigest(form.password) };
}
