import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { bearer, login, makeApp, terminalsOfProject } from './helpers';

/** Alarm event management (issue 6): confirm stamping, tenant isolation, permissions, remarks, node scope, export. */
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let devA: { id: number; code: string; projectid: number };
let devB: { id: number; code: string; projectid: number };
let tokenLisi: string; // tenant A 值班员
let tokenB: string; // tenant B admin
let tokenGuest: string; // tenant B, no operation permissions
let eventA: number;
let eventB: number;
const T0 = Date.now() - 3600_000;

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });
const ingest = (device: { code: string }, time: number, values: unknown[]) =>
  post('/devicedata/api/comm/v1/ingest', { device: device.code, time, values }, { 'x-device-key': app.telemetry.keys.keyOf(device.code) });
const row = (id: number) => app.db.selectFrom('peceventextend').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const activeOf = async (deviceId: number) =>
  (
    await app.db
      .selectFrom('peceventextend')
      .select('id')
      .where('deviceid', '=', deviceId)
      .where('endeventid', '=', 0)
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  ({ app, cleanup } = await makeApp());
  devA = (await terminalsOfProject(app, '西湖文化广场'))[0]!;
  devB = (await terminalsOfProject(app, '玄武区人民医院'))[0]!;
  tokenLisi = (await login(app, 'lisi')).token;
  tokenB = (await login(app, 'wangwu')).token;
  tokenGuest = (await login(app, 'guest')).token;
  await ingest(devA, T0, [{ dataId: 1001, value: 350 }]);
  await ingest(devB, T0, [{ dataId: 1101, value: 80 }]);
  eventA = await activeOf(devA.id);
  eventB = await activeOf(devB.id);
});
afterAll(async () => cleanup());

describe('event/save confirm', () => {
  it('stamps the session user and server time even when the body names another operator', async () => {
    const before = Date.now();
    const res = (
      await post(
        '/wisdompower/v1/event/save',
        [{ id: eventA, confirmeventstatus: 3, operator: 'mallory', updatetime: 1 }],
        bearer(tokenLisi),
      )
    ).json();
    expect(res).toMatchObject({ code: 0, data: { updated: 1 } });
    const r = await row(eventA);
    expect(r).toMatchObject({ confirmeventstatus: 3, operator: 'lisi' });
    expect(r.updatetime).toBeGreaterThanOrEqual(before);
  });

  it('a tenant-A user cannot confirm a tenant-B event, even inside a batch with its own, and nothing changes', async () => {
    const res = (
      await post(
        '/wisdompower/v1/event/save',
        [
          { id: eventA, confirmeventstatus: 3 },
          { id: eventB, confirmeventstatus: 3 },
        ],
        bearer(tokenLisi),
      )
    ).json();
    expect(res.code).toBe(4031);
    expect(await row(eventB)).toMatchObject({ confirmeventstatus: 1, operator: null, updatetime: null });
  });

  it('a user without event_confirm gets 无操作权限! and nothing changes', async () => {
    const res = (await post('/wisdompower/v1/event/save', [{ id: eventB, confirmeventstatus: 3 }], bearer(tokenGuest))).json();
    expect(res.msg).toBe('无操作权限!');
    expect(res.code).not.toBe(0);
    expect(await row(eventB)).toMatchObject({ confirmeventstatus: 1, operator: null, updatetime: null });
    const log = await app.db.selectFrom('event_log').select('kind').where('subject', '=', `peceventextend:${eventB}`).execute();
    expect(log.map((l) => l.kind)).toEqual(['alarm.raised']);
  });
});

describe('event/save remark', () => {
  it.each([
    ['', false],
    ['   ', false],
    ['x'.repeat(141), false],
    ['x', true],
    ['备'.repeat(140), true],
  ])('remark %#: accepted=%s', async (remark, accepted) => {
    const before = (await row(eventB)).remark;
    const res = (await post('/wisdompower/v1/event/save', [{ id: eventB, remark }], bearer(tokenB))).json();
    if (accepted) {
      expect(res.code).toBe(0);
      // The remark has its own stamp; the (absent) confirmation stamp is not touched (issue 15).
      expect(await row(eventB)).toMatchObject({ remark, remarkoperator: 'wangwu', operator: null, updatetime: null });
    } else {
      expect(res.code).toBe(4000);
      expect(res.msg).toContain('长度在 1 到 140 个字符');
      expect((await row(eventB)).remark).toBe(before);
    }
  });
});

describe('event/list node scope', () => {
  const list = (query: string, token: string, body: object = {}) => post(`/wisdompower/v1/event/list${query}`, body, bearer(token));

  it("scopes to a project or a terminal, and refuses another tenant's node", async () => {
    const p = (await list(`?id=${devA.projectid}&modelLabel=project`, tokenLisi)).json();
    expect(p.code).toBe(0);
    expect(p.data.map((e: { id: number }) => e.id)).toContain(eventA);
    expect(p.data.every((e: { projectid: number }) => e.projectid === devA.projectid)).toBe(true);
    expect((await list(`?id=${devB.projectid}&modelLabel=project`, tokenLisi)).json().code).toBe(4031);
    expect((await list(`?id=${devB.id}&modelLabel=terminal`, tokenLisi)).json().code).toBe(4031);
  });

  it("a region node needs include_submodel, and then holds only the caller's projects below it", async () => {
    const project = await app.db
      .selectFrom('project')
      .select(['districtid', 'cityid'])
      .where('id', '=', devA.projectid)
      .executeTakeFirstOrThrow();
    const refused = (await list(`?id=${project.cityid}&modelLabel=city`, tokenLisi, { include_submodel: false })).json();
    expect(refused.code).toBe(4000);
    const city = (await list(`?id=${project.cityid}&modelLabel=city`, tokenLisi, { include_submodel: true })).json();
    expect(city.code).toBe(0);
    expect(city.data.map((e: { id: number }) => e.id)).toContain(eventA);
    expect(city.data.map((e: { id: number }) => e.id)).not.toContain(eventB);
  });
});

describe('event/export/list', () => {
  it('streams the filtered set (not a page) and reads back with exceljs', async () => {
    for (let i = 1; i <= 5; i++)
      await ingest(devA, T0 + i * 60_000, [
        { dataId: 1101, value: i % 2 ? 90 : 20 },
        { dataId: 1101, value: i % 2 ? 90 : 20, time: T0 + i * 60_000 + 1000 },
      ]);
    const body = {
      rootCondition: { page: { index: 0, limit: 1 }, filter: { expressions: [{ prop: 'customtype', operator: 'IN', limit: [2] }] } },
    };
    const listed = (await post('/wisdompower/v1/event/list', body, bearer(tokenLisi))).json();
    expect(listed.total).toBeGreaterThan(1);
    const res = await post('/wisdompower/v1/event/export/list', body, bearer(tokenLisi));
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('发生时间');
    expect(ws.rowCount - 1).toBe(listed.total);
    const types = new Set<string>();
    ws.eachRow((r, n) => n > 1 && types.add(String(r.getCell(5).value)));
    expect([...types]).toEqual(['温度']);
    // the value a number, its unit in the column beside it
    expect(ws.getRow(1).getCell(8).value).toBe('单位');
    expect(typeof ws.getRow(2).getCell(7).value).toBe('number');
    expect(ws.getRow(2).getCell(8).value).toBe('℃');
  });
});

describe('eventBatches (export walk)', () => {
  it('walks the default order by keyset across equal event times, matching one big page exactly', async () => {
    const { eventBatches, eventQuery, eventRows, ordered } = await import('../../../server/events/eventQuery');
    const t = T0 - 86_400_000;
    for (let i = 0; i < 7; i++) {
      await app.db
        .insertInto('peceventextend')
        .values({
          eventtime: t + (i % 3) * 1000,
          endtime: null,
          endeventid: 1,
          customtype: 1,
          peceventlevel: 2,
          confirmeventstatus: 1,
          value: 1,
          endvalue: null,
          limitvalue: 300,
          dataid: 1001,
          description: 'tie',
          remark: null,
          updatetime: null,
          operator: null,
          deviceid: devA.id,
          projectid: devA.projectid,
          tenantid: (await row(eventA)).tenantid,
        })
        .execute();
    }
    const session = { userId: 1, userName: 'root', tenants: 'all', servedProjectIds: [] } as never;
    const body = { rootLabel: 'peceventextend' as const };
    const q = await eventQuery(app, session, body, {});
    const all = (await eventRows(ordered(q, body), 10_000, 0)).map((r) => r.id);
    const walked: number[] = [];
    for await (const b of eventBatches(q, body, 10_000, 3)) walked.push(...b.map((r) => r.id));
    expect(walked).toEqual(all);
    const capped: number[] = [];
    for await (const b of eventBatches(q, body, 5, 3)) capped.push(...b.map((r) => r.id));
    expect(capped).toEqual(all.slice(0, 5));
  });
});
