import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildStatusDto, CustomPropertyDto, LedgerTreeNode, TerminalRowDto } from '../../../domain/schemas/ledger';
import { auth, env, expectEnvelopeError, login, startApp, type TestApp } from '../helpers';

/** The device ledger's account/* routes (issue 7): hierarchy, custom columns, deletes, scoping. */
let t: TestApp;
let root: string;
let zhangsan: string;
let wangwu: string;
let lisi: string;
const W = '/wisdompower/v1';

const post = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: W + url, headers: auth(token), payload: payload as object });
const get = (token: string, url: string) => t.app.inject({ method: 'GET', url: W + url, headers: auth(token) });
const write = async (token: string, node: Record<string, unknown>) => {
  const res = env<{ id: number }[]>(await post(token, '/account/node', [node]));
  if (res.code !== 0) throw new Error(`${res.code} ${res.msg}`);
  return res.data[0]!.id;
};
const projectOf = async (name: string) =>
  await t.app.db.selectFrom('project').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
const flatten = (nodes: LedgerTreeNode[]): LedgerTreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

beforeAll(async () => {
  t = await startApp();
  [root, zhangsan, wangwu, lisi] = (await Promise.all(
    ['root', 'zhangsan', 'wangwu', 'lisi'].map(async (u) => (await login(t.app, u)).token),
  )) as [string, string, string, string];
});
afterAll(() => t.close());

describe('hierarchy', () => {
  it('root builds province → city → district → project → terminal and enterprise; the tree holds them', async () => {
    const province = await write(root, { modelLabel: 'province', name: '测试省', code: '' });
    const city = await write(root, { modelLabel: 'city', name: '测试市', provinceid: province });
    const district = await write(root, { modelLabel: 'district', name: '测试区', cityid: city });
    const project = await write(root, {
      modelLabel: 'project',
      name: '测试项目',
      districtid: district,
      address: '',
      contactphone: '010-88888888-123',
    });
    const terminal = await write(root, { modelLabel: 'terminal', name: '测试终端', code: 'T-LEDGER-1', projectid: project });
    await write(root, { modelLabel: 'enterprise', name: '测试企业', projectid: project });
    const p = await projectOf('测试项目');
    expect(p).toMatchObject({ provinceid: province, cityid: city, districtid: district, address: null });
    expect(await t.app.db.selectFrom('pecdeviceinfo').selectAll().where('deviceid', '=', terminal).executeTakeFirst()).toMatchObject({
      provinceid: province,
      projectid: project,
    });
    const tree = env<LedgerTreeNode[]>(await get(root, `/account/province/${province}/tree?containLeaf=true`)).data;
    expect(flatten(tree).map((n) => `${n.modelLabel}:${n.name}`)).toEqual([
      'province:测试省',
      'city:测试市',
      'district:测试区',
      'project:测试项目',
      'enterprise:测试企业',
      'terminal:测试终端',
    ]);
    const noLeaf = env<LedgerTreeNode[]>(await get(root, `/account/province/${province}/tree?containLeaf=false`)).data;
    expect(flatten(noLeaf).map((n) => n.modelLabel)).toEqual(['province', 'city', 'district', 'project']);
    const kinds = (await t.app.db.selectFrom('event_log').select('kind').where('subject', '=', `terminal:${terminal}`).execute()).map(
      (r) => r.kind,
    );
    expect(kinds).toContain('ledger.created');
  });

  it('a project user may not change regions nor write without the operation permission', async () => {
    expect(expectEnvelopeError(await post(zhangsan, '/account/node', [{ modelLabel: 'province', name: '越权省' }])).code).toBe(4031);
    const p = await projectOf('西湖文化广场');
    expect(
      expectEnvelopeError(await post(lisi, '/account/node', [{ modelLabel: 'terminal', name: 'x', code: 'LISI-1', projectid: p.id }])).msg,
    ).toContain('无操作权限!');
    expect(
      expectEnvelopeError(await post(zhangsan, '/account/node', [{ modelLabel: 'terminal', name: '', code: 'bad code', projectid: p.id }]))
        .code,
    ).toBe(4000);
  });

  it('deleting a node with children reports what goes with it and needs cascade', async () => {
    const province = (await t.app.db.selectFrom('province').select('id').where('name', '=', '测试省').executeTakeFirstOrThrow()).id;
    const dry = env<{ impact: Record<string, number>; deleted: boolean }>(
      await post(root, '/account/delete/node/list', { nodes: [{ modelLabel: 'province', id: province }], dryRun: true }),
    );
    expect(dry.data).toEqual({ impact: { province: 1, city: 1, district: 1, project: 1, enterprise: 1, terminal: 1 }, deleted: false });
    const refused = expectEnvelopeError(
      await post(root, '/account/delete/node/list', { nodes: [{ modelLabel: 'province', id: province }] }),
    );
    expect(refused.code).toBe(4090);
    expect(refused.msg).toContain('1 个设备');
    const done = env<{ deleted: boolean }>(
      await post(root, '/account/delete/node/list', { nodes: [{ modelLabel: 'province', id: province }], cascade: true }),
    );
    expect(done).toMatchObject({ code: 0, msg: '删除成功!', data: { deleted: true } });
    expect(await t.app.db.selectFrom('terminal').select('id').where('code', '=', 'T-LEDGER-1').executeTakeFirst()).toBeUndefined();
    expect(await t.app.db.selectFrom('pecdeviceinfo').select('id').where('provinceid', '=', province).executeTakeFirst()).toBeUndefined();
  });
});

describe('custom column properties', () => {
  it('are defined per level and tenant; empty strings are stored as null and numbers as numbers', async () => {
    const saved = env<number[]>(
      await post(zhangsan, '/account/node/custom/property', [
        { propertyalias: '负责人', propertylabel: 'owner', propertytype: 'string', objectlabel: 'terminal', status: true },
        { propertyalias: '额定电流', propertylabel: 'ratedCurrent', propertytype: 'number', objectlabel: 'terminal' },
      ]),
    );
    expect(saved.code).toBe(0);
    const list = env<CustomPropertyDto[]>(
      await post(zhangsan, '/account/node/custom/property/list', { objectlabel: 'terminal', status: true }),
    ).data;
    expect(list.map((p) => p.propertylabel)).toEqual(['owner', 'ratedCurrent']);
    const p = await projectOf('西湖文化广场');
    const id = await write(zhangsan, {
      modelLabel: 'terminal',
      name: '带自定义列',
      code: 'EXT-1',
      projectid: p.id,
      vendor: '',
      extendvalue: { owner: '', ratedCurrent: '32' },
    });
    const row = await t.app.db.selectFrom('terminal').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.vendor).toBeNull();
    expect(JSON.parse(row.extendvalue!)).toEqual({ owner: null, ratedCurrent: 32 });
    // Editing one value keeps the others.
    await write(zhangsan, {
      modelLabel: 'terminal',
      id,
      name: '带自定义列',
      code: 'EXT-1',
      projectid: p.id,
      extendvalue: { owner: '王工' },
    });
    const again = await t.app.db.selectFrom('terminal').select('extendvalue').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(again.extendvalue!)).toEqual({ owner: '王工', ratedCurrent: 32 });
    expect(
      expectEnvelopeError(
        await post(zhangsan, '/account/node', [
          { modelLabel: 'terminal', id, name: 'x', code: 'EXT-1', projectid: p.id, extendvalue: { nobody: '1' } },
        ]),
      ).msg,
    ).toContain('nobody');
    expect(
      expectEnvelopeError(
        await post(zhangsan, '/account/node', [
          { modelLabel: 'terminal', id, name: 'x', code: 'EXT-1', projectid: p.id, extendvalue: { ratedCurrent: 'abc' } },
        ]),
      ).msg,
    ).toContain('请输入数字');
    const page = env<TerminalRowDto[]>(
      await post(zhangsan, '/account/node/list', { parent: { modelLabel: 'project', id: p.id }, keyword: 'EXT' }),
    );
    expect(page.total).toBe(1);
    expect(page.data[0]!.extendvalue).toEqual({ owner: '王工', ratedCurrent: 32 });
  });

  it('refuses bad definitions with the field named, and duplicate labels', async () => {
    expect(
      expectEnvelopeError(
        await post(zhangsan, '/account/node/custom/property', [
          { propertyalias: '', propertylabel: '9x', propertytype: 'string', objectlabel: 'terminal' },
        ]),
      ).msg,
    ).toMatch(/propertyalias.*propertylabel/);
    expect(
      expectEnvelopeError(
        await post(zhangsan, '/account/node/custom/property', [
          { propertyalias: '重复', propertylabel: 'owner', propertytype: 'string', objectlabel: 'terminal' },
        ]),
      ).code,
    ).toBe(4009);
  });
});

describe('tenant scoping', () => {
  it("a project user cannot see or change another tenant's ledger, and nothing changes", async () => {
    const a = await projectOf('西湖文化广场');
    const aTerminal = await t.app.db
      .selectFrom('terminal')
      .selectAll()
      .where('projectid', '=', a.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await t.app.db.selectFrom('terminal').selectAll().orderBy('id').execute();
    const tree = flatten(env<LedgerTreeNode[]>(await get(wangwu, '/account/root/0/tree?containLeaf=true')).data);
    expect(tree.some((n) => n.modelLabel === 'project' && n.id === a.id)).toBe(false);
    expect(tree.some((n) => n.modelLabel === 'terminal' && n.id === aTerminal.id)).toBe(false);
    expect(tree.some((n) => n.modelLabel === 'project')).toBe(true);
    expect(expectEnvelopeError(await get(wangwu, `/account/project/${a.id}/tree`)).code).toBe(4031);
    expect(expectEnvelopeError(await post(wangwu, '/account/node/list', { parent: { modelLabel: 'project', id: a.id } })).code).toBe(4031);
    const all = env<TerminalRowDto[]>(await post(wangwu, '/account/node/list', { page: { index: 0, limit: 1000 } })).data;
    expect(all.some((r) => r.projectid === a.id)).toBe(false);
    expect(
      expectEnvelopeError(
        await post(wangwu, '/account/node', [
          { modelLabel: 'terminal', id: aTerminal.id, name: '改名', code: aTerminal.code, projectid: a.id },
        ]),
      ).code,
    ).toBe(4031);
    expect(
      expectEnvelopeError(
        await post(wangwu, '/account/node', [{ modelLabel: 'terminal', name: '塞进去', code: 'B-IN-A', projectid: a.id }]),
      ).code,
    ).toBe(4031);
    expect(
      expectEnvelopeError(await post(wangwu, '/account/delete/node/list', { nodes: [{ modelLabel: 'terminal', id: aTerminal.id }] })).code,
    ).toBe(4031);
    expect(expectEnvelopeError(await post(wangwu, '/account/device/access', { deviceId: aTerminal.id, accesstype: 6 })).code).toBe(4031);
    expect(expectEnvelopeError(await post(wangwu, '/account/child/status/list', { modelLabel: 'project', id: a.id })).code).toBe(4031);
    expect(expectEnvelopeError(await post(wangwu, '/account/project/pecdevice/list', { projectIds: [a.id] })).code).toBe(4031);
    const props = env<CustomPropertyDto[]>(await post(wangwu, '/account/node/custom/property/list', {})).data;
    expect(props.some((p) => p.propertylabel === 'owner')).toBe(false);
    expect(expectEnvelopeError(await post(wangwu, '/account/node/custom/property/list', { tenantid: a.tenantid })).code).toBe(4031);
    const keyMap = env<{ deviceId: number | null }[]>(
      await post(wangwu, '/account/nbiot/device/register/map', { keys: [t.app.telemetry.keys.keyOf(aTerminal.code)] }),
    ).data;
    expect(keyMap[0]!.deviceId).toBeNull();
    expect(await t.app.db.selectFrom('terminal').selectAll().orderBy('id').execute()).toEqual(before);
  });
});

describe('device table, status, access and keys', () => {
  it('pages terminals under a region with a total, and counts child status', async () => {
    const a = await projectOf('西湖文化广场');
    const res = env<TerminalRowDto[]>(
      await post(zhangsan, '/account/node/list', { parent: { modelLabel: 'province', id: a.provinceid }, page: { index: 0, limit: 5 } }),
    );
    expect(res.data).toHaveLength(5);
    expect(res.total).toBeGreaterThan(16);
    const status = env<ChildStatusDto[]>(
      await post(zhangsan, '/account/child/status/list', { modelLabel: 'district', id: a.districtid }),
    ).data;
    expect(status).toEqual([expect.objectContaining({ id: a.id, modelLabel: 'project', deviceCount: 9 })]);
    const links = env<{ deviceid: number }[]>(await post(zhangsan, '/account/project/pecdevice/list', { projectIds: [a.id] })).data;
    expect(links).toHaveLength(9);
  });

  it('orders the device table by the columns the table sorts on (spec §7 orders), then by id', async () => {
    const a = await projectOf('西湖文化广场');
    const list = async (orders: unknown) =>
      env<TerminalRowDto[]>(
        await post(zhangsan, '/account/node/list', { parent: { modelLabel: 'project', id: a.id }, page: { index: 0, limit: 100 }, orders }),
      );
    const byCodeDesc = (await list([{ propertyLabel: 'code', orderType: 'desc' }])).data.map((r) => r.code);
    expect(byCodeDesc.length).toBeGreaterThan(3);
    expect(byCodeDesc).toEqual([...byCodeDesc].sort().reverse());
    const byName = (await list([{ propertyLabel: 'name', orderType: 'asc' }])).data;
    const names = byName.map((r) => r.name);
    expect(names).toEqual([...names].sort());
    // ties keep the id order
    for (let i = 1; i < byName.length; i++) if (names[i] === names[i - 1]) expect(byName[i]!.id).toBeGreaterThan(byName[i - 1]!.id);
    const refused = expectEnvelopeError(
      await post(zhangsan, '/account/node/list', { orders: [{ propertyLabel: 'password', orderType: 'asc' }] }),
    );
    expect(refused.code).toBe(4000);
    expect(refused.msg).toContain('password');
  });

  it('links a device to an access scheme of the same access type and tenant', async () => {
    const a = await projectOf('西湖文化广场');
    const device = await t.app.db.selectFrom('terminal').selectAll().where('projectid', '=', a.id).orderBy('id').executeTakeFirstOrThrow();
    const scheme = env<number>(await post(zhangsan, '/system/device/access/scheme', { name: '电信NB方案', accesstype: 6 })).data;
    expect(
      expectEnvelopeError(await post(zhangsan, '/account/device/access', { deviceId: device.id, accesstype: 5, schemeId: scheme })).msg,
    ).toContain('不一致');
    expect(env(await post(zhangsan, '/account/device/access', { deviceId: device.id, accesstype: 6, schemeId: scheme })).code).toBe(0);
    expect(await t.app.db.selectFrom('device_access_scheme').selectAll().where('deviceid', '=', device.id).executeTakeFirst()).toEqual({
      deviceid: device.id,
      schemeId: scheme,
    });
    const row = env<TerminalRowDto[]>(await post(zhangsan, '/account/node/list', { keyword: device.code })).data[0]!;
    expect(row).toMatchObject({ accesstype: 6, schemeId: scheme, schemeName: '电信NB方案' });
    const bScheme = env<number>(await post(wangwu, '/system/device/access/scheme', { name: 'B方案', accesstype: 6 })).data;
    expect(
      expectEnvelopeError(await post(zhangsan, '/account/device/access', { deviceId: device.id, accesstype: 6, schemeId: bScheme })).code,
    ).toBe(4005);
    const map = env<{ key: string; deviceId: number }[]>(
      await post(zhangsan, '/account/nbiot/device/register/map', { keys: [t.app.telemetry.keys.keyOf(device.code), 'nope'] }),
    ).data;
    expect(map.map((m) => m.deviceId)).toEqual([device.id, null]);
  });

  it('a project given to another tenant takes its terminals along', async () => {
    const province = await write(root, { modelLabel: 'province', name: '迁移省' });
    const city = await write(root, { modelLabel: 'city', name: '迁移市', provinceid: province });
    const district = await write(root, { modelLabel: 'district', name: '迁移区', cityid: city });
    const a = await projectOf('西湖文化广场');
    const b = await projectOf('武侯购物中心');
    const project = await write(root, { modelLabel: 'project', name: '迁移项目', districtid: district, tenantid: a.tenantid });
    const terminal = await write(root, { modelLabel: 'terminal', name: '迁移终端', code: 'MOVE-1', projectid: project });
    await write(root, { modelLabel: 'project', id: project, name: '迁移项目', districtid: district, tenantid: b.tenantid });
    expect((await t.app.db.selectFrom('terminal').select('tenantid').where('id', '=', terminal).executeTakeFirstOrThrow()).tenantid).toBe(
      b.tenantid,
    );
    const seenByA = env<TerminalRowDto[]>(await post(zhangsan, '/account/node/list', { keyword: 'MOVE-1' }));
    expect(seenByA.total).toBe(0);
    expect(env<TerminalRowDto[]>(await post(wangwu, '/account/node/list', { keyword: 'MOVE-1' })).total).toBe(1);
  });

  it('exports the device list as xlsx', async () => {
    const res = await post(zhangsan, '/account/download/device/excel', {});
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('表格导出'));
  });
});
