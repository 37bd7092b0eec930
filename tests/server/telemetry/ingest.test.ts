import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, login, makeApp, terminalsOfProject } from './helpers';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let dev: { id: number; code: string };
let devB: { id: number; code: string };
let tokenA: string;
let tokenB: string;
const T0 = Date.now() - 3600_000;

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });
const ingest = (device: { code: string }, time: number, values: unknown[], key = app.telemetry.keys.keyOf(device.code)) =>
  post('/devicedata/api/comm/v1/ingest', { device: device.code, time, values }, { 'x-device-key': key });

beforeAll(async () => {
  ({ app, cleanup } = await makeApp());
  dev = (await terminalsOfProject(app, '西湖文化广场'))[0]!;
  devB = (await terminalsOfProject(app, '玄武区人民医院'))[0]!;
  tokenA = (await login(app, 'zhangsan')).token;
  tokenB = (await login(app, 'wangwu')).token;
});
afterAll(async () => cleanup());

describe('ingest', () => {
  it('keeps the good readings of a mixed batch and reports each bad one', async () => {
    const res = await ingest(dev, T0, [
      { dataId: 1001, value: 120 },
      { dataId: 9999, value: 1 },
      { dataId: 1101, value: 'hot' },
      { dataId: 1102, value: 41.5 },
      { dataId: 1103, value: null },
      { dataId: 1104, value: 30, time: Date.now() + 86_400_000 },
      'garbage',
    ]);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.accepted).toBe(2);
    expect(body.data.rejected.map((r: { index: number }) => r.index)).toEqual([1, 2, 4, 5, 6]);
    for (const r of body.data.rejected) expect(r.reason).toMatch(/\S/);
    const stored = await app.db
      .selectFrom('history')
      .select(['dataid', 'value'])
      .where('deviceid', '=', dev.id)
      .orderBy('dataid')
      .execute();
    expect(stored).toEqual([
      { dataid: 1001, value: 120 },
      { dataid: 1102, value: 41.5 },
    ]);
  });

  it('refuses a dataId twice at one time, the batch time and own times alike, and keeps the rest', async () => {
    const t = T0 + 7 * 60_000;
    const res = await ingest(dev, t, [
      { dataId: 1201, value: 1 },
      { dataId: 1201, value: 2 },
      { dataId: 1201, value: 3, time: t },
      { dataId: 1201, value: 4, time: t + 1000 },
      { dataId: 1201, value: 5, time: t + 1000 },
      { dataId: 1201, value: 6, time: t + 2000 },
    ]);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.accepted).toBe(3);
    expect(body.data.rejected.map((r: { index: number }) => r.index)).toEqual([1, 2, 4]);
    for (const r of body.data.rejected) expect(r.reason).toBe('dataId 1201 在同一时刻重复');
    const stored = await app.db
      .selectFrom('history')
      .select(['time', 'value'])
      .where('deviceid', '=', dev.id)
      .where('dataid', '=', 1201)
      .orderBy('time')
      .execute();
    expect(stored).toEqual([
      { time: t, value: 1 },
      { time: t + 1000, value: 4 },
      { time: t + 2000, value: 6 },
    ]);
  });

  it('refuses whole batches for unknown device, wrong key, future time and oversize, storing nothing', async () => {
    const before = await app.db
      .selectFrom('history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const unknown = (
      await post(
        '/devicedata/api/comm/v1/ingest',
        { device: 'NOPE', time: T0, values: [{ dataId: 1001, value: 1 }] },
        { 'x-device-key': 'x' },
      )
    ).json();
    expect(unknown).toMatchObject({ code: 4301, msg: '设备不存在：NOPE' });
    const wrongKey = (await ingest(dev, T0, [{ dataId: 1001, value: 1 }], 'not-the-key')).json();
    expect(wrongKey.code).toBe(4302);
    const noKey = (await post('/devicedata/api/comm/v1/ingest', { device: dev.code, time: T0, values: [] })).json();
    expect(noKey.code).toBe(4302);
    const future = (await ingest(dev, Date.now() + 3600_000, [{ dataId: 1001, value: 1 }])).json();
    expect(future.code).toBe(4304);
    const big = (
      await ingest(
        dev,
        T0,
        Array.from({ length: 501 }, () => ({ dataId: 1001, value: 1 })),
      )
    ).json();
    expect(big.code).toBe(4303);
    const after = await app.db
      .selectFrom('history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('shows the device key only to users who may manage the device', async () => {
    const mine = (await app.inject({ url: `/devicedata/api/comm/v1/device/${dev.id}/key`, headers: bearer(tokenA) })).json();
    expect(mine.code).toBe(0);
    expect(mine.data.key).toBe(app.telemetry.keys.keyOf(dev.code));
    const other = (await app.inject({ url: `/devicedata/api/comm/v1/device/${dev.id}/key`, headers: bearer(tokenB) })).json();
    expect(other.code).toBe(4031);
    const lisi = (await login(app, 'lisi')).token; // duty operator: no device_update
    expect((await app.inject({ url: `/devicedata/api/comm/v1/device/${dev.id}/key`, headers: bearer(lisi) })).json().msg).toBe(
      '无操作权限!',
    );
  });
});

describe('alarm episodes', () => {
  it('pairs start and end, and a flapping value raises one episode', async () => {
    const d = (await terminalsOfProject(app, '滨江科技园'))[0]!;
    const seq = [100, 250, 310, 295, 305, 290, 310, 200, 200, 100];
    for (let i = 0; i < seq.length; i++) expect((await ingest(d, T0 + i * 15_000, [{ dataId: 1001, value: seq[i] }])).json().code).toBe(0);
    const eps = await app.db.selectFrom('peceventextend').selectAll().where('deviceid', '=', d.id).orderBy('id').execute();
    expect(eps.map((e) => [e.peceventlevel, e.endeventid, e.eventtime - T0, e.endtime! - T0])).toEqual([
      [4, 1, 15_000, 30_000], // warning, ended when it escalated
      [2, 1, 30_000, 120_000], // one alarm for the whole flapping stretch, ended after two readings below the band
    ]);
    const log = await app.db
      .selectFrom('event_log')
      .select(['kind', 'subject'])
      .where('projectId', '=', eps[0]!.projectid)
      .where('kind', 'like', 'alarm.%')
      .orderBy('seq')
      .execute();
    expect(log).toEqual([
      { kind: 'alarm.raised', subject: `peceventextend:${eps[0]!.id}` },
      { kind: 'alarm.ended', subject: `peceventextend:${eps[0]!.id}` },
      { kind: 'alarm.raised', subject: `peceventextend:${eps[1]!.id}` },
      { kind: 'alarm.ended', subject: `peceventextend:${eps[1]!.id}` },
    ]);
  });

  it('per-terminal thresholds change what raises an alarm', async () => {
    const d = (await terminalsOfProject(app, '滨江科技园'))[1]!;
    const save = (
      await post(
        '/wisdompower/v1/account/device/measure/threshold/save',
        { rootID: d.id, rootLabel: 'terminal', thresholds: [{ dataId: 1001, alarmLimit: 100 }] },
        bearer(tokenA),
      )
    ).json();
    expect(save.code).toBe(0);
    expect(save.data.find((t: { dataId: number }) => t.dataId === 1001)).toMatchObject({
      alarmLimit: 100,
      warnLimit: 80,
      isDefault: false,
    });
    await ingest(d, T0, [{ dataId: 1001, value: 120 }]);
    const ep = await app.db.selectFrom('peceventextend').selectAll().where('deviceid', '=', d.id).executeTakeFirstOrThrow();
    expect(ep).toMatchObject({ peceventlevel: 2, limitvalue: 100, value: 120, endeventid: 0 });
    const list = (
      await post('/wisdompower/v1/account/device/measure/threshold/list', { rootID: d.id, rootLabel: 'terminal' }, bearer(tokenB))
    ).json();
    expect(list.code).toBe(4031);
  });
});

describe('event list and save', () => {
  it('lists with filters inside the tenant, and confirm stamps the session operator', async () => {
    await ingest(devB, T0, [{ dataId: 1101, value: 80 }]);
    const body = {
      rootLabel: 'peceventextend',
      rootCondition: {
        page: { index: 0, limit: 50 },
        filter: {
          expressions: [
            { prop: 'endeventid', operator: 'IN', limit: [0, 1] },
            { prop: 'eventtime', operator: 'GE', limit: T0 - 1 },
          ],
        },
      },
      orders: [{ propertyLabel: 'eventtime', orderType: 'desc' }],
    };
    const a = (await post('/wisdompower/v1/event/list', body, bearer(tokenA))).json();
    expect(a.code).toBe(0);
    expect(a.total).toBeGreaterThanOrEqual(3);
    expect(a.data.every((e: { projectname: string }) => ['西湖文化广场', '滨江科技园', '鄞州商业中心'].includes(e.projectname))).toBe(true);
    const times = a.data.map((e: { eventtime: number }) => e.eventtime);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const b = (await post('/wisdompower/v1/event/list', body, bearer(tokenB))).json();
    expect(b.data.map((e: { devicecode: string }) => e.devicecode)).toEqual([devB.code]);

    const active = (
      await post(
        '/wisdompower/v1/event/list?id=' + devB.id + '&modelLabel=terminal',
        { rootCondition: { filter: { expressions: [{ prop: 'endeventid', operator: 'EQ', limit: 0 }] } } },
        bearer(tokenB),
      )
    ).json();
    expect(active.total).toBe(1);
    const id = active.data[0].id;
    // A tenant-A user cannot confirm a tenant-B event, and nothing changes.
    expect((await post('/wisdompower/v1/event/save', [{ id, confirmeventstatus: 3 }], bearer(tokenA))).json().code).toBe(4031);
    const saved = (
      await post('/wisdompower/v1/event/save', [{ id, confirmeventstatus: 3, operator: 'mallory', updatetime: 1 }], bearer(tokenB))
    ).json();
    expect(saved.code).toBe(0);
    const row = await app.db.selectFrom('peceventextend').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.confirmeventstatus).toBe(3);
    expect(row.operator).toBe('wangwu');
    expect(row.updatetime).toBeGreaterThan(Date.now() - 60_000);
    const remark = (await post('/wisdompower/v1/event/save', [{ id, remark: '现场已处理' }], bearer(tokenB))).json();
    expect(remark.code).toBe(0);
    const kinds = await app.db
      .selectFrom('event_log')
      .select(['kind', 'actorName'])
      .where('subject', '=', `peceventextend:${id}`)
      .orderBy('seq')
      .execute();
    expect(kinds).toEqual([
      { kind: 'alarm.raised', actorName: null },
      { kind: 'alarm.confirmed', actorName: 'wangwu' },
      { kind: 'alarm.remarked', actorName: 'wangwu' },
    ]);
  });

  it('refuses filters on unknown properties and exports xlsx', async () => {
    const bad = (
      await post(
        '/wisdompower/v1/event/list',
        { rootCondition: { filter: { expressions: [{ prop: 'password', operator: 'EQ', limit: 1 }] } } },
        bearer(tokenA),
      )
    ).json();
    expect(bad.code).toBe(4000);
    const res = await post('/wisdompower/v1/event/export/list', {}, bearer(tokenA));
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('表格导出.xlsx'));
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('model query ids', () => {
  it('an id that is not an integer ≥ 0 gets a clear error and runs nothing', async () => {
    for (const bad of [{ rootID: -1 }, { ids: [1, 2.5] }, { treeNode: { id: -3, modelLabel: 'project' } }]) {
      const r = (await post('/model/v1/query', { rootLabel: 'terminal', ...bad }, bearer(tokenA))).json();
      expect(r.code).toBe(4000);
      expect(r.msg).toContain('id 须为大于等于 0 的整数');
      expect(r.data).toBeNull();
    }
  });
});

describe('episodes raised and ended in bulk', () => {
  it('maps every id of a wave of more than a hundred raised episodes onto its own series, and ends each', async () => {
    const { MEASURES, COMM_LOSS_EVENT_TYPE } = await import('../../../domain/telemetry');
    const limited = MEASURES.filter((m) => m.alarmLimit !== null);
    const terminals = await app.db.selectFrom('terminal').select(['id', 'code']).orderBy('id').execute();
    expect(terminals.length * limited.length).toBeGreaterThan(100);
    const seen: { kind: string; subject: string | null; payload: unknown }[] = [];
    const stop = app.eventLog.onEvent((ev) => seen.push(ev));
    const t = Date.now() - 60_000;
    const all = (time: number, factor: number) =>
      Promise.all(
        terminals.map((d) =>
          app.telemetry.ingest(
            { device: d.code, time, values: limited.map((m) => ({ dataId: m.dataId, value: factor ? m.alarmLimit! * factor : 0 })) },
            { trusted: true },
          ),
        ),
      );
    // One tick: one flush, one wave per series, every raised row in chunked multi-row INSERTs.
    await all(t, 10);
    const raised = seen.filter((e) => e.kind === 'alarm.raised');
    // every series not already in alarm from the tests above
    const active = await app.db
      .selectFrom('peceventextend')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('endeventid', '=', 0)
      .where('eventtime', '<', t)
      .where('customtype', '!=', COMM_LOSS_EVENT_TYPE)
      .executeTakeFirstOrThrow();
    expect(raised.length).toBe(terminals.length * limited.length - Number(active.n));
    expect(raised.length).toBeGreaterThan(100);
    for (const e of raised) {
      const p = e.payload as { eventId: number; deviceId: number; dataId: number };
      const row = await app.db.selectFrom('peceventextend').selectAll().where('id', '=', p.eventId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ deviceid: p.deviceId, dataid: p.dataId, eventtime: t, endeventid: 0 });
      expect(e.subject).toBe(`peceventextend:${p.eventId}`);
    }
    // Back to normal for the release count: each of those episodes ends, in place.
    await all(t + 1000, 0);
    await all(t + 2000, 0);
    stop();
    const ids = raised.map((e) => (e.payload as { eventId: number }).eventId);
    const ended = await app.db.selectFrom('peceventextend').select(['id', 'endeventid', 'endtime']).where('id', 'in', ids).execute();
    expect(ended).toHaveLength(ids.length);
    expect(ended.every((r) => r.endeventid === 1 && r.endtime === t + 2000)).toBe(true);
  });
});
