import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, env, expectEnvelopeError, login, startApp, tenantIdOf, type TestApp } from '../helpers';
import { multipart, PNG } from './multipart';

let t: TestApp;
let zhangsan: string;
let wangwu: string;
let lisi: string;
let root: string;

beforeAll(async () => {
  t = await startApp({ maxFileBytes: 1024 });
  [zhangsan, wangwu, lisi, root] = (await Promise.all(
    ['zhangsan', 'wangwu', 'lisi', 'root'].map(async (u) => (await login(t.app, u)).token),
  )) as string[] as [string, string, string, string];
});
afterAll(() => t.close());

const upload = (token: string, body: ReturnType<typeof multipart>, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/filemanager/v1/file${query}`,
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });

describe('file service', () => {
  it('uploads a logo, downloads it back and logs the upload', async () => {
    const res = await upload(zhangsan, multipart([{ field: 'file', fileName: '标志.png', contentType: 'image/png', content: PNG }]));
    const name = env<string>(res).data;
    expect(env(res).code).toBe(0);
    expect(name).toMatch(/^[0-9a-f-]{36}\.png$/);
    const dl = await t.app.inject({ method: 'GET', url: `/filemanager/v1/file/downLoad?fileName=${name}`, headers: auth(zhangsan) });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/png');
    expect(dl.rawPayload.equals(PNG)).toBe(true);
    const ev = await t.app.db.selectFrom('event_log').selectAll().where('kind', '=', 'file.uploaded').execute();
    expect(ev.map((e) => e.subject)).toContain(`file:${name}`);
  });

  it('refuses a file over the size limit with a clear message', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2048)]);
    const err = expectEnvelopeError(await upload(zhangsan, multipart([{ field: 'file', fileName: 'big.png', content: big }])));
    expect(err).toMatchObject({ code: 4405, msg: '文件过大：上限为 1 KB' });
  });

  it('refuses a type not allowed, and content that does not match its extension', async () => {
    const exe = expectEnvelopeError(await upload(zhangsan, multipart([{ field: 'file', fileName: 'run.exe', content: 'MZ...' }])));
    expect(exe.code).toBe(4406);
    expect(exe.msg).toContain('不支持的文件类型：exe');
    const fake = expectEnvelopeError(
      await upload(zhangsan, multipart([{ field: 'file', fileName: 'logo.png', content: '<script>alert(1)</script>' }])),
    );
    expect(fake.code).toBe(4406);
  });

  it('needs the part named file, and a multipart body at all', async () => {
    expect(expectEnvelopeError(await upload(zhangsan, multipart([{ field: 'logo', fileName: 'a.png', content: PNG }]))).msg).toBe(
      '请选择要上传的文件（表单字段 file）',
    );
    const json = await t.app.inject({ method: 'POST', url: '/filemanager/v1/file', headers: auth(zhangsan), payload: { file: 'x' } });
    expect(expectEnvelopeError(json).code).toBe(4407);
  });

  it('needs user_logo or 处置 (workorder_handle) to upload', async () => {
    const guest = (await login(t.app, 'guest')).token;
    expect(expectEnvelopeError(await upload(guest, multipart([{ field: 'file', fileName: 'a.png', content: PNG }]))).msg).toBe(
      '无操作权限!',
    );
    // the 值班员 handles work orders: an on-site photo (issue 29)
    expect(env<string>(await upload(lisi, multipart([{ field: 'file', fileName: 'site.png', content: PNG }]))).code).toBe(0);
  });

  it("answers 文件不存在 for a missing file, a made-up name and another tenant's file", async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/filemanager/v1/file/downLoad?fileName=00000000-0000-4000-8000-000000000000.png',
      headers: auth(zhangsan),
    });
    expect(expectEnvelopeError(missing)).toMatchObject({ code: 4404, msg: '文件不存在' });
    const traversal = await t.app.inject({
      method: 'GET',
      url: `/filemanager/v1/file/downLoad?fileName=${encodeURIComponent('../voltguard.sqlite')}`,
      headers: auth(zhangsan),
    });
    expect(expectEnvelopeError(traversal).msg).toBe('文件不存在');
    const name = env<string>(await upload(zhangsan, multipart([{ field: 'file', fileName: 'a.png', content: PNG }]))).data;
    const other = await t.app.inject({ method: 'GET', url: `/filemanager/v1/file/downLoad?fileName=${name}`, headers: auth(wangwu) });
    expect(expectEnvelopeError(other).msg).toBe('文件不存在');
  });

  it('lets root upload into a tenant, refuses a project user naming another tenant', async () => {
    const tenantB = await tenantIdOf(t.app, 'wangwu');
    const name = env<string>(
      await upload(root, multipart([{ field: 'file', fileName: 'b.png', content: PNG }]), `?tenantId=${tenantB}`),
    ).data;
    const dl = await t.app.inject({ method: 'GET', url: `/filemanager/v1/file/downLoad?fileName=${name}`, headers: auth(wangwu) });
    expect(dl.statusCode).toBe(200);
    const denied = await upload(zhangsan, multipart([{ field: 'file', fileName: 'b.png', content: PNG }]), `?tenantId=${tenantB}`);
    expect(expectEnvelopeError(denied).code).toBe(4031);
  });
});

describe('user logo', () => {
  it("gives the logo file name of a group, and of the caller's own group", async () => {
    const name = env<string>(await upload(zhangsan, multipart([{ field: 'file', fileName: 'g.png', content: PNG }]))).data;
    const group = await t.app.db.selectFrom('usergroup').selectAll().where('name', '=', '杭州值班组').executeTakeFirstOrThrow();
    const members = await t.app.db.selectFrom('usergroup_user').select('userId').where('groupId', '=', group.id).execute();
    const put = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/usergroup',
      headers: auth(zhangsan),
      payload: {
        id: group.id,
        name: group.name,
        customConfig: JSON.stringify({ fileName: name }),
        users: members.map((m) => ({ id: m.userId })),
      },
    });
    expect(env(put).code).toBe(0);
    const byGroup = await t.app.inject({ method: 'GET', url: `/wisdompower/v1/user/logo?groupId=${group.id}`, headers: auth(zhangsan) });
    expect(env(byGroup).data).toBe(name);
    const own = await t.app.inject({ method: 'GET', url: '/wisdompower/v1/user/logo', headers: auth(lisi) });
    expect(env(own).data).toBe(name);
    const none = await t.app.inject({ method: 'GET', url: '/wisdompower/v1/user/logo', headers: auth(wangwu) });
    expect(env(none)).toMatchObject({ code: 0, data: null });
    const foreign = await t.app.inject({ method: 'GET', url: `/wisdompower/v1/user/logo?groupId=${group.id}`, headers: auth(wangwu) });
    expect(expectEnvelopeError(foreign).code).toBe(4031);
  });
});
