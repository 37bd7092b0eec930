import { z } from 'zod';

/** Messages of spec §5, verbatim. */
export const MSG = {
  passwordRequired: '请输入密码',
  passwordTooShort: '密码长度需超过八位！',
  confirmRequired: '请再次输入密码',
  passwordMismatch: '两次输入密码不一致!',
  passwordHint: '密码需含有大写、小写字母、数字和特殊字符，且长度大于八位',
  strongPassword: '密码需含有大写、小写字母、数字和特殊字符，且长度为8~18位',
  textLength: '长度在 1 到 140 个字符',
  nameLength: '长度在 1 到 20 个字符',
  noSpecialChars: '请不要输入特殊字符',
  mobile: '请输入正确的手机号',
  landline: '请输入正确的固定电话',
  phoneOrLandline: '请输入正确的手机号或固定电话',
  selectRequired: '请选择',
  usernameRequired: '用户名不能为空',
  remotePasswordRequired: '密码不能为空',
  selectDeleteRow: '请先选择需要删除的行',
  selectEditRow: '请先选择需要编辑的行',
  deleteConfirm: '确定要删除所选项吗？',
  deleteSuccess: '删除成功!',
  deleteCancelled: '取消删除！',
  saveSuccess: '保存成功!',
  passwordChanged: '密码修改成功',
  denied: '无操作权限!',
  noControlChars: '不能包含控制字符',
} as const;

const PASSWORD_MIN = 8;

export interface PasswordChangeForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type PasswordChangeErrors = Partial<Record<keyof PasswordChangeForm, string>>;

/** Password change (spec §5): all three required, at least 8 characters; only the length is checked. */
export function validatePasswordChange(form: PasswordChangeForm): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  const checkLength = (v: string) => (!v ? MSG.passwordRequired : v.length < PASSWORD_MIN ? MSG.passwordTooShort : undefined);
  const oldErr = checkLength(form.oldPassword);
  if (oldErr) errors.oldPassword = oldErr;
  const newErr = checkLength(form.newPassword);
  if (newErr) errors.newPassword = newErr;
  if (!form.confirmPassword) errors.confirmPassword = MSG.confirmRequired;
  else if (form.confirmPassword.length < PASSWORD_MIN) errors.confirmPassword = MSG.passwordTooShort;
  else if (form.confirmPassword !== form.newPassword) errors.confirmPassword = MSG.passwordMismatch;
  return errors;
}

// Generic rules of spec §5 as zod schemas, shared by forms and server.
const SPECIAL = /[`~!@#$%^&*()+=|{}':;',\\[\].<>/?！￥…（）—【】‘；：”“。，、？\s]/;
export const strongPasswordSchema = z.string().regex(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z\d]).{8,18}$/, MSG.strongPassword);
/** C0 and C1 control characters (NUL, escape, …): never part of a name. */
// eslint-disable-next-line no-control-regex -- these control characters are exactly what is refused
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
/** Free text may hold line breaks and tabs, but no other control character. */
// eslint-disable-next-line no-control-regex -- as above, less line breaks and tabs
const TEXT_CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
export const noControlChars = (v: string) => !CONTROL_CHARS.test(v);
const noTextControlChars = (v: string) => !TEXT_CONTROL_CHARS.test(v);

export const nameSchema = z.string().min(1, MSG.nameLength).max(20, MSG.nameLength).refine(noControlChars, MSG.noControlChars);
export const plainNameSchema = nameSchema.refine((v) => !SPECIAL.test(v), MSG.noSpecialChars);
export const textSchema = z.string().min(1, MSG.textLength).max(140, MSG.textLength).refine(noTextControlChars, MSG.noControlChars);
/** A name of another length (project, device, tenant): 1 to max characters, no control characters. */
export const boundedName = (max: number) =>
  z.string().min(1, `长度在 1 到 ${max} 个字符`).max(max, `长度在 1 到 ${max} 个字符`).refine(noControlChars, MSG.noControlChars);
export const mobileSchema = z.string().regex(/^1[3-9]\d{9}$/, MSG.mobile);
export const landlineSchema = z.string().regex(/^0\d{2,3}-\d{7,8}(-\d{1,6})?$/, MSG.landline);
export const phoneOrLandlineSchema = z
  .string()
  .max(40, MSG.phoneOrLandline)
  .refine((v) => mobileSchema.safeParse(v).success || landlineSchema.safeParse(v).success, MSG.phoneOrLandline);
export const requiredSelect = (what: string) => {
  const message = `${MSG.selectRequired}${what}`;
  // The empty string (a cleared select) must carry the message too, not zod's default "Too small".
  return z.union([z.number(), z.string().min(1, message)], { error: message });
};
