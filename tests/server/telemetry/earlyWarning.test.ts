import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEPARTURE_EVENT_TYPE, TREND_WARNING_EVENT_TYPE } from '../../../domain/telemetry';
import { EVENT_LEVEL, EVENT_STATUS } from '../../../domain/enums';
import type { ManualJobs } from '../../infra/manualJobs';
import { bearer, login, makeApp, terminalsOfProject } from './helpers';
import type { EarlyWarningEvidenceDto } from '../../../domain/earlyWarning';
import type { ReportProjectedCrossings } from '../../../domain/schemas/report';
import type { SettingProjectDto, SystemSettingDto, SystemSettings } from '../../../domain/schemas/info';

/**
 * Early warning (issue 31) through the real ingest path and rollup tiers: 16 days of 5-minute readings
 * of residual current with a daily load cycle, the job run on the test's clock. One device drifts
 * (25 mA a day, far under the 300 mA limit), one had a load switched on 36 h ago, one had a glitch;
 * one had a load switched on 4 h ago (a fresh step, still under the limit), one climbs 15 mA an hour
 * for the last 6 h (a departure from its own normal), one drifts faster (40 mA a day).
 */
const H = 3_600_000;
const DAY = 24 * H;
const END = Math.floor(Date.now() / H) * H - DAY;
const START = END - 16 * DAY;
let clock = END + 3 * 60_000;
let app: FastifyInstance;
let jobs: ManualJobs;
let cleanup: () => Promise<void>;
let devices: { id: number; code: string }[];

const cycle = (t: number) => 15 * Math.sin((2 * Math.PI * ((t / H) % 24)) / 24);
/** a small deterministic noise of ±1 mA */
const noise = (i: number) => (((i * 37) % 11) - 5) * 0.2;
const drift = (t: number, from: number, perDay: number) => (t > from ? ((t - from) / DAY) * perDay : 0);

async function feed(code: string, from: number, to: number, value: (t: number, i: number) => number) {
  const values: { dataId: number; value: number; time: number }[] = [];
  for (let t = from, i = 0; t < to; t += 5 * 60_000, i++) values.push({ dataId: 1001, value: Math.round(value(t, i) * 10) / 10, time: t });
  for (let k = 0; k < values.length; k += 500) {
    const batch = values.slice(k, k + 500);
    const r = await app.telemetry.ingest({ device: code, time: batch[0]!.time, values: batch }, { trusted: true });
    expect(r.accepted).toBe(batch.length);
  }
}

const drifting = (t: number, i: number) => 100 + cycle(t) + noise(i) + drift(t, END - 4 * DAY, 25);
const episodes = (deviceId: number) =>
  app.db
    .selectFrom('peceventextend')
    .selectAll()
    .where('deviceid', '=', deviceId)
    .where('customtype', 'in', [TREND_WARNING_EVENT_TYPE, DEPARTURE_EVENT_TYPE])
    .orderBy('id')
    .execute();

beforeAll(async () => {
  ({ app, jobs, cleanup } = await makeApp({ telemetry: { now: () => clock } }));
  devices = (await terminalsOfProject(app, '西湖文化广场')).slice(0, 7);
  await feed(devices[0]!.code, START, END, drifting);
  await feed(devices[1]!.code, START, END, (t, i) => 100 + cycle(t) + noise(i) + (t >= END - 36 * H ? 60 : 0));
  await feed(devices[2]!.code, START, END, (t, i) => 100 + cycle(t) + noise(i) + (t === END - 5 * H ? 280 : 0));
  await feed(devices[4]!.code, START, END, (t, i) => 100 + cycle(t) + noise(i) + (t >= END - 4 * H ? 60 : 0));
  await feed(devices[6]!.code, START, END, (t, i) => 100 + cycle(t) + noise(i) + drift(t, END - 4 * DAY, 40));
  await feed(devices[5]!.code, START, END, (t, i) => 100 + cycle(t) + noise(i) + Math.max(0, (15 * (t - (END - 6 * H))) / H));
}, 120_000);
afterAll(async () => {
  await cleanup();
});

describe('early warning', () => {
  it('warns of a drift days before its daily peak reaches the limit, with its evidence', async () => {
    await jobs.run('alarms.earlyWarning');
    const [trend] = (await episodes(devices[0]!.id)).filter((e) => e.customtype === TREND_WARNING_EVENT_TYPE);
    expect(trend).toMatchObject({
      peceventlevel: EVENT_LEVEL.EARLY_WARNING,
      endeventid: EVENT_STATUS.ACTIVE,
      dataid: 1001,
      limitvalue: 300,
      eventtime: END,
    });
    expect(trend!.description).toMatch(/^趋势预警：剩余电流每天上升 2\d\.\dmA，预计 3\.\d 天后达到 300mA$/);
    const raised = await app.db
      .selectFrom('event_log')
      .select('payload')
      .where('kind', '=', 'alarm.raised')
      .where('subject', '=', `peceventextend:${trend!.id}`)
      .executeTakeFirstOrThrow();
    const { evidence } = JSON.parse(String(raised.payload)) as {
      evidence: { kind: string; slopePerDay: number; crossingAt: number; windowHours: number; confidence: number };
    };
    expect(evidence.kind).toBe('trend');
    expect(evidence.slopePerDay).toBeGreaterThan(24);
    expect(evidence.slopePerDay).toBeLessThan(26);
    expect(evidence.windowHours).toBe(72);
    expect(evidence.confidence).toBeGreaterThanOrEqual(0.75);
    // the peak today is about 100 + 4 × 25 + 15 = 215 mA: (300 − 215) / 25 ≈ 3.4 days ahead
    expect((evidence.crossingAt - END) / DAY).toBeGreaterThan(3);
    expect((evidence.crossingAt - END) / DAY).toBeLessThan(4);
  });

  it('answers the evidence the chart draws: hourly medians, their normal band and the fitted drift to its crossing', async () => {
    const zhangsan = await login(app, 'zhangsan');
    const res = await app.inject({
      url: `/wisdompower/v1/earlyWarning/evidence?deviceId=${devices[0]!.id}&dataId=1001`,
      headers: bearer(zhangsan.token),
    });
    const { code, data } = res.json() as { code: number; data: EarlyWarningEvidenceDto };
    expect(code).toBe(0);
    expect(data.limit).toBe(300);
    expect(data.hourly.time).toHaveLength(72);
    expect(data.hourly.time.at(-1)).toBe(END - H);
    expect(data.hourly.value.every((v) => v !== null)).toBe(true);
    // the band of the newest hour comes from 14 days mostly before the drift: the value is far above it
    expect(data.hourly.value.at(-1)!).toBeGreaterThan(data.hourly.upper.at(-1)!);
    expect(data.trend!.slopePerDay).toBeGreaterThan(24);
    expect(data.trend!.line.to).toEqual({ time: data.trend!.crossingAt, value: 300 });
    expect(data.trend!.line.from.time).toBe(END - 72 * H);
    expect(data.open).toEqual([{ eventId: expect.any(Number), type: TREND_WARNING_EVENT_TYPE, since: END }]);
    const [stored] = (await episodes(devices[0]!.id)).filter((e) => e.customtype === TREND_WARNING_EVENT_TYPE);
    const raised = await app.db
      .selectFrom('event_log')
      .select('payload')
      .where('subject', '=', `peceventextend:${stored!.id}`)
      .executeTakeFirstOrThrow();
    expect(data.trend!.crossingAt).toBe((JSON.parse(String(raised.payload)) as { evidence: { crossingAt: number } }).evidence.crossingAt);

    const wangwu = await login(app, 'wangwu');
    const other = await app.inject({
      url: `/wisdompower/v1/earlyWarning/evidence?deviceId=${devices[0]!.id}&dataId=1001`,
      headers: bearer(wangwu.token),
    });
    expect(other.json()).toMatchObject({ code: 4031, data: null });
  });

  it('the analysis report lists the devices with a trend warning by projected time to threshold, soonest first, in the caller’s scope', async () => {
    const query = new URLSearchParams({ id: '0', modelLabel: 'global', startTime: String(START), endTime: String(END) });
    const crossings = async (user: string) =>
      (
        (
          await app.inject({ url: `/wisdompower/v1/projectedCrossings?${query}`, headers: bearer((await login(app, user)).token) })
        ).json() as { code: number; data: ReportProjectedCrossings }
      ).data;
    const mine = await crossings('zhangsan');
    expect(mine.asOf).toBe(clock);
    expect(mine.total).toBe(2);
    // 40 mA a day from a peak of about 275 mA crosses in well under a day; 25 mA a day from about 215 mA in 3 to 4 days
    expect(mine.devices.map((d) => d.deviceId)).toEqual([devices[6]!.id, devices[0]!.id]);
    const [fast, slow] = mine.devices;
    expect(fast).toMatchObject({ dataId: 1001, limit: 300, projectName: '西湖文化广场', code: devices[6]!.code });
    expect(fast!.slopePerDay).toBeGreaterThan(38);
    expect((fast!.crossingAt! - END) / DAY).toBeLessThan(1);
    // the same projection the evidence chart draws
    const evidence = (
      (
        await app.inject({
          url: `/wisdompower/v1/earlyWarning/evidence?deviceId=${devices[0]!.id}&dataId=1001`,
          headers: bearer((await login(app, 'zhangsan')).token),
        })
      ).json() as { data: EarlyWarningEvidenceDto }
    ).data;
    expect(slow!.crossingAt).toBe(evidence.trend!.crossingAt);
    expect(slow!.slopePerDay).toBe(evidence.trend!.slopePerDay);
    // another tenant's user sees none of them
    expect(await crossings('wangwu')).toMatchObject({ devices: [], total: 0 });

    const html = await app.inject({ url: `/wisdompower/v1/report/html?${query}`, headers: bearer((await login(app, 'zhangsan')).token) });
    expect(html.body).toContain('六、预计达到限值的设备（趋势预警）');
    const fastRow = html.body.indexOf(`<td>1</td><td>${fast!.name}</td><td>西湖文化广场</td><td>剩余电流</td>`);
    expect(fastRow).toBeGreaterThan(0);
    expect(html.body.indexOf(`<td>2</td><td>${slow!.name}</td><td>西湖文化广场</td><td>剩余电流</td>`)).toBeGreaterThan(fastRow);
  });

  it('a load switched on and a glitch are no warning, nor a load switched on four hours ago (far above its normal, but flat)', async () => {
    expect(await episodes(devices[1]!.id)).toEqual([]);
    expect(await episodes(devices[2]!.id)).toEqual([]);
    expect(await episodes(devices[4]!.id)).toEqual([]);
  });

  it('a series climbing far above its own normal for hours, still under the limit, gets a 异常偏离 with its evidence', async () => {
    const [departure, ...more] = await episodes(devices[5]!.id);
    expect(more).toEqual([]);
    expect(departure).toMatchObject({
      customtype: DEPARTURE_EVENT_TYPE,
      peceventlevel: EVENT_LEVEL.EARLY_WARNING,
      endeventid: EVENT_STATUS.ACTIVE,
      dataid: 1001,
      limitvalue: 300,
      eventtime: END,
    });
    expect(departure!.description).toMatch(/^异常偏离：剩余电流 \d+(\.\d)?mA，高于本时段常态 \d+(\.\d)?mA（已持续 3 小时）$/);
    const raised = await app.db
      .selectFrom('event_log')
      .select('payload')
      .where('kind', '=', 'alarm.raised')
      .where('subject', '=', `peceventextend:${departure!.id}`)
      .executeTakeFirstOrThrow();
    const { evidence } = JSON.parse(String(raised.payload)) as {
      evidence: { kind: string; value: number; median: number; spread: number; score: number; hours: number };
    };
    // the newest hour (END − 1 h … END) is about 82 mA up at its median reading, in spreads of 6 mA (2 % of the limit)
    expect(evidence).toMatchObject({ kind: 'departure', hours: 3, spread: 6 });
    expect(evidence.value - evidence.median).toBeGreaterThan(60);
    expect(evidence.value - evidence.median).toBeLessThan(90);
    expect(evidence.score).toBeGreaterThan(10);
  });

  it('a gateway uploading days it buffered offline is judged on them (the kept hourly windows are read again)', async () => {
    const late = devices[3]!;
    const zhangsan = await login(app, 'zhangsan');
    const evidence = async () =>
      (
        (
          await app.inject({
            url: `/wisdompower/v1/earlyWarning/evidence?deviceId=${late.id}&dataId=1001`,
            headers: bearer(zhangsan.token),
          })
        ).json() as { data: EarlyWarningEvidenceDto }
      ).data;
    expect((await evidence()).hourly.value.every((v) => v === null)).toBe(true);
    await feed(late.code, END - 5 * DAY, END, drifting);
    const after = await evidence();
    expect(after.hourly.value.every((v) => v !== null)).toBe(true);
    expect(after.trend!.slopePerDay).toBeGreaterThan(24);
  });

  it('judges each closed hour once: another run in the same hour adds nothing, but judges a device whose late readings came in', async () => {
    await jobs.run('alarms.earlyWarning');
    expect((await episodes(devices[0]!.id)).filter((e) => e.customtype === TREND_WARNING_EVENT_TYPE)).toHaveLength(1);
    // the gateway that uploaded its buffered days is judged on them within the hour, not an hour later
    expect(await episodes(devices[3]!.id)).toMatchObject([{ customtype: TREND_WARNING_EVENT_TYPE, eventtime: END }]);
    await jobs.run('alarms.earlyWarning');
    expect(await episodes(devices[3]!.id)).toHaveLength(1);
  });

  it('ends the warning when the drift stops', async () => {
    // two more days at the level the drift reached
    const level = (t: number, i: number) => drifting(Math.min(t, END), i) - cycle(Math.min(t, END)) + cycle(t);
    clock = END + 2 * DAY + 3 * 60_000;
    await feed(devices[0]!.code, END, END + 2 * DAY, level);
    await jobs.run('alarms.earlyWarning');
    const [trend] = (await episodes(devices[0]!.id)).filter((e) => e.customtype === TREND_WARNING_EVENT_TYPE);
    expect(trend).toMatchObject({ endeventid: EVENT_STATUS.END, endtime: END + 2 * DAY });
    const ended = await app.db
      .selectFrom('event_log')
      .select('payload')
      .where('kind', '=', 'alarm.ended')
      .where('subject', '=', `peceventextend:${trend!.id}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(ended.payload))).toMatchObject({
      description: '趋势预警结束：趋势消失',
      customtype: TREND_WARNING_EVENT_TYPE,
    });
  });
});

describe('early warning per project (系统配置)', () => {
  const HOUR_AFTER = END + 2 * DAY + H;
  const settingsOf = async (token: string) =>
    (
      (await app.inject({ method: 'POST', url: '/wisdompower/v1/system/setting', headers: bearer(token), payload: {} })).json() as {
        data: SystemSettingDto;
      }
    ).data.settings;
  const save = async (token: string, change: Partial<SystemSettings>) =>
    (
      await app.inject({
        method: 'POST',
        url: '/wisdompower/v1/system/setting/save',
        headers: bearer(token),
        payload: { settings: { ...(await settingsOf(token)), ...change } },
      })
    ).json() as { code: number; msg: string };
  const trends = async (deviceId: number) => (await episodes(deviceId)).filter((e) => e.customtype === TREND_WARNING_EVENT_TYPE);
  /** the next hour of both devices' drift, then the job judges it */
  const nextHour = async (hour: number, codes: string[]) => {
    clock = hour + H + 3 * 60_000;
    for (const code of codes) await feed(code, hour, hour + H, drifting);
    await jobs.run('alarms.earlyWarning');
  };

  it('lists the tenant’s projects, and applies each project’s switch and horizon on the next hourly run', async () => {
    const zhangsan = (await login(app, 'zhangsan')).token;
    const listed = (
      (
        await app.inject({ method: 'POST', url: '/wisdompower/v1/system/setting/projects', headers: bearer(zhangsan), payload: {} })
      ).json() as {
        data: SettingProjectDto[];
      }
    ).data;
    expect(listed.map((p) => p.name)).toEqual(['西湖文化广场', '滨江科技园', '鄞州商业中心']);
    const wangwu = (await login(app, 'wangwu')).token;
    const theirs = (
      await app.inject({ method: 'POST', url: '/wisdompower/v1/system/setting/projects', headers: bearer(wangwu), payload: {} })
    ).json();
    expect((theirs.data as SettingProjectDto[]).map((p) => p.name)).toEqual(['玄武区人民医院', '武侯购物中心']);

    const [binjiang] = await terminalsOfProject(app, '滨江科技园');
    const [yinzhou] = await terminalsOfProject(app, '鄞州商业中心');
    const project = (name: string) => listed.find((p) => p.name === name)!.id;
    // the two drift alike: by now their daily peaks are about 1.4 days from the limit
    expect(
      await save(zhangsan, {
        earlyWarningProjectHorizons: [{ projectId: project('滨江科技园'), days: 1 }],
        earlyWarningOffProjects: [project('鄞州商业中心')],
      }),
    ).toMatchObject({ code: 0 });
    clock = HOUR_AFTER + 3 * 60_000;
    for (const d of [binjiang!, yinzhou!]) await feed(d.code, START + 2 * DAY, HOUR_AFTER, drifting);
    await jobs.run('alarms.earlyWarning');
    expect(await trends(binjiang!.id)).toEqual([]); // beyond its own horizon of one day
    expect(await trends(yinzhou!.id)).toEqual([]); // its project is left out

    expect(await save(zhangsan, { earlyWarningProjectHorizons: [{ projectId: project('滨江科技园'), days: 2 }] })).toMatchObject({
      code: 0,
    });
    await nextHour(HOUR_AFTER, [binjiang!.code, yinzhou!.code]);
    expect(await trends(binjiang!.id)).toMatchObject([{ endeventid: EVENT_STATUS.ACTIVE, eventtime: HOUR_AFTER + H }]);
    expect(await trends(yinzhou!.id)).toEqual([]);

    expect(await save(zhangsan, { earlyWarningOffProjects: [project('滨江科技园')] })).toMatchObject({ code: 0 });
    await nextHour(HOUR_AFTER + H, [binjiang!.code, yinzhou!.code]);
    expect(await trends(yinzhou!.id)).toMatchObject([{ endeventid: EVENT_STATUS.ACTIVE, eventtime: HOUR_AFTER + 2 * H }]);
    // switching a project off ends its open warnings
    expect(await trends(binjiang!.id)).toMatchObject([{ endeventid: EVENT_STATUS.END, endtime: HOUR_AFTER + 2 * H }]);

    const bad = await save(zhangsan, { earlyWarningProjectHorizons: [{ projectId: project('滨江科技园'), days: 31 }] });
    expect(bad.code).not.toBe(0);
    expect(bad.msg).toContain('预警时长须为 1 到 30 天的整数');
  });
});
