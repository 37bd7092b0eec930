import { describe, expect, it } from 'vitest';
import { passwordDigest } from '../../domain/digest';
import { emptyUserForm, userCreateSchema, userPayload } from '../../src/features/usermanage/userForm';

describe('user save payload (spec §3)', () => {
  const form = { ...emptyUserForm(7), name: 'wangfang', roleId: '3', password: 'Abcdef1#x', confirmPassword: 'Abcdef1#x' };

  it('removes the confirmation, sends the digest, copies name to nicName and makes a project user', async () => {
    const body = await userPayload(form);
    expect(body).toEqual({
      name: 'wangfang',
      nicName: 'wangfang',
      tenantId: 7,
      roles: [{ id: 3 }],
      mobilePhone: null,
      email: null,
      wecomId: null,
      dingtalkId: null,
      customConfig: JSON.stringify({ usertype: 3 }),
      password: await passwordDigest('Abcdef1#x'),
    });
    expect(JSON.stringify(body)).not.toContain('Abcdef1#x');
    expect(body).not.toHaveProperty('confirmPassword');
  });

  it('checks the strong password, the confirmation and the selects with the §5 messages', () => {
    const r = userCreateSchema.safeParse({ ...form, roleId: '', password: 'abc', confirmPassword: 'abd' });
    expect(r.success).toBe(false);
    const msgs = r.error!.issues.map((i) => i.message);
    expect(msgs).toContain('密码需含有大写、小写字母、数字和特殊字符，且长度为8~18位');
    expect(msgs).toContain('请选择角色');
    const mismatch = userCreateSchema.safeParse({ ...form, confirmPassword: 'Abcdef1#y' });
    expect(mismatch.error!.issues.map((i) => i.message)).toEqual(['两次输入密码不一致!']);
  });
});
