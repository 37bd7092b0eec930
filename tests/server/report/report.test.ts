import { ALARM_LOOK } from '../../../domain/alarmLanguage';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { CountById } from '../../../domain/schemas/monitor';
import type { AffirmStatus, ReportFigures } from '../../../domain/schemas/report';
import { bearer, login, makeApp, terminalsOfProject } from '../telemetry/helpers';
import { DEFAULT_TIME_ZONE, wallTime } from '../../../domain/timeZone';

/**
 * Report figures against a fixture period worked out by hand. Alarm episodes are raised and ended by
 * the real alarm engine through ingest, with explicit past timestamps; two are confirmed through
 * event/save with the clock set, so their confirmation times are known exactly.
 */
let app: FastifyInstance;
let cleanup: () => Promise<void>;
const tokens: Record<string, string> = {};
// Wall times of the project zone (Asia/Shanghai by default): the report's days and hours are its (issue 15).
const at = (m: number, d: number, h: number, min = 0) => wallTime(DEFAULT_TIME_ZONE, 2025, m - 1, d, h, min);
const MARCH = { startTime: at(3, 1, 0), endTime: at(4, 1, 0) };
const HOUR = 3600_000;
let projects: { xihu: number; binjiang: number };

beforeAll(async () => {
  ({ app, cleanup } = await makeApp());
  for (const name of ['root', 'service', 'zhangsan', 'lisi', 'wangwu', 'guest']) tokens[name] = (await login(app, name)).token;
  const keyOf = async (deviceId: number) =>
    (await app.inject({ url: `/devicedata/api/comm/v1/device/${deviceId}/key`, headers: bearer(tokens.root!) })).json().data as {
      code: string;
      key: string;
    };
  const ingest = async (deviceId: number, time: number, dataId: number, value: number) => {
    const { code, key } = await keyOf(deviceId);
    const res = (
      await app.inject({
        method: 'POST',
        url: '/devicedata/api/comm/v1/ingest',
        headers: { 'x-device-key': key },
        payload: { device: code, time, values: [{ dataId, value }] },
      })
    ).json();
    if (res.code !== 0 || res.data.accepted !== 1) throw new Error(`ingest ${code}: ${JSON.stringify(res)}`);
  };
  /** Residual current over the limit, then two readings below the band: one ended alarm episode. */
  const residualEpisode = async (deviceId: number, t: number) => {
    await ingest(deviceId, t, 1001, 400);
    await ingest(deviceId, t + 60_000, 1001, 10);
    await ingest(deviceId, t + 120_000, 1001, 10);
  };
  const xihu = await terminalsOfProject(app, '西湖文化广场');
  const binjiang = await terminalsOfProject(app, '滨江科技园');
  const xuanwu = await terminalsOfProject(app, '玄武区人民医院');
  projects = { xihu: xihu[0]!.projectid, binjiang: binjiang[0]!.projectid };

  // February (the previous period): 西湖 device 0 once, 滨江 device 1 three times, all residual current.
  await residualEpisode(xihu[0]!.id, at(2, 10, 10));
  for (const d of [20, 21, 22]) await residualEpisode(binjiang[1]!.id, at(2, d, 9));
  // March: 西湖 device 0 four residual-current alarms; 西湖 device 1 a temperature early warning (open);
  // 滨江 device 0 a probe fault, an accident (open). Tenant B's 玄武 an over-power alarm.
  for (const [d, h] of [
    [3, 10],
    [10, 10],
    [17, 14],
    [24, 14],
  ] as const)
    await residualEpisode(xihu[0]!.id, at(3, d, h));
  await ingest(xihu[1]!.id, at(3, 5, 8, 30), 1101, 60);
  await ingest(binjiang[0]!.id, at(3, 12, 22, 15), 1501, 1);
  await ingest(xuanwu[0]!.id, at(3, 8, 11), 1401, 30);
  // April 1st 00:00 is the next period: the range is half-open.
  await ingest(xihu[2]!.id, at(4, 1, 0), 1001, 400);

  // Confirm the 3-03 alarm 30 minutes after it was raised and the 3-10 one 26 hours after.
  const march = await app.db
    .selectFrom('peceventextend')
    .select(['id', 'eventtime'])
    .where('deviceid', '=', xihu[0]!.id)
    .where('eventtime', '>=', MARCH.startTime)
    .orderBy('eventtime')
    .execute();
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    for (const [i, after] of [
      [0, 0.5 * HOUR],
      [1, 26 * HOUR],
    ] as const) {
      vi.setSystemTime(march[i]!.eventtime + after);
      const res = (
        await app.inject({
          method: 'POST',
          url: '/wisdompower/v1/event/save',
          headers: bearer(tokens.zhangsan!),
          payload: [{ id: march[i]!.id, confirmeventstatus: 3 }],
        })
      ).json();
      if (res.code !== 0) throw new Error(`confirm: ${res.msg}`);
    }
  } finally {
    vi.useRealTimers();
  }
}, 120_000);
afterAll(async () => cleanup());

const query = (q: Record<string, string | number>) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
const get = async (user: string, path: string, q: Record<string, string | number>) =>
  app.inject({ url: `/wisdompower/v1/${path}?${query(q)}`, headers: bearer(tokens[user]!) });
const section = async <K extends keyof ReportFigures>(
  user: string,
  name: K,
  q: Record<string, string | number> = { modelLabel: 'global', id: 0, ...MARCH },
) => {
  const res = (await get(user, name, q)).json();
  expect(res.code, res.msg).toBe(0);
  return res.data as ReportFigures[K];
};
const nz = (list: CountById[]) => Object.fromEntries(list.filter((c) => c.count > 0).map((c) => [c.id, c.count]));

describe('report figures (tenant A, March 2025, by hand)', () => {
  it('overview: totals, levels, confirmation and the previous period', async () => {
    const o = await section('zhangsan', 'overview');
    expect(o.scope).toEqual({ modelLabel: 'global', id: 0, name: '全部项目' });
    expect({
      projects: o.projectCount,
      devices: o.deviceCount,
      total: o.total,
      levels: nz(o.byLevel),
      confirmed: o.confirmed,
      unconfirmed: o.unconfirmed,
      active: o.active,
      alarmed: o.alarmedDevices,
    }).toEqual({ projects: 3, devices: 24, total: 6, levels: { 1: 1, 2: 4, 4: 1 }, confirmed: 2, unconfirmed: 4, active: 2, alarmed: 3 });
    expect(o.previous).toEqual({ startTime: at(2, 1, 0), endTime: at(3, 1, 0), total: 4 });
    // (0.5 h + 26 h) / 2 = 13.25 h
    expect(o.confirmation).toEqual({ count: 2, avgMs: 13.25 * HOUR, medianMs: 13.25 * HOUR, maxMs: 26 * HOUR, within1h: 1, within24h: 1 });
  });

  it('nodeDistribute: per project with the previous period, and the top devices', async () => {
    const n = await section('zhangsan', 'nodeDistribute');
    expect(n.nodes.map((x) => [x.name, x.total, x.previous, x.unconfirmed])).toEqual([
      ['西湖文化广场', 5, 1, 3],
      ['滨江科技园', 1, 3, 1],
      ['鄞州商业中心', 0, 0, 0],
    ]);
    expect(n.topDevices.map((d) => [d.projectName, d.total])).toEqual([
      ['西湖文化广场', 4],
      ['西湖文化广场', 1],
      ['滨江科技园', 1],
    ]);
    expect(nz(n.topDevices[0]!.byType)).toEqual({ 1: 4 });
  });

  it('timeDistribute: one bar per day of March, and by hour of day', async () => {
    const t = await section('zhangsan', 'timeDistribute');
    expect(t.unit).toBe('day');
    expect(t.buckets).toHaveLength(31);
    expect(Object.fromEntries(t.buckets.filter((b) => b.total).map((b) => [b.label, b.total]))).toEqual({
      '03-03': 1,
      '03-05': 1,
      '03-10': 1,
      '03-12': 1,
      '03-17': 1,
      '03-24': 1,
    });
    expect(Object.fromEntries(t.hourOfDay.flatMap((v, h) => (v ? [[h, v]] : [])))).toEqual({ 8: 1, 10: 2, 14: 2, 22: 1 });
  });

  it('typeDistribute: by type with the previous period, by level', async () => {
    const t = await section('zhangsan', 'typeDistribute');
    expect(t.byType.filter((x) => x.total || x.previous).map((x) => [x.id, x.total, x.previous, nz(x.byLevel)])).toEqual([
      [1, 4, 4, { 2: 4 }],
      [2, 1, 0, { 4: 1 }],
      [4, 1, 0, { 1: 1 }],
    ]);
    expect(nz(t.byLevel)).toEqual({ 1: 1, 2: 4, 4: 1 });
  });

  it('conclusion: worded from the figures — rising residual current at 西湖, falling at 滨江', async () => {
    const c = await section('zhangsan', 'conclusion');
    expect(c.rating).toBe('serious');
    expect(c.text).toEqual([
      '本期共发生报警事件 6 起，较上期 4 起上升 50%。',
      '本期发生事故级事件 1 起，须逐一核查处置。',
      '西湖文化广场的剩余电流报警 4 起，较上期 1 起明显上升，建议排查相关线路与设备。',
      '滨江科技园的剩余电流报警由上期 3 起降至 0 起，整改见效。',
      `西湖文化广场的设备「${(await section('zhangsan', 'nodeDistribute')).topDevices[0]!.name}」报警 4 起，占全部报警的 67%，建议重点巡检。`,
      '尚有 4 起报警未确认，请及时处理。',
    ]);
  });

  it('scopes: a project, a text period, and a week compared with the week before', async () => {
    const o = await section('zhangsan', 'overview', {
      modelLabel: 'project',
      id: projects.binjiang,
      name: 'x',
      startTime: '2025-03-01 00:00:00',
      endTime: '2025-04-01 00:00:00',
    });
    expect([o.scope.name, o.total, o.previous.total]).toEqual(['滨江科技园', 1, 3]);
    const w = await section('zhangsan', 'timeDistribute', {
      modelLabel: 'project',
      id: projects.xihu,
      startTime: at(3, 3, 0),
      endTime: at(3, 4, 0),
    });
    expect(w.unit).toBe('hour');
    expect(w.buckets.filter((b) => b.total).map((b) => b.label)).toEqual(['10:00']);
  });
});

describe('report tenant scoping and permissions', () => {
  it('another tenant sees only its own alarms, and is refused a project of tenant A', async () => {
    const o = await section('wangwu', 'overview');
    expect([o.projectCount, o.total, nz(o.byLevel)]).toEqual([2, 1, { 2: 1 }]);
    for (const path of ['overview', 'conclusion', 'report/html', 'report/excel', 'report/affirmStatus']) {
      const res = (await get('wangwu', path, { modelLabel: 'project', id: projects.xihu, ...MARCH })).json();
      expect([path, res.code]).toEqual([path, 4031]);
    }
  });

  it('users without the report permissions are refused', async () => {
    for (const user of ['lisi', 'guest'])
      expect((await get(user, 'overview', { modelLabel: 'global', id: 0, ...MARCH })).json().code).toBe(403);
    // The service user may read but not download or confirm.
    expect((await get('service', 'overview', { modelLabel: 'global', id: 0, ...MARCH })).json().code).toBe(0);
    expect((await get('service', 'report/excel', { modelLabel: 'global', id: 0, ...MARCH })).json().code).toBe(403);
    const res = await app.inject({
      method: 'POST',
      url: '/wisdompower/v1/report/affirm',
      headers: bearer(tokens.service!),
      payload: { modelLabel: 'global', id: 0, ...MARCH },
    });
    expect(res.json().code).toBe(403);
  });

  it('bad queries get a clear envelope error', async () => {
    const bad = async (q: Record<string, string | number>) => (await get('zhangsan', 'overview', q)).json();
    expect(await bad({ modelLabel: 'planet', id: 0, ...MARCH })).toMatchObject({ code: 4000, msg: expect.stringContaining('modelLabel') });
    expect(await bad({ modelLabel: 'global', id: 0, startTime: 'yesterday', endTime: MARCH.endTime })).toMatchObject({
      code: 4000,
      msg: expect.stringContaining('startTime'),
    });
    expect(await bad({ modelLabel: 'global', id: 0, startTime: MARCH.endTime, endTime: MARCH.startTime })).toMatchObject({
      code: 4000,
      msg: expect.stringContaining('晚于'),
    });
    expect(await bad({ modelLabel: 'global', id: 0, startTime: at(1, 1, 0) - 400 * 24 * HOUR, endTime: MARCH.endTime })).toMatchObject({
      code: 4000,
      msg: expect.stringContaining('一年'),
    });
    expect(await bad({ modelLabel: 'project', id: 99999, ...MARCH })).toMatchObject({ code: 4005 });
  });
});

describe('report confirmation, printable HTML and Excel', () => {
  it('confirms once, stamped from the session, as a domain event; per tenant', async () => {
    const q = { modelLabel: 'global', id: 0, ...MARCH };
    const status = async (user: string) => (await get(user, 'report/affirmStatus', q)).json().data as AffirmStatus;
    expect(await status('zhangsan')).toEqual({ affirmed: false, operator: null, userId: null, affirmTime: null });
    const res = (
      await app.inject({
        method: 'POST',
        url: '/wisdompower/v1/report/affirm',
        headers: bearer(tokens.zhangsan!),
        payload: { ...q, operator: 'forged' },
      })
    ).json();
    expect(res.code, res.msg).toBe(0);
    const s = await status('zhangsan');
    expect(s).toMatchObject({ affirmed: true, operator: 'zhangsan' });
    expect(Math.abs(s.affirmTime! - Date.now())).toBeLessThan(60_000);
    const ev = await app.db.selectFrom('event_log').selectAll().where('kind', '=', 'report.affirmed').execute();
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({ actorName: 'zhangsan', subject: `report:global:0:${MARCH.startTime}-${MARCH.endTime}` });
    const again = (
      await app.inject({ method: 'POST', url: '/wisdompower/v1/report/affirm', headers: bearer(tokens.zhangsan!), payload: q })
    ).json();
    expect(again).toMatchObject({ code: 4009, msg: expect.stringContaining('zhangsan') });
    // Tenant B's "all projects" is a different report.
    expect((await status('wangwu')).affirmed).toBe(false);
  });

  it('report/html is an A4 printable page titled 智慧安全用电运行评估报告 with charts kept whole', async () => {
    const res = await get('zhangsan', 'report/html', { modelLabel: 'global', id: 0, ...MARCH });
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1>智慧安全用电运行评估报告</h1>');
    expect(res.body).toMatch(/@page\s*\{\s*size:\s*A4/);
    expect(res.body).toContain('break-inside: avoid');
    expect(res.body).toContain('zhangsan 于');
    expect((res.body.match(/<svg /g) ?? []).length).toBe(5);
    expect(res.body).toContain('西湖文化广场的剩余电流报警 4 起');
    // the level bars are drawn in the alarm language's colours, as every screen draws the levels
    for (const level of ['alarm', 'warning'] as const) expect(res.body).toContain(`fill="${ALARM_LOOK[level].colour.bright}"`);
  });

  it('report/excel is 表格导出.xlsx with a sheet per section', async () => {
    const res = await get('zhangsan', 'report/excel', { modelLabel: 'global', id: 0, ...MARCH });
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('表格导出.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      '概览',
      '节点分布',
      '时间分布',
      '类型分布',
      '设备排行',
      '预计越限',
      '处置情况',
      '评估结论',
    ]);
    // no trend warning in this fixture: the projected crossings sheet is its header only (tests/server/telemetry/earlyWarning.test.ts fills one)
    expect(wb.getWorksheet('预计越限')!.rowCount).toBe(1);
    const nodes = wb.getWorksheet('节点分布')!;
    expect(nodes.getRow(2).values).toEqual([undefined, '西湖文化广场', 5, 1, 0, 4, 1, 3]);
    expect(wb.getWorksheet('概览')!.getRow(8).values).toEqual([undefined, '报警总数', 6]);
  });
});
