import { test, expect } from './fixtures';
import { apiToken, signIn } from './helpers';
import { expectToast, PNG_1PX, selectRow, unique } from './info-helpers';

test('the role tree offers only what the creator holds, and the server refuses more', async ({ page, request }) => {
  await signIn(page, 'zhangsan', '/rolemanage');
  await page.getByTestId('role-table').getByRole('button', { name: '新建' }).click();
  const dialog = page.getByRole('dialog', { name: '新建角色' });
  const tree = dialog.getByTestId('permission-tree');
  await expect(tree.getByRole('checkbox', { name: '操作日志（wp_operate_log）' })).toBeVisible();
  await tree.getByRole('searchbox').fill('wp_platform');
  await expect(tree.getByText('暂无数据')).toBeVisible();
  // Shift-click checks the range between two rows of the filtered tree (the group_* leaves).
  await tree.getByRole('searchbox').fill('（group_');
  const boxes = tree.getByRole('checkbox');
  await expect(boxes).toHaveCount(15);
  await boxes.nth(2).check();
  await boxes.nth(5).click({ modifiers: ['Shift'] });
  await expect(boxes.nth(3)).toBeChecked();
  await expect(boxes.nth(4)).toBeChecked();
  await expect(boxes.nth(5)).toBeChecked();
  await expect(boxes.nth(6)).not.toBeChecked();
  await dialog.locator('input[name=name]').fill('');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('长度在 1 到 20 个字符');
  await dialog.getByRole('button', { name: '取消' }).click();

  const token = await apiToken(request, 'zhangsan');
  const res = await request.post('/auth/v1/role', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'x', pageNodes: [{ id: 14 }], auths: [] },
  });
  const body = (await res.json()) as { code: number; msg: string };
  expect(body.msg).toContain('无操作权限!');
});

test('a group in use cannot be deleted; a new group takes members and a logo', async ({ page }) => {
  const groupName = unique('巡检组');
  await signIn(page, 'zhangsan', '/usergroupmanage');
  await selectRow(page, 'group-table', '杭州值班组');
  await page.getByTestId('group-table').getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expectToast(page, '删除失败，当前用户组被其他账号使用！');
  await expect(page.getByTestId('group-table').locator('tbody tr').filter({ hasText: '杭州值班组' })).toBeVisible();

  await page.getByTestId('group-table').getByRole('button', { name: '新建' }).click();
  const dialog = page.getByRole('dialog', { name: '新建用户组' });
  await dialog.locator('input[name=name]').fill(groupName);
  await dialog.getByTestId('member-tree').getByRole('checkbox', { name: 'zhangsan' }).check();
  await dialog.getByTestId('logo-input').setInputFiles({ name: 'bad.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expectToast(page, '不支持的文件类型：png');
  await dialog.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expectToast(page, '上传成功');
  await expect(dialog.getByTestId('group-logo')).toBeVisible();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '保存成功!');
  const row = page.getByTestId('group-table').locator('tbody tr').filter({ hasText: groupName });
  await expect(row).toContainText('zhangsan');
  await expect(row.getByTestId('group-logo')).toBeVisible();
});

test('downloading a missing file shows 文件不存在', async ({ page }) => {
  await signIn(page, 'zhangsan', '/home');
  const result = await page.evaluate(async () => {
    const token = sessionStorage.getItem('vg.token');
    const res = await fetch('/filemanager/v1/file/downLoad?fileName=00000000-0000-4000-8000-000000000000.png', {
      headers: { authorization: `Bearer ${token}` },
    });
    return res.json();
  });
  expect(result).toMatchObject({ msg: '文件不存在' });
});
