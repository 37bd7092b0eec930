import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { permissionId } from '../../domain/permissions';
import { bearer, login, makeApp, terminalsOfProject } from './telemetry/helpers';
import { multipart, PNG } from './info/multipart';

/**
 * The contract gaps issue 14 found, each tested from the spec's wording: event save with the full
 * row (§7 "Body is an array of events"), the generic table query (§7), the denied grant (§6 "Denied
 * action message: 无操作权限!"), one HTTP status per kind of fault, the duplicate-reading check for
 * data ids of 901 and above, a `__proto__` rootLabel, a huge page offset, a device-code collision and
 * a truncated upload — each a clear envelope, never a 500.
 */
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let root: string;
let lisi: string;
let dev: { id: number; code: string; projectid: number };
const T0 = Date.now() - 3600_000;

const post = (url: string, payload: unknown, token = root) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });
const ingest = (values: unknown[], time = T0) =>
  app.inject({
    method: 'POST',
    url: '/devicedata/api/comm/v1/ingest',
    payload: { device: dev.code, time, values },
    headers: { 'x-device-key': app.telemetry.keys.keyOf(dev.code) },
  });

beforeAll(async () => {
  ({ app, cleanup } = await makeApp());
  root = (await login(app, 'root')).token;
  lisi = (await login(app, 'lisi')).token;
  dev = (await terminalsOfProject(app, '西湖文化广场'))[0]!;
});
afterAll(async () => cleanup());

describe('§7 event/save: "Body is an array of events"', () => {
  it('takes the full row as event/list gave it, remark null included, and confirms it', async () => {
    await ingest([{ dataId: 1001, value: 400 }]);
    const list = (await post('/wisdompower/v1/event/list', { rootCondition: { page: { index: 0, limit: 1 } } }, lisi)).json();
    expect(list.code).toBe(0);
    const row = list.data[0] as Record<string, unknown>;
    expect(row).toMatchObject({ remark: null, confirmeventstatus: 1 });
    const saved = (await post('/wisdompower/v1/event/save', [{ ...row, confirmeventstatus: 3 }], lisi)).json();
    expect(saved).toMatchObject({ code: 0, msg: '保存成功!', data: { updated: 1 } });
    const stored = await app.db
      .selectFrom('peceventextend')
      .selectAll()
      .where('id', '=', row.id as number)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ confirmeventstatus: 3, operator: 'lisi', remark: null });
  });

  it('a remark on the full row sets it; the row sent back unchanged changes nothing', async () => {
    const list = (await post('/wisdompower/v1/event/list', { rootCondition: { page: { index: 0, limit: 1 } } }, lisi)).json();
    const row = list.data[0] as Record<string, unknown>;
    expect((await post('/wisdompower/v1/event/save', [{ ...row, remark: '已派人检查' }], lisi)).json().data).toEqual({ updated: 1 });
    const again = (await post('/wisdompower/v1/event/list', { rootCondition: { page: { index: 0, limit: 1 } } }, lisi)).json().data[0];
    expect(again.remark).toBe('已派人检查');
    expect((await post('/wisdompower/v1/event/save', [again], lisi)).json().data).toEqual({ updated: 0 });
  });
});

describe('§7 generic table queries: modelLabel, modelList, treeNode, filters, page index and limit, orders → code, data, total', () => {
  it('answers the page with its total, sub-models attached', async () => {
    const res = (
      await post('/model/v1/query', {
        modelLabel: 'project',
        modelList: ['terminal'],
        treeNode: { modelLabel: 'root', id: 0 },
        filters: [{ name: 'name', operator: 'LIKE', value: '广场' }],
        pageIndex: 0,
        limit: 1,
        orders: [{ propertyLabel: 'id', orderType: 'desc' }],
      })
    ).json();
    expect(res.code).toBe(0);
    expect(typeof res.total).toBe('number');
    expect(res.total).toBeGreaterThanOrEqual(1);
    expect(res.data).toHaveLength(1);
    expect(res.data[0].name).toContain('广场');
    expect(res.data[0].modelLabel).toBe('project');
    expect(Array.isArray(res.data[0].terminal_model)).toBe(true);
    expect(res.data[0].terminal_model.every((t: { projectid: number }) => t.projectid === res.data[0].id)).toBe(true);
  });

  it('filters on a property the model lacks are refused by name', async () => {
    const res = (
      await post('/model/v1/query', { modelLabel: 'terminal', filters: [{ name: 'passwordHash', operator: 'EQ', value: 1 }] })
    ).json();
    expect(res).toMatchObject({ code: 4000, msg: '请求参数错误：不支持按属性 passwordHash 过滤' });
  });
});

describe('§6 "Denied action message: 无操作权限!"', () => {
  it('a grant of a permission the granter lacks answers exactly that', async () => {
    const res = (await post('/auth/v1/role', { name: '越权', pageNodes: [], auths: [permissionId('user_delete')!] }, lisi)).json();
    expect(res.msg).toBe('无操作权限!');
    expect(res.code).toBe(403);
  });
});

describe('one HTTP status per kind of fault (docs/errors.md)', () => {
  it('bad input is 400 wherever it is found: schema, clock, unparseable time', async () => {
    const schema = await app.inject({ method: 'POST', url: '/auth/v1/login/nonce', payload: {} });
    const clock = await app.inject({
      method: 'POST',
      url: '/auth/v1/login',
      payload: { userName: 'root', password: 'a'.repeat(64), nonce: 'b'.repeat(32), timestamps: 1, client: 'web' },
    });
    const time = await post('/wisdompower/v1/history/dataId/unit/list', { dataIds: ['x'] });
    for (const r of [schema, clock, time]) expect(r.statusCode).toBe(400);
    expect(clock.json().code).toBe(4012);
  });
});

describe('ingest: the duplicate-reading check for data ids of 901 and above', () => {
  it('readings a millisecond apart are both kept; a true duplicate is refused', async () => {
    // a time at which the old key (dataId × 1e13 + time) made t and t + 1 one number
    let t = T0 + 600_000;
    while (1001 * 1e13 + t !== 1001 * 1e13 + (t + 1)) t++;
    const res = (
      await ingest(
        [
          { dataId: 1001, value: 10, time: t },
          { dataId: 1001, value: 11, time: t + 1 },
          { dataId: 1402, value: 5, time: t + 1 },
          { dataId: 1402, value: 6, time: t + 1 },
        ],
        t,
      )
    ).json();
    expect(res.code).toBe(0);
    expect(res.data.accepted).toBe(3);
    expect(res.data.rejected).toEqual([{ index: 3, dataId: 1402, reason: 'dataId 1402 在同一时刻重复' }]);
  });
});

describe('inputs that used to answer HTTP 500', () => {
  it('a __proto__ rootLabel names the field', async () => {
    const res = await post('/model/v1/query', { rootLabel: '__proto__' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('rootLabel');
  });

  it('a huge page offset is refused with the bound', async () => {
    const res = await post('/model/v1/query', { rootLabel: 'project', rootCondition: { page: { index: 1e15, limit: 10000 } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请求参数错误：rootCondition.page.index：不能大于 1000000');
    const deepest = await post('/model/v1/query', { rootLabel: 'project', rootCondition: { page: { index: 1_000_000, limit: 10000 } } });
    expect(deepest.json()).toMatchObject({ code: 0, data: [] });
  });

  it('a device code taken by another device is a 409 conflict, on create and on edit', async () => {
    const [a, b] = await terminalsOfProject(app, '西湖文化广场');
    const created = await post('/wisdompower/v1/account/node', [
      { modelLabel: 'terminal', name: '新设备', code: a!.code, projectid: a!.projectid },
    ]);
    expect(created.statusCode).toBe(409);
    expect(created.json().msg).toBe(`设备编号 ${a!.code} 已存在`);
    const edited = await post('/model/v1/write/hierachy', [
      { modelLabel: 'terminal', id: b!.id, name: '改名', code: a!.code, projectid: b!.projectid },
    ]);
    expect(edited.statusCode).toBe(409);
    const row = await app.db.selectFrom('terminal').select('code').where('id', '=', b!.id).executeTakeFirstOrThrow();
    expect(row.code).toBe(b!.code);
  });

  it('a truncated upload is a BAD_MULTIPART envelope and stores nothing', async () => {
    const { payload, headers } = multipart([{ field: 'file', fileName: 'logo.png', content: Buffer.concat([PNG, Buffer.alloc(4096, 1)]) }]);
    const cut = payload.subarray(0, Math.floor(payload.length / 2));
    const res = await app.inject({ method: 'POST', url: '/filemanager/v1/file', payload: cut, headers: { ...headers, ...bearer(root) } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 4008 });
    expect(res.json().msg).toMatch(/^上传的表单数据不完整或格式错误/);
    expect(await app.db.selectFrom('stored_file').selectAll().execute()).toEqual([]);
  });
});
