import { describe, expect, it } from 'vitest';
import {
  MSG,
  landlineSchema,
  mobileSchema,
  nameSchema,
  phoneOrLandlineSchema,
  plainNameSchema,
  requiredSelect,
  strongPasswordSchema,
  textSchema,
  validatePasswordChange,
  type PasswordChangeForm,
} from '../../domain/validation';
import type { z } from 'zod';

// Spec §5 and §8 messages, verbatim.
const REQUIRED = '请输入密码';
const TOO_SHORT = '密码长度需超过八位！';
const CONFIRM_REQUIRED = '请再次输入密码';
const MISMATCH = '两次输入密码不一致!';

const GOOD = 'Abcdefg1!';
const form = (f: Partial<PasswordChangeForm>): PasswordChangeForm => ({
  oldPassword: GOOD,
  newPassword: GOOD,
  confirmPassword: GOOD,
  ...f,
});

describe('password change form (spec §5)', () => {
  it.each<[string, Partial<PasswordChangeForm>, ReturnType<typeof validatePasswordChange>]>([
    ['all three valid and equal', {}, {}],
    ['exactly 8 characters is enough', { oldPassword: '12345678', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }, {}],
    [
      'only the length is checked, not the character classes',
      { oldPassword: 'aaaaaaaa', newPassword: 'bbbbbbbbbbbb', confirmPassword: 'bbbbbbbbbbbb' },
      {},
    ],
    [
      'all three empty',
      { oldPassword: '', newPassword: '', confirmPassword: '' },
      { oldPassword: REQUIRED, newPassword: REQUIRED, confirmPassword: CONFIRM_REQUIRED },
    ],
    ['old password empty', { oldPassword: '' }, { oldPassword: REQUIRED }],
    ['old password 7 characters', { oldPassword: '1234567' }, { oldPassword: TOO_SHORT }],
    ['new password empty', { newPassword: '' }, { newPassword: REQUIRED, confirmPassword: MISMATCH }],
    [
      'new password too short, confirm equal',
      { newPassword: 'Ab1!', confirmPassword: 'Ab1!' },
      { newPassword: TOO_SHORT, confirmPassword: TOO_SHORT },
    ],
    ['new password 7 characters', { newPassword: 'Abcdef1' }, { newPassword: TOO_SHORT, confirmPassword: MISMATCH }],
    ['confirm empty', { confirmPassword: '' }, { confirmPassword: CONFIRM_REQUIRED }],
    ['confirm shorter than 8', { confirmPassword: 'Abc1!' }, { confirmPassword: TOO_SHORT }],
    ['confirm differs from the new password', { confirmPassword: 'Abcdefg2!' }, { confirmPassword: MISMATCH }],
    ['confirm differs only in case', { confirmPassword: GOOD.toUpperCase() }, { confirmPassword: MISMATCH }],
  ])('%s', (_name, input, expected) => {
    expect(validatePasswordChange(form(input))).toEqual(expected);
  });

  it('the message constants are the spec text verbatim', () => {
    expect(MSG.passwordRequired).toBe(REQUIRED);
    expect(MSG.passwordTooShort).toBe(TOO_SHORT);
    expect(MSG.confirmRequired).toBe(CONFIRM_REQUIRED);
    expect(MSG.passwordMismatch).toBe(MISMATCH);
    expect(MSG.passwordChanged).toBe('密码修改成功');
    expect(MSG.denied).toBe('无操作权限!');
    expect(MSG.passwordHint).toContain('大写、小写字母、数字和特殊字符');
  });
});

/** The messages zod reports for `value`, or [] when it passes. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('generic rules (spec §5)', () => {
  const STRONG = '密码需含有大写、小写字母、数字和特殊字符，且长度为8~18位';
  it.each([
    ['Abcdef1!', true],
    ['Abcdefghijklmn1!xy', true], // 18
    ['Abcdefghijklmn1!xyz', false], // 19
    ['Abcde1!', false], // 7
    ['abcdefg1!', false], // no upper
    ['ABCDEFG1!', false], // no lower
    ['Abcdefgh!', false], // no digit
    ['Abcdefgh1', false], // no special
  ])('strong password %j → %s', (value, valid) => {
    expect(messages(strongPasswordSchema, value)).toEqual(valid ? [] : [STRONG]);
  });

  it('name length 1 to 20', () => {
    expect(messages(nameSchema, 'a')).toEqual([]);
    expect(messages(nameSchema, 'x'.repeat(20))).toEqual([]);
    expect(messages(nameSchema, '')).toEqual([MSG.nameLength]);
    expect(messages(nameSchema, 'x'.repeat(21))).toEqual([MSG.nameLength]);
    expect(MSG.nameLength).toBe('长度在 1 到 20 个字符');
  });

  it('text length 1 to 140', () => {
    const TEXT = '长度在 1 到 140 个字符';
    expect(messages(textSchema, 'x'.repeat(140))).toEqual([]);
    expect(messages(textSchema, '')).toEqual([TEXT]);
    expect(messages(textSchema, 'x'.repeat(141))).toEqual([TEXT]);
  });

  it.each(['张三', 'zhang_san', 'user-01'])('name %j has no special characters', (v) => {
    expect(messages(plainNameSchema, v)).toEqual([]);
  });
  it.each(['a!', 'a b', 'x@y', '名字？', 'a<b>'])('name %j has special characters', (v) => {
    expect(messages(plainNameSchema, v)).toEqual(['请不要输入特殊字符']);
  });

  it.each([
    ['13812345678', true],
    ['19912345678', true],
    ['12812345678', false],
    ['1381234567', false],
    ['138123456789', false],
    ['010-88888888', false],
  ])('mobile %j → %s', (v, valid) => {
    expect(messages(mobileSchema, v)).toEqual(valid ? [] : ['请输入正确的手机号']);
  });

  it.each([
    ['010-88888888-123', true],
    ['010-88888888', true],
    ['0571-8888888', true],
    ['88888888', false],
    ['010-888', false],
    ['13812345678', false],
  ])('landline %j → %s', (v, valid) => {
    expect(messages(landlineSchema, v)).toEqual(valid ? [] : ['请输入正确的固定电话']);
  });

  it.each([
    ['13812345678', true],
    ['010-88888888-123', true],
    ['12345', false],
    ['', false],
  ])('phone or landline %j → %s', (v, valid) => {
    expect(messages(phoneOrLandlineSchema, v)).toEqual(valid ? [] : ['请输入正确的手机号或固定电话']);
  });

  it.each([
    [3, true],
    ['a', true],
    ['', false],
    [undefined, false],
    [null, false],
  ])('required select %j → %s', (v, valid) => {
    expect(messages(requiredSelect('项目'), v)).toEqual(valid ? [] : ['请选择项目']);
  });

  it('the other §5 messages are verbatim', () => {
    expect(MSG.usernameRequired).toBe('用户名不能为空');
    expect(MSG.remotePasswordRequired).toBe('密码不能为空');
    expect(MSG.selectDeleteRow).toBe('请先选择需要删除的行');
    expect(MSG.selectEditRow).toBe('请先选择需要编辑的行');
  });
});
