import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from '../../../domain/digest';
import { auth, env, expectEnvelopeError, login, startApp, type TestApp } from '../helpers';

let t: TestApp;
let zhangsan: string;
let wangwu: string;
let lisi: string;
let root: string;
let createdId: number;

type Row = {
  seq: number;
  at: number;
  kind: string;
  actorName: string;
  subject: string;
  subjectName: string | null;
  payload: { before?: Record<string, unknown>; after?: Record<string, unknown> };
};
const list = async (token: string, body: unknown) =>
  env<Row[]>(
    await t.app.inject({ method: 'POST', url: '/wisdompower/v1/operationlog/list', headers: auth(token), payload: body as object }),
  );

beforeAll(async () => {
  t = await startApp();
  [zhangsan, wangwu, lisi, root] = (await Promise.all(
    ['zhangsan', 'wangwu', 'lisi', 'root'].map(async (u) => (await login(t.app, u)).token),
  )) as string[] as [string, string, string, string];
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/v1/user',
    headers: auth(zhangsan),
    payload: {
      name: 'oplog_user',
      nicName: 'oplog_user',
      password: await passwordDigest('Abcdef1#x'),
      customConfig: JSON.stringify({ usertype: 3 }),
    },
  });
  createdId = env<number>(res).data;
  await t.app.inject({ method: 'PUT', url: '/auth/v1/user', headers: auth(zhangsan), payload: { id: createdId, name: 'oplog_user2' } });
});
afterAll(() => t.close());

describe('operation log', () => {
  it('shows who did what, newest first, with before and after', async () => {
    const res = await list(zhangsan, { filter: { kind: 'user' } });
    expect(res.code).toBe(0);
    const [updated, created] = res.data.filter((r) => r.subject === `user:${createdId}`);
    expect(updated).toMatchObject({
      kind: 'user.updated',
      actorName: 'zhangsan',
      payload: { before: { name: 'oplog_user' }, after: { name: 'oplog_user2' } },
    });
    expect(created).toMatchObject({ kind: 'user.created', actorName: 'zhangsan', payload: { after: { name: 'oplog_user' } } });
    expect(updated!.seq).toBeGreaterThan(created!.seq);
  });

  it('names each subject by what it is called now, and an object that is gone by the name its entry carried', async () => {
    const rows = (await list(zhangsan, { filter: { kind: 'user' } })).data.filter((r) => r.subject === `user:${createdId}`);
    expect(rows.map((r) => r.subjectName)).toEqual(['oplog_user2', 'oplog_user2']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/user',
      headers: auth(zhangsan),
      payload: {
        name: 'oplog_gone',
        nicName: 'oplog_gone',
        password: await passwordDigest('Abcdef1#x'),
        customConfig: JSON.stringify({ usertype: 3 }),
      },
    });
    const goneId = env<number>(res).data;
    expect(env(await t.app.inject({ method: 'DELETE', url: `/auth/v1/user?id=${goneId}`, headers: auth(zhangsan) })).code).toBe(0);
    const gone = (await list(zhangsan, { filter: { kind: 'user.created' } })).data.find((r) => r.subject === `user:${goneId}`);
    expect(gone?.subjectName).toBe('oplog_gone');
  });

  it('filters by exact kind, user name and time, and pages', async () => {
    const exact = await list(zhangsan, { filter: { kind: 'user.created' } });
    expect(exact.data.every((r) => r.kind === 'user.created')).toBe(true);
    const byUser = await list(root, { filter: { userName: 'zhang' } });
    expect(byUser.data.length).toBeGreaterThan(0);
    expect(byUser.data.every((r) => r.actorName === 'zhangsan')).toBe(true);
    const future = await list(zhangsan, { filter: { startTime: Date.now() + 60_000 } });
    expect(future).toMatchObject({ data: [], total: 0 });
    const page = await list(root, { page: { index: 0, limit: 2 } });
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    const next = await list(root, { page: { index: 1, limit: 2 } });
    expect(next.data[0]!.seq).toBeLessThan(page.data[1]!.seq);
  });

  it("is scoped to the caller's tenant", async () => {
    const b = await list(wangwu, {});
    expect(b.data.some((r) => r.subject === `user:${createdId}`)).toBe(false);
    expect(b.data.some((r) => r.actorName === 'zhangsan')).toBe(false);
    expect((await list(root, {})).data.some((r) => r.subject === `user:${createdId}`)).toBe(true);
  });

  it('refuses callers without wp_operate_log and bad filters', async () => {
    expect((await list(lisi, {})).msg).toBe('无操作权限!');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/wisdompower/v1/operationlog/list',
      headers: auth(root),
      payload: { filter: { startTime: 10, endTime: 5 } },
    });
    expect(expectEnvelopeError(bad).msg).toContain('开始时间须早于结束时间');
  });

  it('exports the filtered log as xlsx named 表格导出', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wisdompower/v1/operationlog/export',
      headers: auth(zhangsan),
      payload: { filter: { kind: 'user.created' } },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('表格导出.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('操作日志')!;
    expect(ws.getRow(1).values).toContain('修改后');
    expect(ws.getRow(2).getCell(4).value).toBe('新建用户');
    // the subject by its name, not its id
    expect(String(ws.getRow(2).getCell(5).value)).toMatch(/^用户 oplog_/);
  });
});
