import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEVICE_STATUS, EVENT_STATUS } from '../../../domain/enums';
import { COMM_LOSS_EVENT_TYPE } from '../../../domain/telemetry';
import { formatTime } from '../../../server/text/time';
import { DEFAULT_TIME_ZONE } from '../../../domain/timeZone';
import { bearer, login, makeApp, terminalsOfProject } from './helpers';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let token: string;
let dev: { id: number; code: string };
let clock = Date.now();
const DAY0 = new Date(2025, 0, 10, 0, 0, 0).getTime();

beforeAll(async () => {
  ({ app, cleanup } = await makeApp({ telemetry: { now: () => clock, commRetryMs: 45_000, commExitMs: 120_000 } }));
  token = (await login(app, 'zhangsan')).token;
  dev = (await terminalsOfProject(app, '西湖文化广场'))[3]!;
  // One day of residual current at 1-minute resolution with a single-sample spike at 12:00, and energy counting up.
  for (let m = 0; m < 1440; m += 60) {
    const values = [];
    for (let k = 0; k < 60; k++) values.push({ dataId: 1001, value: m + k === 720 ? 900 : 100, time: DAY0 + (m + k) * 60_000 });
    for (let k = 0; k < 60; k++) values.push({ dataId: 1402, value: (m + k) * 0.5, time: DAY0 + (m + k) * 60_000 });
    const r = await app.telemetry.ingest({ device: dev.code, time: DAY0 + m * 60_000, values }, { trusted: true });
    expect(r.rejected).toEqual([]);
  }
});
afterAll(async () => cleanup());

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

describe('history and trend', () => {
  it('serves a range of one series, and differences for cumulative measures', async () => {
    const r = (
      await post(`/wisdompower/v1/history/${dev.id}/datalog`, {
        dataId: 1001,
        startTime: formatTime(DAY0, DEFAULT_TIME_ZONE),
        endTime: formatTime(DAY0 + 3600_000, DEFAULT_TIME_ZONE),
      })
    ).json();
    expect(r.code).toBe(0);
    expect(r.data.dataList).toHaveLength(60);
    expect(r.data.unit).toBe('mA');
    const d = (
      await post(`/wisdompower/v1/history/${dev.id}/datalog`, {
        dataId: 1402,
        startTime: DAY0 + 3600_000,
        endTime: DAY0 + 7200_000,
        isDiffValue: true,
      })
    ).json();
    expect(d.data.dataList.every((p: { value: number }) => p.value === 0.5)).toBe(true);
  });

  it('trend query aggregates to the interval and keeps the spike in the bucket max', async () => {
    const r = (
      await post('/wisdompower/v1/trend/query', {
        startTime: formatTime(DAY0, DEFAULT_TIME_ZONE),
        endTime: formatTime(DAY0 + 86_400_000, DEFAULT_TIME_ZONE),
        interval: 3600,
        meterConfigs: [{ dataId: 1001, dataTypeId: 1, deviceId: dev.id, logicalId: 1 }],
      })
    ).json();
    expect(r.code).toBe(0);
    const s = r.data[0];
    expect(s).toMatchObject({ dataId: 1001, deviceId: dev.id, logicalId: 1, unit: 'mA', upperLimit: 300, aggregated: true });
    expect(s.dataList).toHaveLength(24);
    const noon = s.dataList[12];
    expect(noon.max).toBe(900);
    expect(noon.min).toBe(100);
    expect(s.dataList[11].max).toBe(100);
    const raw = (
      await post('/wisdompower/v1/trend/query', {
        startTime: formatTime(DAY0 + 11.5 * 3600_000, DEFAULT_TIME_ZONE),
        endTime: formatTime(DAY0 + 12.5 * 3600_000, DEFAULT_TIME_ZONE),
        interval: 60,
        meterConfigs: [{ dataId: 1001, dataTypeId: 1, deviceId: dev.id, logicalId: 1 }],
      })
    ).json();
    expect(raw.data[0].dataList).toHaveLength(60);
    expect(raw.data[0].dataList.find((p: { value: number }) => p.value === 900)).toBeTruthy();
    const badTime = (
      await post('/wisdompower/v1/trend/query', {
        startTime: '2025/01/10',
        endTime: formatTime(DAY0, DEFAULT_TIME_ZONE),
        meterConfigs: [{ dataId: 1001, deviceId: dev.id }],
      })
    ).json();
    expect(badTime.msg).toContain('YYYY-MM-DD HH:mm:ss');
  });

  it('realtime answers latest values, over-limit flags and trend groups', async () => {
    const r = (await app.inject({ url: `/wisdompower/v1/realtime/${dev.id}`, headers: bearer(token) })).json();
    expect(r.code).toBe(0);
    const leak = r.data.measureDataList.find((m: { dataId: number }) => m.dataId === 1001);
    expect(leak).toMatchObject({ measureName: '剩余电流', value: 100, unit: 'mA', isOverproof: false });
    expect(r.data.trendData['剩余电流']).toMatchObject({ leftUnit: 'mA' });
    expect(r.data.trendData['温度'].configList).toHaveLength(4);
    // each trend series carries the device's thresholds, for the chart's limit lines
    expect(r.data.trendData['剩余电流'].measureDataList[0]).toMatchObject({ dataId: 1001, alarmLimit: 300, warnLimit: 240 });
    const save = await post('/wisdompower/v1/account/device/measure/threshold/save', {
      rootID: dev.id,
      rootLabel: 'terminal',
      thresholds: [{ dataId: 1101, alarmLimit: 55 }],
    });
    expect(save.json().code).toBe(0);
    const saved = (await app.inject({ url: `/wisdompower/v1/realtime/${dev.id}`, headers: bearer(token) })).json();
    const temp = saved.data.trendData['温度'].measureDataList.find((m: { dataId: number }) => m.dataId === 1101);
    expect(temp).toMatchObject({ alarmLimit: 55, warnLimit: 44 });
    const current = saved.data.trendData['电流电压'].measureDataList[0];
    expect(current).toMatchObject({ alarmLimit: null, warnLimit: null });
    const other = (await login(app, 'wangwu')).token;
    expect((await app.inject({ url: `/wisdompower/v1/realtime/${dev.id}`, headers: bearer(other) })).json().code).toBe(4031);
  });

  it('exports history as xlsx and lists units', async () => {
    const x = await post('/wisdompower/v1/history/export/device/datalog', {
      pecDeviceId: dev.id,
      dataIds: [1001, 1402],
      startTime: DAY0,
      endTime: DAY0 + 3600_000,
    });
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const u = (await post('/wisdompower/v1/history/dataId/unit/list', {})).json();
    expect(u.data.find((m: { dataId: number }) => m.dataId === 1101)).toMatchObject({ unit: '℃', dataIdName: 'A相温度' });
  });
});

describe('communication status', () => {
  const lastSeq = async () =>
    Number(
      (
        await app.db
          .selectFrom('event_log')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .executeTakeFirstOrThrow()
      ).seq ?? 0,
    );
  /** the comm-loss episodes still open of these devices */
  const openCommLoss = (devices: { id: number }[]) =>
    app.db
      .selectFrom('peceventextend')
      .select('deviceid')
      .where('customtype', '=', COMM_LOSS_EVENT_TYPE)
      .where('endeventid', '=', EVENT_STATUS.ACTIVE)
      .where(
        'deviceid',
        'in',
        devices.map((d) => d.id),
      )
      .execute();

  it('moves to RETRY and AUTO_EXIT on silence with a comm-loss episode, and back on the next batch', async () => {
    const d = app.telemetry.devices.getSync(dev.id)!;
    await app.telemetry.ingest({ device: dev.code, time: clock, values: [{ dataId: 1001, value: 100 }] }, { trusted: true });
    clock += 50_000;
    await app.telemetry.commWatch.check();
    expect(d.devicestatus).toBe(DEVICE_STATUS.RETRY);
    clock += 80_000;
    await app.telemetry.commWatch.check();
    expect(d.devicestatus).toBe(DEVICE_STATUS.AUTO_EXIT);
    await app.telemetry.commWatch.check(); // no repeat
    // the batch's answer comes after the status change it causes: no wait
    await app.telemetry.ingest({ device: dev.code, time: clock, values: [{ dataId: 1001, value: 100 }] }, { trusted: true });
    expect(d.devicestatus).toBe(DEVICE_STATUS.COMMUNICATING);
    const eps = await app.db
      .selectFrom('peceventextend')
      .selectAll()
      .where('deviceid', '=', dev.id)
      .where('customtype', '=', COMM_LOSS_EVENT_TYPE)
      .execute();
    expect(eps).toHaveLength(1);
    expect(eps[0]!.endeventid).toBe(1);
    const row = await app.db.selectFrom('terminal').select('devicestatus').where('id', '=', dev.id).executeTakeFirstOrThrow();
    expect(row.devicestatus).toBe(DEVICE_STATUS.COMMUNICATING);
    const changes = await app.db
      .selectFrom('event_log')
      .select('payload')
      .where('kind', '=', 'device.status_changed')
      .where('subject', '=', `terminal:${dev.id}`)
      .orderBy('seq')
      .execute();
    expect(changes.map((c) => JSON.parse(c.payload).to)).toEqual([
      DEVICE_STATUS.RETRY,
      DEVICE_STATUS.AUTO_EXIT,
      DEVICE_STATUS.COMMUNICATING,
    ]);
  });

  it('takes a whole project silent past both limits through RETRY to AUTO_EXIT in one check, each device’s changes in order', async () => {
    const project = await terminalsOfProject(app, '西湖文化广场');
    for (const d of project)
      await app.telemetry.ingest({ device: d.code, time: clock, values: [{ dataId: 1001, value: 100 }] }, { trusted: true });
    const since = await lastSeq();
    clock += 130_000;
    await app.telemetry.commWatch.check();
    for (const d of project) expect(app.telemetry.devices.getSync(d.id)!.devicestatus).toBe(DEVICE_STATUS.AUTO_EXIT);
    const changes = await app.db
      .selectFrom('event_log')
      .select(['subject', 'payload'])
      .where('kind', '=', 'device.status_changed')
      .where('seq', '>', since)
      .orderBy('seq')
      .execute();
    for (const d of project) {
      const mine = changes
        .filter((c) => c.subject === `terminal:${d.id}`)
        .map((c) => JSON.parse(c.payload) as { from: number; to: number });
      expect(mine.map((c) => [c.from, c.to])).toEqual([
        [DEVICE_STATUS.COMMUNICATING, DEVICE_STATUS.RETRY],
        [DEVICE_STATUS.RETRY, DEVICE_STATUS.AUTO_EXIT],
      ]);
    }
    const lost = await openCommLoss(project);
    expect(lost.map((e) => e.deviceid).sort((a, b) => a - b)).toEqual(project.map((d) => d.id).sort((a, b) => a - b));
  });

  it('brings a whole project back at once: each device once, its episode ended, each answer after its device shows 正在通信', async () => {
    const project = await terminalsOfProject(app, '西湖文化广场');
    const report = (d: { code: string }) =>
      app.telemetry.ingest({ device: d.code, time: clock, values: [{ dataId: 1001, value: 100 }] }, { trusted: true });
    for (const d of project) await report(d);
    clock += 130_000;
    await app.telemetry.commWatch.check();
    for (const d of project) expect(app.telemetry.devices.getSync(d.id)!.devicestatus).toBe(DEVICE_STATUS.AUTO_EXIT);
    const since = await lastSeq();
    // the region's gateways are back: all of them in the same moment, the first one twice
    clock += 1_000;
    const statusWhenAnswered = await Promise.all(
      [...project, project[0]!].map(async (d) => {
        await report(d);
        return app.telemetry.devices.getSync(d.id)!.devicestatus;
      }),
    );
    expect(statusWhenAnswered.every((s) => s === DEVICE_STATUS.COMMUNICATING)).toBe(true);
    const changes = await app.db
      .selectFrom('event_log')
      .select(['kind', 'subject', 'payload'])
      .where('kind', 'in', ['device.status_changed', 'alarm.ended'])
      .where('seq', '>', since)
      .execute();
    for (const d of project) {
      const mine = changes.filter((c) => c.subject === `terminal:${d.id}`);
      expect(mine.filter((c) => c.kind === 'device.status_changed').map((c) => (JSON.parse(c.payload) as { to: number }).to)).toEqual([
        DEVICE_STATUS.COMMUNICATING,
      ]);
    }
    const commBack = changes.filter(
      (c) => c.kind === 'alarm.ended' && (JSON.parse(c.payload) as { customtype: number }).customtype === COMM_LOSS_EVENT_TYPE,
    );
    expect(commBack).toHaveLength(project.length);
    const stored = await app.db
      .selectFrom('terminal')
      .select('devicestatus')
      .where(
        'id',
        'in',
        project.map((d) => d.id),
      )
      .execute();
    expect(stored.every((r) => r.devicestatus === DEVICE_STATUS.COMMUNICATING)).toBe(true);
    const stillLost = await openCommLoss(project);
    expect(stillLost).toEqual([]);
  });
});
