import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { bearer, login, makeApp, terminalsOfProject } from './helpers';
import { parseTime } from '../../../server/text/time';

/**
 * Issue 15, on the server: the confirmation stamp and the remark are separate, and one time-zone rule
 * — the project's zone (setting, Asia/Shanghai by default) decides text times, day bounds, report
 * hours and every time written to an export or a message, whatever zone the process runs in.
 */
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let lisi: string;
let zhangsan: string;
let eventId: number;
// 17:30 UTC on 15 January is 01:30 on the 16th in Shanghai.
const T = Date.UTC(2026, 0, 15, 17, 30, 0);

const post = (url: string, payload: unknown, token: string) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });
const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const row = (id: number) => app.db.selectFrom('peceventextend').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function saveSettings(token: string, change: Record<string, unknown>) {
  const current = (await post('/wisdompower/v1/system/setting', {}, token)).json().data;
  return (
    await post('/wisdompower/v1/system/setting/save', { tenantId: current.tenantId, settings: { ...current.settings, ...change } }, token)
  ).json();
}

beforeAll(async () => {
  ({ app, cleanup } = await makeApp());
  lisi = (await login(app, 'lisi')).token;
  zhangsan = (await login(app, 'zhangsan')).token;
  const dev = (await terminalsOfProject(app, '西湖文化广场')).at(-1)!;
  const res = await app.inject({
    method: 'POST',
    url: '/devicedata/api/comm/v1/ingest',
    headers: { 'x-device-key': app.telemetry.keys.keyOf(dev.code) },
    payload: { device: dev.code, time: T, values: [{ dataId: 1001, value: 420 }] },
  });
  expect(res.json().code).toBe(0);
  eventId = (await app.db.selectFrom('peceventextend').select('id').where('deviceid', '=', dev.id).executeTakeFirstOrThrow()).id;
});
afterAll(async () => cleanup());

describe('confirmation stamp and remark', () => {
  it('a remark by another user later keeps who confirmed and when; each has its own author and time', async () => {
    expect((await post('/wisdompower/v1/event/save', [{ id: eventId, confirmeventstatus: 3 }], lisi)).json().code).toBe(0);
    const confirmed = await row(eventId);
    expect(confirmed).toMatchObject({ operator: 'lisi', remarkoperator: null, remarktime: null });
    expect((await post('/wisdompower/v1/event/save', [{ id: eventId, remark: '已派人检查' }], zhangsan)).json().code).toBe(0);
    const remarked = await row(eventId);
    expect(remarked).toMatchObject({
      operator: 'lisi',
      updatetime: confirmed.updatetime,
      remark: '已派人检查',
      remarkoperator: 'zhangsan',
    });
    expect(Number(remarked.remarktime)).toBeGreaterThanOrEqual(Number(confirmed.updatetime));
    // A remark on an unconfirmed event leaves it without a confirmation stamp.
    const list = (await post('/wisdompower/v1/event/list', { rootCondition: { page: { index: 0, limit: 1 } } }, zhangsan)).json();
    expect(list.data[0]).toHaveProperty('remarkoperator');
  });
});

describe('one time-zone rule', () => {
  it('reads text times without an offset in the project zone, never the process zone', () => {
    expect(parseTime('2026-01-16 01:30:00', 'Asia/Shanghai')).toBe(T);
    expect(parseTime('2026-01-15 17:30:00', 'UTC')).toBe(T);
    expect(parseTime('2026-01-16T01:30:00+08:00', 'UTC')).toBe(T);
    expect(parseTime('2026-02-30 00:00:00', 'UTC')).toBeNull();
    expect(parseTime('yesterday', 'UTC')).toBeNull();
  });

  it('writes the event export in project time (Asia/Shanghai by default)', async () => {
    const res = await post(
      '/wisdompower/v1/event/export/list',
      { rootCondition: { filter: { expressions: [{ prop: 'id', operator: 'IN', limit: [eventId] }] } } },
      zhangsan,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    const cell = (h: string) => ws.getRow(2).getCell(headers.indexOf(h) + 1).value;
    expect(cell('发生时间')).toBe('2026-01-16 01:30:00.000');
    expect(cell('确认人')).toBe('lisi');
    expect(cell('备注人')).toBe('zhangsan');
  });

  it('puts the report’s hour-of-day chart and day buckets in the project zone', async () => {
    const q = `id=0&name=all&modelLabel=global&startTime=2026-01-16 00:00:00&endTime=2026-01-17 00:00:00`;
    const t = (await get(`/wisdompower/v1/timeDistribute?${encodeURI(q)}`, zhangsan)).json().data;
    expect(t.hourOfDay[1]).toBe(1);
    expect(t.buckets.find((b: { total: number }) => b.total === 1).label).toBe('01:00');
  });

  it('answers the message centre with project-zone times', async () => {
    const me = (await get('/auth/v1/user', zhangsan)).json().data;
    const log = (
      await post(
        '/messageServer/v1/log',
        { noticeMode: 4, startTime: '2026-01-16 00:00:00', endTime: '2026-01-17 00:00:00', receiver: me.id },
        zhangsan,
      )
    ).json();
    expect(log.code).toBe(0);
    // The alarm was recorded when it arrived (now); what matters is the zone of the text.
    for (const r of log.data as { recordTime: string; at: number }[]) {
      const shanghai = new Date(r.at + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
      expect(r.recordTime).toBe(shanghai);
    }
  });

  it('a changed zone applies at once: the settings in force, the public settings and the report', async () => {
    expect((await get('/wisdompower/v1/system/setting/public')).json().data).toEqual({
      platformName: '智慧安全用电监控平台',
      timeZone: 'Asia/Shanghai',
    });
    const bad = await saveSettings(zhangsan, { timeZone: 'Mars/Olympus' });
    expect(bad.code).not.toBe(0);
    expect(bad.msg).toContain('请选择正确的时区');
    expect((await saveSettings(zhangsan, { timeZone: 'UTC', platformName: '滨江中心' })).code).toBe(0);
    const effective = (await get('/wisdompower/v1/system/setting/effective', lisi)).json().data;
    expect(effective.settings).toMatchObject({ timeZone: 'UTC', platformName: '滨江中心' });
    // Another tenant keeps the platform's (default) settings.
    const wangwu = (await login(app, 'wangwu')).token;
    expect((await get('/wisdompower/v1/system/setting/effective', wangwu)).json().data.settings.timeZone).toBe('Asia/Shanghai');
    const q = `id=0&name=all&modelLabel=global&startTime=2026-01-15 00:00:00&endTime=2026-01-16 00:00:00`;
    const t = (await get(`/wisdompower/v1/timeDistribute?${encodeURI(q)}`, zhangsan)).json().data;
    expect(t.hourOfDay[17]).toBe(1);
  });
});

describe('exports in the reader’s language', () => {
  it('an English client gets English headers, enumerations and descriptions; names stay as stored', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/wisdompower/v1/event/export/list',
      headers: { ...bearer(zhangsan), 'accept-language': 'en' },
      payload: { rootCondition: { filter: { expressions: [{ prop: 'id', operator: 'IN', limit: [eventId] }] } } },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Events');
    const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers).toContain('Confirmed by');
    expect(headers).toContain('Remarked at');
    const cell = (h: string) => String(ws.getRow(2).getCell(headers.indexOf(h) + 1).value);
    expect(cell('Type')).toBe('Residual current');
    expect(cell('Level')).toBe('Alarm');
    expect(cell('Confirmation')).toBe('Confirmed');
    expect(cell('Description')).toBe('Residual current 420 mA over the alarm limit of 300 mA');
    expect(cell('Device')).toMatch(/监测终端/);
  });
});
