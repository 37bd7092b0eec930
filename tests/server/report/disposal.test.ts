import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { describeDisposalFinding, type ReportDisposal } from '../../../domain/schemas/reportDisposal';
import { bearer } from '../telemetry/helpers';
import { kpiFixture, MIN, type KpiFixture } from '../workorder/kpiFixture';

/**
 * The analysis report's 处置 section (issue 29 item 4) on the review figures' hand-checked fixture
 * (kpiFixture.ts): a report of 西湖文化广场 over 2026-01-10 08:00–20:00, whose previous period
 * (the 12 hours before) holds the one alarm at 07:59, confirmed after a minute, and no order. The
 * report's clock is the real one, so both open orders (due at +285 and +305 min) count as overdue.
 */
let f: KpiFixture;
let d0Name: string;
const PERIOD = { startTime: '2026-01-10 08:00:00', endTime: '2026-01-10 20:00:00' };

beforeAll(async () => {
  f = await kpiFixture('report disposal app');
  d0Name = (await f.app.db.selectFrom('terminal').select('name').where('id', '=', f.devices[0]!.id).executeTakeFirstOrThrow()).name;
});
afterAll(async () => {
  await f?.server.close();
});

const query = (q: Record<string, string | number>) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
const get = (token: string, path: string, q: Record<string, string | number>) =>
  f.app.inject({ url: `/wisdompower/v1/${path}?${query({ ...q, ...PERIOD })}`, headers: bearer(token) });
const xihu = () => ({ id: f.projectId, modelLabel: 'project' });

describe('the report’s 处置 section', () => {
  it('compares the period with the one before and words its own conclusion', async () => {
    const res = (await get(f.tokens.zhangsan, 'disposal', xihu())).json();
    expect(res.code, res.msg).toBe(0);
    const d = res.data as ReportDisposal;
    expect(d.current).toEqual({
      alarms: 20,
      confirmed: 18,
      mttaMs: 330_000,
      mttaP90Ms: 1_800_000,
      orders: 10,
      closed: 8,
      mttrMs: 105 * MIN,
      mttrP90Ms: 600 * MIN,
      // orders 5 6 7 closed late, 8 and 9 open past due on the real clock
      overdue: 5,
      falseAlarms: 2,
      falseAlarmShare: 0.25,
    });
    expect(d.previous).toEqual({
      alarms: 1,
      confirmed: 1,
      mttaMs: MIN,
      mttaP90Ms: MIN,
      orders: 0,
      closed: 0,
      mttrMs: null,
      mttrP90Ms: null,
      overdue: 0,
      falseAlarms: 0,
      falseAlarmShare: null,
    });
    expect(d.repeated.map((r) => [r.deviceId, r.type, r.alarms])).toEqual([
      [f.devices[0]!.id, 1, 7],
      [f.devices[1]!.id, 2, 5],
    ]);
    expect(d.repeatedPairs).toBe(2);
    expect(d.text).toEqual([
      // 330 s = 5.5 min against 1 min: (330 − 60) / 60 = +450 %
      '报警确认用时（MTTA）中位数 5.5 分钟，p90 30 分钟，较上期 1 分钟延长 450%。',
      // 600 min = 10 h; no order the period before
      '处置闭环用时（MTTR）中位数 105 分钟，p90 10 小时，上期无可比数据；本期工单 10 个，已关闭 8 个。',
      '超时工单 5 个，占本期工单的 50%，须督促按时处置。',
      // 误报 2 of 8; one each of t1 and t2, t2 (温度) at the higher share (1/4 against 1/5)
      '填写原因的工单中误报 2 个，占 25%；温度报警误报最多，建议核查相关设备的阈值与安装。',
      `2 处设备重复报警（同类报警 ≥ 3 次），其中西湖文化广场的设备「${d0Name}」剩余电流报警 7 次，建议检修。`,
    ]);
    expect(d.findings.map((x) => describeDisposalFinding(x, 'en'))).toEqual([
      'Time to confirm (MTTA): median 5.5 min, p90 30 min; up 450% from 1 min in the previous period.',
      'Time to close (MTTR): median 105 min, p90 10 h; no figure for the previous period. 8 of 10 orders closed.',
      "5 orders (50% of this period's) were not closed in time; follow them up.",
      "2 orders with a recorded cause were false alarms (25%); most were temperature alarms — check those devices' limits and installation.",
      `2 devices raised repeated alarms (≥ 3 of one type); device "${d0Name}" at 西湖文化广场 raised 7 residual current alarms — have it repaired.`,
    ]);
  });

  it('another tenant gets only its own: not-found for the project, its one order over everything it sees', async () => {
    const refused = (await get(f.tokens.wangwu, 'disposal', xihu())).json();
    expect(refused.code).not.toBe(0);
    const own = (await get(f.tokens.wangwu, 'disposal', { id: 0, modelLabel: 'global' })).json().data as ReportDisposal;
    expect(own.current).toMatchObject({ alarms: 1, orders: 1, closed: 1, falseAlarms: 1, falseAlarmShare: 1 });
    expect(own.text.join('')).not.toContain('西湖文化广场');
  });

  it('is printed as 八、处置情况 and written as the 处置情况 sheet', async () => {
    const html = (await get(f.tokens.zhangsan, 'report/html', xihu())).body;
    expect(html).toContain('<h2>八、处置情况</h2>');
    expect(html).toContain('<h2>九、评估结论</h2>');
    expect(html).toContain('超时工单 5 个，占本期工单的 50%，须督促按时处置。');
    expect(html).toContain(`<td>${d0Name}</td><td>西湖文化广场</td><td>剩余电流</td><td>7</td>`);

    const res = await get(f.tokens.zhangsan, 'report/excel', xihu());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = wb
      .getWorksheet('处置情况')!
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows.slice(0, 4)).toEqual([
      ['指标', '本期', '上期'],
      ['报警数', 20, 1],
      ['已确认', 18, 1],
      // the report's duration words: 330 s rounds to 6 minutes
      ['确认用时中位数（MTTA）', '6 分钟', '1 分钟'],
    ]);
    expect(rows).toContainEqual(['误报占比', '25%', '--']);
    expect(rows).toContainEqual(['重复报警 1', `${d0Name}（西湖文化广场）`, '剩余电流 7 次']);
    expect(rows).toContainEqual(['处置结论 3', '超时工单 5 个，占本期工单的 50%，须督促按时处置。', '']);
  });
});
