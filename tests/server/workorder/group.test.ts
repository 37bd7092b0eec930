import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EventOrderDto, OrderDetailDto, OrderRowDto } from '../../../domain/schemas/workorder';
import { testServer, type TestServer } from '../../infra/testApps';
import { login, PASSWORD, terminalsOfProject } from '../telemetry/helpers';
import { createChannel, createRule, deliveries, fakeClock, tickAt } from '../notify/helpers';
import { smtpReceiver } from '../notify/receivers';
import { caller } from './helpers';

/**
 * Issue 29 item 1, the rest: 派单 to a user group (the demo's 杭州值班组), each member told on the bell
 * and, through the notification rules, at its own contact (a local SMTP server, the delivery worker on
 * the test's clock); the first member to 接单 takes it; 转派 to a group; the event list's 处置 column.
 */
let server: TestServer;
let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
const notifyClock = fakeClock();
let clock = Date.now();
let readingTime = Date.now() - 6 * 3600_000;
let zhangsan: ReturnType<typeof caller>;
let lisi: ReturnType<typeof caller>;
let wangwu: ReturnType<typeof caller>;
let zhangsanId: number;
let zhangsanToken: string;
let lisiId: number;
let groupId: number;
let devices: { id: number; code: string; projectid: number; tenantid: number }[];

beforeAll(async () => {
  server = await testServer({
    label: 'group order app',
    rootPassword: PASSWORD,
    demoPassword: PASSWORD,
    demo: true,
    loginRateLimit: 100_000,
    escalation: { checkMs: 0 },
    notify: { allowPrivate: true, checkIntervalMs: 0, now: notifyClock.now },
    // the overdue job runs when the test says so (server.jobs.run)
    workorder: { checkMs: 30_000, now: () => clock },
  });
  app = server.app;
  smtp = await smtpReceiver();
  const z = await login(app, 'zhangsan');
  const l = await login(app, 'lisi');
  zhangsan = caller(app, z.token);
  lisi = caller(app, l.token);
  wangwu = caller(app, (await login(app, 'wangwu')).token);
  zhangsanId = z.userId;
  zhangsanToken = z.token;
  lisiId = l.userId;
  devices = await terminalsOfProject(app, '西湖文化广场');
  groupId = (await app.db.selectFrom('usergroup').select('id').where('name', '=', '杭州值班组').executeTakeFirstOrThrow()).id;
  // the group: lisi (the seed's) and zhangsan
  await app.db.insertInto('usergroup_user').values({ groupId, userId: zhangsanId }).execute();
  // lisi is reached by e-mail, zhangsan has no address
  expect((await lisi.put('/auth/v1/user/contact', { email: 'lisi@voltguard.test' })).code).toBe(0);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function raise(device: { id: number; code: string }): Promise<number> {
  readingTime += 60_000;
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
    .executeTakeFirstOrThrow();
  return row.id;
}

const T = (id: number) => `/workorder/v1/order/${id}/transition`;
const detail = async (id: number) => (await zhangsan.get<OrderDetailDto>(`/workorder/v1/order/${id}`)).data;
const toldUsers = async (orderId: number) =>
  (await app.db.selectFrom('event_log').select(['subject', 'payload']).where('kind', '=', 'workorder.assigned_notified').execute())
    .filter((e) => (JSON.parse(e.payload) as { orderId: number }).orderId === orderId)
    .map((e) => e.subject);

describe('派单 to a user group', () => {
  it('offers the groups with members who may handle the project, and refuses a group of nobody or two targets', async () => {
    const offered = await zhangsan.get<{ id: number; name: string; members: number }[]>(
      `/workorder/v1/assignee-groups?projectId=${devices[0]!.projectid}`,
    );
    expect(offered.data).toEqual([{ id: groupId, name: '杭州值班组', members: 2 }]);
    const eventId = await raise(devices[0]!);
    const empty = (
      await app.db
        .insertInto('usergroup')
        .values({ name: '空组', tenantId: devices[0]!.tenantid, customConfig: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await zhangsan.post('/workorder/v1/order', { eventIds: [eventId], groupId: empty })).code).toBe(4724);
    expect((await zhangsan.post('/workorder/v1/order', { eventIds: [eventId], groupId, assigneeId: lisiId })).code).toBe(4723);
    expect((await zhangsan.post('/workorder/v1/order', { eventIds: [eventId] })).code).toBe(4723);
    // another tenant's user neither sees the project nor its groups
    expect((await wangwu.get(`/workorder/v1/assignee-groups?projectId=${devices[0]!.projectid}`)).code).toBe(4005);
  });

  it('tells every member (bell and the notification rules), the first to 接单 takes it, 转派 to the group again', async () => {
    const mail = await createChannel(app, zhangsanToken, {
      name: '值班邮箱',
      kind: 'email',
      config: { host: '127.0.0.1', port: smtp.port, security: 'none', from: 'alarm@voltguard.test', to: ['duty@voltguard.test'] },
    });
    await createRule(app, zhangsanToken, { channelIds: [mail], levels: [1, 2, 4] });
    const eventId = await raise(devices[1]!);
    const created = await zhangsan.post<{ id: number }>('/workorder/v1/order', { eventIds: [eventId], groupId, note: '组内认领' });
    expect(created.code, created.msg).toBe(0);
    const id = created.data.id;
    expect(await detail(id)).toMatchObject({ status: 'pending', assigneeId: null, assigneeName: null, groupId, groupName: '杭州值班组' });
    expect((await toldUsers(id)).sort()).toEqual([`user:${lisiId}`, `user:${zhangsanId}`].sort());
    // nobody has it yet: the review figures count it in the totals, under no operator (not "user 0")
    const kpi = await zhangsan.get<{ orders?: number; byOperator: { userId: number }[] }>(
      '/workorder/v1/kpi?start=2000-01-01%2000:00:00&end=2100-01-01%2000:00:00',
    );
    expect(kpi.code, kpi.msg).toBe(0);
    expect(kpi.data.byOperator.map((o) => o.userId)).not.toContain(0);

    // through the rule's e-mail channel to lisi's own address; zhangsan has none
    const assigned = (await deliveries(app, zhangsanToken)).filter((d) => d.kind === 'assigned');
    expect(assigned.map((d) => [d.recipient, d.userId, d.projectId])).toEqual([['lisi@voltguard.test', lisiId, devices[1]!.projectid]]);
    await vi.waitFor(async () => {
      await tickAt(app, notifyClock);
      expect(smtp.mails.some((m) => m.to.includes('lisi@voltguard.test'))).toBe(true);
    });
    const sent = smtp.mails.find((m) => m.to.includes('lisi@voltguard.test'))!.data;
    const subject = Buffer.from(/Subject: =\?UTF-8\?B\?(.+)\?=/.exec(sent)![1]!, 'base64').toString();
    expect(subject).toBe('【报警】新工单');

    // 我的工单 of both members shows it until one of them accepts
    const mine = async (who: ReturnType<typeof caller>) =>
      (await who.post<OrderRowDto[]>('/workorder/v1/order/list', { filter: { mine: true } })).data.map((r) => r.id);
    expect(await mine(lisi)).toContain(id);
    expect(await mine(zhangsan)).toContain(id);
    clock += 60_000;
    expect((await lisi.post(T(id), { action: 'accept' })).code).toBe(0);
    expect(await detail(id)).toMatchObject({ status: 'in_progress', assigneeId: lisiId, assigneeName: 'lisi', groupId });
    expect((await zhangsan.post(T(id), { action: 'accept' })).msg).toBe(`工单 ${id} 状态为处理中，不能接单`);
    expect(await mine(zhangsan)).not.toContain(id);

    // 转派 back to the group: waiting for a member again, both told again
    const again = await zhangsan.post(T(id), { action: 'reassign', groupId, reason: '换人' });
    expect(again.code, again.msg).toBe(0);
    expect(await detail(id)).toMatchObject({ status: 'pending', assigneeId: null, groupId });
    expect((await toldUsers(id)).length).toBe(4);
    const timeline = (await detail(id)).timeline.map((s) => [s.action, s.detail.groupName ?? s.detail.assigneeName]);
    expect(timeline).toEqual([
      ['create', '杭州值班组'],
      ['accept', 'lisi'],
      ['reassign', '杭州值班组'],
    ]);
    // the overdue job tells the members of a group's waiting order
    clock = (await detail(id)).dueAt + 1;
    await server.jobs.run('workorders.overdue');
    const overdue = await app.db.selectFrom('event_log').select('subject').where('kind', '=', 'workorder.overdue_notified').execute();
    expect(overdue.map((e) => e.subject)).toEqual(expect.arrayContaining([`user:${lisiId}`, `user:${zhangsanId}`]));
  });

  it('the event list’s 处置 column: each event’s newest order, overdue marked; nothing for another tenant', async () => {
    const eventId = await raise(devices[2]!);
    const quiet = await raise(devices[3]!);
    const { data } = await zhangsan.post<{ id: number }>('/workorder/v1/order', { eventIds: [eventId], assigneeId: lisiId });
    const shown = await zhangsan.post<EventOrderDto[]>('/workorder/v1/order/of-events', { eventIds: [eventId, quiet] });
    expect(shown.data).toEqual([{ eventId, orderId: data.id, status: 'pending', overdue: false, level: 2 }]);
    clock = (await detail(data.id)).dueAt + 1;
    const late = await zhangsan.post<EventOrderDto[]>('/workorder/v1/order/of-events', { eventIds: [eventId] });
    expect(late.data[0]!.overdue).toBe(true);
    expect((await wangwu.post<EventOrderDto[]>('/workorder/v1/order/of-events', { eventIds: [eventId] })).data).toEqual([]);
  });
});
