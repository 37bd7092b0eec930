import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { OrderDetailDto, OrderRowDto } from '../../../domain/schemas/workorder';
import { permissionId } from '../../../domain/permissions';
import { DEFAULT_SYSTEM_SETTINGS } from '../../../domain/schemas/info';
import { testServer, type TestServer } from '../../infra/testApps';
import { multipart, PNG } from '../info/multipart';
import { bearer, login, PASSWORD, terminalsOfProject } from '../telemetry/helpers';
import { caller } from './helpers';

/**
 * Work orders (issue 29) through the real server on both stores: an alarm raised through the ingest
 * path, dispatched, accepted, resolved with cause, photo and readings, reviewed and closed; 退回 and
 * 转派; the threshold check at 处理完成; the overdue job on the test clock; scope and permissions.
 */
let server: TestServer;
let app: FastifyInstance;
/** the work orders' clock (dispatch, steps, overdue); readings are stamped in the recent past */
let clock = 0;
let readingTime = Date.now() - 6 * 3600_000;
let devices: { id: number; code: string; projectid: number }[];
let zhangsan: ReturnType<typeof caller>;
let lisi: ReturnType<typeof caller>;
let wangwu: ReturnType<typeof caller>;
let zhangsanId: number;
let lisiId: number;
let zhangsanToken: string;

beforeAll(async () => {
  server = await testServer({
    label: 'work order app',
    rootPassword: PASSWORD,
    demoPassword: PASSWORD,
    demo: true,
    loginRateLimit: 100_000,
    escalation: { checkMs: 0 },
    workorder: { checkMs: 30_000, now: () => clock },
  });
  app = server.app;
  const z = await login(app, 'zhangsan');
  const l = await login(app, 'lisi');
  const w = await login(app, 'wangwu');
  zhangsan = caller(app, z.token);
  lisi = caller(app, l.token);
  wangwu = caller(app, w.token);
  zhangsanId = z.userId;
  lisiId = l.userId;
  zhangsanToken = z.token;
  devices = await terminalsOfProject(app, '西湖文化广场');
});
afterAll(async () => {
  await server?.close();
});

async function reading(device: { code: string }, value: number): Promise<void> {
  readingTime += 60_000;
  clock = readingTime;
  const r = await app.telemetry.ingest({ device: device.code, time: readingTime, values: [{ dataId: 1001, value }] }, { trusted: true });
  expect(r.accepted).toBe(1);
}

async function raise(device: { id: number; code: string }): Promise<number> {
  readingTime += 60_000;
  clock = readingTime;
  const r = await app.telemetry.ingest(
    { device: device.code, time: readingTime, values: [{ dataId: 1001, value: 400 }] },
    { trusted: true },
  );
  expect(r.accepted).toBe(1);
  const row = await app.db
    .selectFrom('peceventextend')
    .select('id')
    .where('eventtime', '=', readingTime)
    .where('deviceid', '=', device.id)
    .where('endeventid', '=', 0)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Readings back under the limit, enough of them for the alarm to end. */
async function recover(device: { code: string }): Promise<void> {
  for (let i = 0; i < 5; i++) await reading(device, 50);
}

async function photo(): Promise<string> {
  const { payload, headers } = multipart([{ field: 'file', fileName: 'site.png', contentType: 'image/png', content: PNG }]);
  const res = await app.inject({ method: 'POST', url: '/filemanager/v1/file', payload, headers: { ...headers, ...bearer(zhangsanToken) } });
  const body = res.json() as { code: number; data: string };
  expect(body.code).toBe(0);
  return body.data;
}

const T = (id: number) => `/workorder/v1/order/${id}/transition`;
const detail = async (id: number) => (await zhangsan.get<OrderDetailDto>(`/workorder/v1/order/${id}`)).data;

describe('the whole path', () => {
  it('alarm → 派单 → 接单 → 处理完成 with cause, photo and readings in range → 审核 → 已关闭, stamped and logged', async () => {
    const device = devices[0]!;
    const eventId = await raise(device);
    const dispatchedAt = clock;
    const created = await zhangsan.post<{ id: number }>('/workorder/v1/order', {
      eventIds: [eventId],
      assigneeId: lisiId,
      note: '请尽快到场',
    });
    expect(created.code).toBe(0);
    const id = created.data.id;
    let d = await detail(id);
    // 报警 (level 2): due 8 h after dispatch by default
    expect(d).toMatchObject({ status: 'pending', eventIds: [eventId], assigneeId: lisiId, projectId: device.projectid, level: 2 });
    expect(d.dueAt).toBe(dispatchedAt + 8 * 3600_000);

    // The assignee's bell: a message addressed to lisi only.
    const told = await app.db.selectFrom('event_log').selectAll().where('kind', '=', 'workorder.assigned_notified').execute();
    expect(told.map((e) => e.subject)).toEqual([`user:${lisiId}`]);
    const centre = async (who: ReturnType<typeof caller>, receiver: number) =>
      (
        await who.post<{ logTypeName: string }[]>('/messageServer/v1/log', {
          receiver,
          startTime: Date.now() - 3600_000,
          endTime: Date.now() + 60_000,
        })
      ).data.filter((m) => m.logTypeName === '新工单');
    expect((await centre(lisi, lisiId)).map((m) => m.logTypeName)).toEqual(['新工单']);
    expect(await centre(zhangsan, zhangsanId)).toEqual([]);

    // Only the assignee accepts.
    expect((await zhangsan.post(T(id), { action: 'accept' })).msg).toContain('只有工单的处理人可以接单');
    clock += 60_000;
    expect((await lisi.post(T(id), { action: 'accept' })).code).toBe(0);
    expect((await lisi.post(T(id), { action: 'accept' })).msg).toBe(`工单 ${id} 状态为处理中，不能接单`);

    // Still alarming: refused without an override reason.
    const refused = await lisi.post(T(id), { action: 'resolve', cause: '过载', measures: '更换空开' });
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toContain('设备读数仍超出阈值');
    expect((await detail(id)).status).toBe('in_progress');

    await recover(device);
    const file = await photo();
    expect((await lisi.post(T(id), { action: 'resolve', cause: '不存在的原因', measures: 'x' })).msg).toContain('原因须为系统配置中的一项');
    const resolvedAt = clock;
    const resolved = await lisi.post(T(id), { action: 'resolve', cause: '过载', measures: '更换空开，紧固接线', fileIds: [file] });
    expect(resolved).toMatchObject({ code: 0, data: { status: 'review' } });
    d = await detail(id);
    expect(d).toMatchObject({
      status: 'review',
      cause: '过载',
      measures: '更换空开，紧固接线',
      fileIds: [file],
      overrideReason: null,
      resolvedAt,
    });
    const residual = d.readings!.find((r) => r.deviceId === device.id && r.dataId === 1001)!;
    expect(residual).toMatchObject({ value: 50, inRange: true });
    expect(d.readings!.every((r) => r.inRange)).toBe(true);

    clock += 60_000;
    expect((await zhangsan.post(T(id), { action: 'approve' })).code).toBe(0);
    d = await detail(id);
    expect(d).toMatchObject({ status: 'closed', closedAt: clock });
    expect(d.timeline.map((s) => [s.action, s.from, s.to, s.actorName])).toEqual([
      ['create', null, 'pending', 'zhangsan'],
      ['accept', 'pending', 'in_progress', 'lisi'],
      ['resolve', 'in_progress', 'review', 'lisi'],
      ['approve', 'review', 'closed', 'zhangsan'],
    ]);
    expect(d.timeline.map((s) => s.at)).toEqual([dispatchedAt, dispatchedAt + 60_000, resolvedAt, clock]);

    // The operation log: one line per step with before and after.
    const log = await app.db.selectFrom('event_log').selectAll().where('subject', '=', `workorder:${id}`).orderBy('seq').execute();
    expect(log.map((e) => [e.kind, e.actorName])).toEqual([
      ['workorder.created', 'zhangsan'],
      ['workorder.accepted', 'lisi'],
      ['workorder.resolved', 'lisi'],
      ['workorder.approved', 'zhangsan'],
    ]);
    const approved = JSON.parse(log[3]!.payload) as { before: { status: string }; after: { status: string } };
    expect(approved.before.status).toBe('review');
    expect(approved.after.status).toBe('closed');

    // The list row of the contract.
    const list = await zhangsan.post<OrderRowDto[]>('/workorder/v1/order/list', {
      page: { index: 0, limit: 10 },
      filter: { status: ['closed'] },
    });
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      id,
      status: 'closed',
      eventIds: [eventId],
      projectId: device.projectid,
      assigneeId: lisiId,
      cause: '过载',
    });
    for (const k of ['createdAt', 'dueAt', 'closedAt'])
      expect(typeof (list.data[0] as unknown as Record<string, unknown>)[k]).toBe('number');
  });

  it('closing while the device still alarms needs an override reason, kept with the out-of-range readings', async () => {
    const device = devices[1]!;
    const eventId = await raise(device);
    const id = (await zhangsan.post<{ id: number }>('/workorder/v1/order', { eventIds: [eventId], assigneeId: lisiId })).data.id;
    await lisi.post(T(id), { action: 'accept' });
    const en = await caller(app, (await login(app, 'lisi')).token, 'en').post(T(id), {
      action: 'resolve',
      cause: '误报',
      measures: '现场核查',
    });
    expect(en.msg).toContain('still over their limits');
    lisi = caller(app, (await login(app, 'lisi')).token);
    const ok = await lisi.post(T(id), { action: 'resolve', cause: '误报', measures: '现场核查', overrideReason: '探头损坏，已报修' });
    expect(ok.code).toBe(0);
    const d = await detail(id);
    expect(d.overrideReason).toBe('探头损坏，已报修');
    expect(d.readings!.find((r) => r.deviceId === device.id && r.dataId === 1001)).toMatchObject({ value: 400, inRange: false });
  });

  it('退回 sends a reviewed order back to 处理中 with the reason; 转派 gives it to another user at 待接单', async () => {
    const device = devices[2]!;
    const eventId = await raise(device);
    await recover(device);
    const id = (await zhangsan.post<{ id: number }>('/workorder/v1/order', { eventIds: [eventId], assigneeId: lisiId })).data.id;
    // One event, one open order.
    expect((await zhangsan.post('/workorder/v1/order', { eventIds: [eventId], assigneeId: lisiId })).msg).toContain(
      `已在工单 ${id} 中处置`,
    );
    await lisi.post(T(id), { action: 'accept' });
    await lisi.post(T(id), { action: 'resolve', cause: '接触不良', measures: '紧固' });
    expect((await zhangsan.post(T(id), { action: 'reject' })).msg).toContain('请填写退回原因');
    expect((await zhangsan.post(T(id), { action: 'reject', reason: '照片缺失' })).data).toMatchObject({ status: 'in_progress' });
    // 转派 to zhangsan: pending again, the new assignee told.
    expect((await zhangsan.post(T(id), { action: 'reassign', assigneeId: zhangsanId, reason: '值班交接' })).data).toMatchObject({
      status: 'pending',
    });
    const d = await detail(id);
    expect(d).toMatchObject({ status: 'pending', assigneeId: zhangsanId, acceptedAt: null });
    expect(d.timeline.map((s) => s.action)).toEqual(['create', 'accept', 'resolve', 'reject', 'reassign']);
    expect(d.timeline[3]!.detail).toMatchObject({ reason: '照片缺失' });
    expect(d.timeline[4]!.detail).toMatchObject({ fromAssigneeId: lisiId, assigneeId: zhangsanId });
    const told = await app.db
      .selectFrom('event_log')
      .select('subject')
      .where('kind', '=', 'workorder.assigned_notified')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(told.subject).toBe(`user:${zhangsanId}`);
    // lisi no longer holds it.
    expect((await lisi.post(T(id), { action: 'accept' })).msg).toContain('只有工单的处理人');
    // Another tenant's user cannot be the assignee.
    const wangwuId = (await app.db.selectFrom('app_user').select('id').where('name', '=', 'wangwu').executeTakeFirstOrThrow()).id;
    expect((await zhangsan.post(T(id), { action: 'reassign', assigneeId: wangwuId })).msg).toContain(
      `处理人 ${wangwuId} 不能处置该项目的工单`,
    );
  });
});

describe('assignees', () => {
  it('offers the users who hold 处置 and see the project; another tenant gets not-found', async () => {
    const projectId = devices[0]!.projectid;
    const a = await zhangsan.get<{ id: number; name: string }[]>(`/workorder/v1/assignees?projectId=${projectId}`);
    expect(a.code).toBe(0);
    expect(a.data.map((u) => u.name)).toEqual(expect.arrayContaining(['zhangsan', 'lisi']));
    expect(a.data.map((u) => u.name)).not.toContain('wangwu');
    expect((await wangwu.get(`/workorder/v1/assignees?projectId=${projectId}`)).msg).toContain('不存在');
  });
});

describe('overdue', () => {
  it('the job marks open orders past due once, pushes the mark and lists them as overdue', async () => {
    const device = devices[0]!;
    const eventId = await raise(device);
    const id = (
      await zhangsan.post<{ id: number }>('/workorder/v1/order', { eventIds: [eventId], assigneeId: lisiId, dueAt: clock + 3600_000 })
    ).data.id;
    const due = clock + 3600_000;
    const adminRole = await app.db
      .selectFrom('role')
      .innerJoin('user_role', 'user_role.roleId', 'role.id')
      .select('role.id')
      .where('user_role.userId', '=', zhangsanId)
      .executeTakeFirstOrThrow();
    const saved = await zhangsan.post('/wisdompower/v1/system/setting/save', {
      settings: { ...DEFAULT_SYSTEM_SETTINGS, escalateRoleId: adminRole.id },
    });
    expect(saved.code).toBe(0);
    clock = due - 1;
    await server.jobs.run('workorders.overdue');
    expect((await detail(id)).overdueAt).toBeNull();
    clock = due;
    await server.jobs.advance(30_000);
    expect((await detail(id)).overdueAt).toBe(due);
    clock = due + 60_000;
    await server.jobs.run('workorders.overdue');
    const d = await detail(id);
    expect(d.overdueAt).toBe(due);
    expect(d.timeline.filter((s) => s.action === 'overdue')).toHaveLength(1);
    const marks = await app.db.selectFrom('event_log').selectAll().where('kind', '=', 'workorder.overdue').execute();
    expect(marks.map((m) => [m.subject, m.projectId])).toEqual([[`workorder:${id}`, device.projectid]]);
    // the assignee and the escalation role's users (项目管理员: zhangsan) are told
    const told = await app.db.selectFrom('event_log').selectAll().where('kind', '=', 'workorder.overdue_notified').orderBy('seq').execute();
    expect(told.map((m) => m.subject).sort()).toEqual([`user:${lisiId}`, `user:${zhangsanId}`].sort());
    const overdue = await zhangsan.post<OrderRowDto[]>('/workorder/v1/order/list', {
      page: { index: 0, limit: 50 },
      filter: { overdue: true },
    });
    expect(overdue.data.map((r) => r.id)).toContain(id);
    const mine = await lisi.post<OrderRowDto[]>('/workorder/v1/order/list', {
      page: { index: 0, limit: 50 },
      filter: { mine: true, overdue: true },
    });
    expect(mine.data.map((r) => r.id)).toEqual([id]);
  });
});

describe('scope and permissions', () => {
  it('another tenant’s user cannot list, read or move an order', async () => {
    const [order] = (await zhangsan.post<OrderRowDto[]>('/workorder/v1/order/list', { page: { index: 0, limit: 1 }, filter: {} })).data;
    const id = order!.id;
    const list = await wangwu.post<OrderRowDto[]>('/workorder/v1/order/list', { page: { index: 0, limit: 100 }, filter: {} });
    expect(list).toMatchObject({ code: 0, data: [], total: 0 });
    const read = await wangwu.get(`/workorder/v1/order/${id}`);
    expect(read.code).not.toBe(0);
    expect(read.msg).toContain('不存在');
    expect(JSON.stringify(read.data ?? null)).not.toContain(String(order!.dueAt));
    for (const action of ['accept', 'approve', 'reassign'] as const) {
      const moved = await wangwu.post(T(id), { action, assigneeId: lisiId, reason: 'x' });
      expect(moved.code).not.toBe(0);
      expect(moved.msg).toContain(`工单 ${id} 不存在`);
    }
    const wangwuEvent = await app.db.selectFrom('peceventextend').select('id').where('id', '=', -1).executeTakeFirst();
    expect(wangwuEvent).toBeUndefined();
    // Dispatching another tenant's event is 事件不存在 too.
    const foreign = await wangwu.post('/workorder/v1/order', { eventIds: order!.eventIds, assigneeId: lisiId });
    expect(foreign.msg).toContain('不存在');
  });

  it('a role without 处置 cannot resolve: 无操作权限!', async () => {
    const device = devices[3] ?? devices[0]!;
    const eventId = await raise(device);
    const id = (await zhangsan.post<{ id: number }>('/workorder/v1/order', { eventIds: [eventId], assigneeId: lisiId })).data.id;
    expect((await lisi.post(T(id), { action: 'accept' })).code).toBe(0);
    const role = await app.db
      .selectFrom('role')
      .innerJoin('user_role', 'user_role.roleId', 'role.id')
      .selectAll('role')
      .where('user_role.userId', '=', lisiId)
      .executeTakeFirstOrThrow();
    const auths = (JSON.parse(role.auths) as number[]).filter((a) => a !== permissionId('workorder_handle'));
    const saved = await zhangsan.put('/auth/v1/role', {
      id: role.id,
      name: role.name,
      customConfig: role.customConfig,
      pageNodes: (JSON.parse(role.pageNodes) as number[]).map((n) => ({ id: n })),
      auths,
    });
    expect(saved.code).toBe(0);
    const denied = await lisi.post(T(id), { action: 'resolve', cause: '其他', measures: 'x', overrideReason: 'y' });
    expect(denied.msg).toBe('无操作权限!');
    expect((await detail(id)).status).toBe('in_progress');
  });
});
