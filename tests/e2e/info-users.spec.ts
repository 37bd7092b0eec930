import { test, expect } from './fixtures';
import { createHash } from 'node:crypto';
import { apiToken, expectPath, loginViaForm, logoutViaMenu, signIn } from './helpers';
import { expectToast, selectRow, unique } from './info-helpers';

test("create a role and a user with it; the user logs in and sees only that role's pages", async ({ page }) => {
  const roleName = unique('日志员');
  const userName = unique('rizhi');
  await signIn(page, 'zhangsan', '/home');

  await page.goto('/#/rolemanage');
  await page.getByTestId('role-table').getByRole('button', { name: '新建' }).click();
  const roleDialog = page.getByRole('dialog', { name: '新建角色' });
  await roleDialog.locator('input[name=name]').fill(roleName);
  const tree = roleDialog.getByTestId('permission-tree');
  await tree.getByRole('searchbox').fill('wp_operate_log');
  await tree.getByRole('checkbox', { name: '操作日志（wp_operate_log）' }).check();
  await tree.getByRole('searchbox').fill('wp_system_config');
  await tree.getByRole('checkbox', { name: '系统配置（wp_system_config）' }).check();
  await roleDialog.locator('select[name=homepage]').selectOption('/log');
  await roleDialog.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '保存成功!');
  await expect(page.getByTestId('role-table').locator('tbody tr').filter({ hasText: roleName })).toContainText('操作日志');

  await page.goto('/#/usermanage');
  await page.getByTestId('user-table').getByRole('button', { name: '新建' }).click();
  const userDialog = page.getByRole('dialog', { name: '新建用户' });
  await userDialog.locator('input[name=name]').fill(userName);
  await userDialog.locator('select[name=roleId]').selectOption({ label: roleName });
  await userDialog.locator('input[name=password]').fill('Rizhi#2026');
  await userDialog.locator('input[name=confirmPassword]').fill('Rizhi#2027');
  await userDialog.getByRole('button', { name: '保存' }).click();
  await expect(userDialog.getByRole('alert')).toHaveText('两次输入密码不一致!');
  await userDialog.locator('input[name=confirmPassword]').fill('Rizhi#2026');
  await userDialog.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '保存成功!');
  await expect(page.getByTestId('user-table').locator('tbody tr').filter({ hasText: userName })).toContainText(roleName);

  await logoutViaMenu(page);
  await expectPath(page, '/login');
  await loginViaForm(page, userName, 'Rizhi#2026');
  await expectPath(page, '/log');
  // the role's two pages, and 通知记录, which comes with 系统配置 (issue 28)
  await expect(page.locator('[data-menu-item]')).toHaveCount(3);
  await expect(page.locator('[data-menu-item="/log"]')).toBeVisible();
  await expect(page.locator('[data-menu-item="/systemConfig"]')).toBeVisible();
  await expect(page.locator('[data-menu-item="/notifyLog"]')).toBeVisible();
  await page.goto('/#/usermanage');
  await expectPath(page, '/noPermission');
});

test('the user table asks for a selection, confirms deletes, queries by name and role', async ({ page }) => {
  await signIn(page, 'zhangsan', '/usermanage');
  const table = page.getByTestId('user-table');
  await expect(table.locator('tbody tr').filter({ hasText: 'lisi' })).toBeVisible();
  await table.getByRole('button', { name: '删除' }).click();
  await expectToast(page, '请先选择需要删除的行');
  await table.getByRole('button', { name: '编辑' }).click();
  await expectToast(page, '请先选择需要编辑的行');
  await selectRow(page, 'user-table', 'lisi');
  await table.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByText('确定要删除用户 “lisi” 吗？').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
  await expectToast(page, '取消删除！');
  await expect(table.locator('tbody tr').filter({ hasText: 'lisi' })).toBeVisible();

  await page.locator('select[name=queryRole]').selectOption({ label: '值班员' });
  await page.getByRole('button', { name: '查询' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr')).toContainText('lisi');
  await page.locator('select[name=queryRole]').selectOption('');
  await page.locator('input[name=queryName]').fill('zhang');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr')).toContainText('zhangsan');
  await expect(page.getByTestId('pagination')).toContainText('100 条/页');
});

test("root resets a user's password and the user logs in with it", async ({ page, request }) => {
  // A user of its own: the demo users' passwords are shared by the other specs on this server.
  const name = unique('reset');
  const rootToken = await apiToken(request, 'root');
  const created = await request.post('/auth/v1/user', {
    headers: { authorization: `Bearer ${rootToken}` },
    data: { name, tenantId: 3, password: createHash('sha256').update('voltguardFirst#Pass1').digest('hex') },
  });
  expect((await created.json()).code).toBe(0);
  await signIn(page, 'root', '/usermanage');
  await selectRow(page, 'user-table', name);
  await page.getByTestId('user-table').getByRole('button', { name: '重置密码' }).click();
  const dialog = page.getByRole('dialog', { name: /重置密码/ });
  await dialog.locator('input[name=newPassword]').fill('weak');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog.getByRole('alert').first()).toHaveText('密码需含有大写、小写字母、数字和特殊字符，且长度为8~18位');
  await dialog.locator('input[name=newPassword]').fill('Guest#Reset1');
  await dialog.locator('input[name=confirmPassword]').fill('Guest#Reset1');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expectToast(page, '密码修改成功');
  await logoutViaMenu(page);
  await loginViaForm(page, name, 'Guest#Reset1');
  await expectPath(page, '/noPermission');
});
