import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { decodeSeries, type SeriesColumns, type SeriesMeta } from '../../../domain/seriesWire';
import { SeriesFrameReader } from '../../../domain/seriesStream';
import { bearer, login, makeApp, terminalsOfProject } from './helpers';

/**
 * All series of a view in one request (issue 17 item 5): POST history/series streams one binary frame
 * per series, in the order asked, each the same as the per-series datalog answer; long ranges with a
 * pixel width come from the rollup tier that fills the pixels; refusals are envelopes, never streams.
 */
const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const T0 = new Date(2026, 8, 1).getTime();
const DAYS = 20;
const clock = T0 + DAYS * DAY + 2 * HOUR;
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let token: string;
let devs: { id: number; code: string }[];

beforeAll(async () => {
  ({ app, cleanup } = await makeApp({ telemetry: { now: () => clock } }));
  token = (await login(app, 'zhangsan')).token;
  devs = (await terminalsOfProject(app, '西湖文化广场')).slice(0, 2);
  // Device 0: 20 days of leak current and energy at 1 minute, a spike on day 12; device 1: temperature
  // every 15 s for the last two days.
  for (let i = 0; i < DAYS * 1440; i += 240) {
    const values = [];
    for (let j = i; j < i + 240; j++) {
      values.push({
        dataId: 1001,
        value: j === 12 * 1440 + 100 ? 777.7 : Math.round((100 + (j % 37)) * 10) / 10,
        time: T0 + j * MIN,
        status: j % 3000 === 9 ? 3 : 0,
      });
      values.push({ dataId: 1402, value: Math.round(j * 0.25 * 100) / 100, time: T0 + j * MIN });
    }
    await app.telemetry.ingest({ device: devs[0]!.code, time: T0 + i * MIN, values }, { trusted: true });
  }
  for (let i = 0; i < 2 * 5760; i += 480) {
    const values = [];
    for (let j = i; j < i + 480; j++) values.push({ dataId: 1101, value: 30 + (j % 50) / 10, time: T0 + (DAYS - 2) * DAY + j * 15_000 });
    await app.telemetry.ingest({ device: devs[1]!.code, time: values[0]!.time, values }, { trusted: true });
  }
  await app.telemetry.compactor.runUntilIdle();
}, 120_000);
afterAll(async () => cleanup());

const post = (url: string, payload: unknown, t = token) =>
  app.inject({ method: 'POST', url, headers: bearer(t), payload: payload as object });

function frames(raw: Buffer, chunk = raw.length) {
  const reader = new SeriesFrameReader();
  const out: { meta: SeriesMeta; cols: SeriesColumns }[] = [];
  for (let i = 0; i < raw.length; i += chunk) out.push(...reader.push(new Uint8Array(raw.subarray(i, i + chunk))));
  expect(reader.complete()).toBe(true);
  return out;
}
const plain = (c: SeriesColumns) => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, Array.from(v as ArrayLike<number>)]));

describe('history/series', () => {
  it('answers every series asked, in order, each as its own datalog answer would', async () => {
    const from = T0 + 3 * DAY + 17 * MIN;
    const to = T0 + 19 * DAY;
    const asked = [
      { pecDeviceId: devs[0]!.id, dataId: 1001 },
      { pecDeviceId: devs[1]!.id, dataId: 1101 },
      { pecDeviceId: devs[0]!.id, dataId: 1402, isDiffValue: true },
    ];
    const res = await post('/wisdompower/v1/history/series', { startTime: from, endTime: to, series: asked });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    const got = frames(res.rawPayload);
    expect(got.map((f) => [f.meta.pecDeviceId, f.meta.dataId, f.meta.isDiffValue])).toEqual(
      asked.map((a) => [a.pecDeviceId, a.dataId, !!a.isDiffValue]),
    );
    for (const [k, a] of asked.entries()) {
      const one = await post(`/wisdompower/v1/history/${a.pecDeviceId}/datalog`, {
        dataId: a.dataId,
        startTime: from,
        endTime: to,
        isDiffValue: !!a.isDiffValue,
        format: 'binary',
      });
      const expected = decodeSeries(new Uint8Array(one.rawPayload).buffer);
      expect(got[k]!.meta).toEqual(expected.meta);
      expect(plain(got[k]!.cols)).toEqual(plain(expected.cols));
    }
    // however the bytes arrive
    expect(frames(res.rawPayload, 7).map((f) => plain(f.cols))).toEqual(got.map((f) => plain(f.cols)));
  });

  it('serves a long range from hour rollups when the chart is narrower than its hours, the spike kept', async () => {
    const from = T0;
    const to = T0 + DAYS * DAY;
    const res = await post('/wisdompower/v1/history/series', {
      startTime: from,
      endTime: to,
      pixels: 400,
      series: [{ pecDeviceId: devs[0]!.id, dataId: 1001 }],
    });
    const [f] = frames(res.rawPayload);
    expect(f!.meta).toMatchObject({ tier: '1h', stepMs: HOUR, count: DAYS * 24, readings: DAYS * 1440 });
    expect(Math.max(...f!.cols.max!)).toBe(777.7);
    const raw = await app.telemetry.series.points(devs[0]!.id, 1001, from, to);
    expect(Math.min(...f!.cols.min!)).toBe(Math.min(...raw.value));
    const hour12 = (await app.telemetry.series.points(devs[0]!.id, 1001, T0 + 3 * HOUR, T0 + 4 * HOUR)).value;
    expect(f!.cols.value[3]).toBe(Math.round((hour12.reduce((s, v) => s + v, 0) / hour12.length) * 1000) / 1000);
    expect(f!.cols.count![3]).toBe(60);
    // a status 3 reading marks its hour
    expect(f!.cols.status[Math.floor(9 / 60)]).toBe(3);
  });

  it('thins a long range to the steps the pixels need, every step with the extremes of its readings', async () => {
    const from = T0 + 5 * MIN;
    const to = T0 + DAYS * DAY;
    const res = await post('/wisdompower/v1/history/series', {
      startTime: from,
      endTime: to,
      pixels: 2000,
      series: [{ pecDeviceId: devs[0]!.id, dataId: 1001 }],
    });
    const [f] = frames(res.rawPayload);
    // 20 days over 2,000 pixels: 14.4 minutes a pixel, so 14-minute steps from the range's start
    const step = 14 * MIN;
    expect(f!.meta).toMatchObject({ tier: '1m', stepMs: step, count: Math.ceil((to - from) / step), readings: DAYS * 1440 - 5 });
    expect(f!.meta.count).toBeGreaterThanOrEqual(2000);
    const raw = await app.telemetry.series.points(devs[0]!.id, 1001, from, to);
    for (let i = 0; i < f!.meta.count; i++) {
      const a = f!.cols.time[i]!;
      expect(a).toBe(from + i * step);
      const vs = raw.value.slice(
        raw.time.findIndex((t) => t >= a),
        raw.time.findIndex((t) => t >= a + step) >>> 0,
      );
      expect([f!.cols.min![i], f!.cols.max![i], f!.cols.count![i]]).toEqual([Math.min(...vs), Math.max(...vs), vs.length]);
    }
    expect(Math.max(...f!.cols.max!)).toBe(777.7);
    // when the extremes fell, to the minute (finer than the steps): the spike's own minute
    expect(f!.meta.maxAt).toBe(T0 + (12 * 1440 + 100) * MIN);
    expect(f!.meta.minAt).toBe(raw.time[raw.value.indexOf(Math.min(...raw.value))]);
  });

  it('keeps the readings when steps would not thin them, and for a week or less', async () => {
    const month = await post('/wisdompower/v1/history/series', {
      startTime: T0,
      endTime: T0 + DAYS * DAY,
      pixels: 20_000,
      series: [{ pecDeviceId: devs[0]!.id, dataId: 1001 }],
    });
    expect(frames(month.rawPayload)[0]!.meta).toMatchObject({ count: DAYS * 1440 });
    expect(frames(month.rawPayload)[0]!.meta.tier).toBeUndefined();
    const week = await post('/wisdompower/v1/history/series', {
      startTime: T0,
      endTime: T0 + 7 * DAY,
      pixels: 10,
      series: [{ pecDeviceId: devs[0]!.id, dataId: 1001 }],
    });
    expect(frames(week.rawPayload)[0]!.meta).toMatchObject({ count: 7 * 1440 });
  });

  it('gives each step its increase for a counter asked as differences', async () => {
    const res = await post('/wisdompower/v1/history/series', {
      startTime: T0 + DAY,
      endTime: T0 + DAYS * DAY,
      pixels: 100,
      series: [{ pecDeviceId: devs[0]!.id, dataId: 1402, isDiffValue: true }],
    });
    const [f] = frames(res.rawPayload);
    // 19 days over 100 pixels: 4-hour steps of 60 minutes' increase of 0.25 each
    expect(f!.meta).toMatchObject({ tier: '1h', stepMs: 4 * HOUR, count: (19 * 24) / 4 });
    expect([...f!.cols.value].every((v) => v === 60)).toBe(true);
  });

  it('refuses with an envelope before any byte of a stream', async () => {
    const other = (await login(app, 'wangwu')).token;
    const denied = await post(
      '/wisdompower/v1/history/series',
      { startTime: T0, endTime: T0 + DAY, series: [{ pecDeviceId: devs[0]!.id, dataId: 1001 }] },
      other,
    );
    expect(denied.json()).toMatchObject({ code: 4031 });
    const tooMany = await post('/wisdompower/v1/history/series', {
      startTime: T0,
      endTime: T0 + DAY,
      series: Array.from({ length: 21 }, () => ({ pecDeviceId: devs[0]!.id, dataId: 1001 })),
    });
    expect(tooMany.json().code).not.toBe(0);
    const unknown = await post('/wisdompower/v1/history/series', {
      startTime: T0,
      endTime: T0 + DAY,
      series: [{ pecDeviceId: devs[0]!.id, dataId: 9999 }],
    });
    expect(unknown.json().msg).toContain('9999');
    const backwards = await post('/wisdompower/v1/history/series', {
      startTime: T0 + DAY,
      endTime: T0,
      series: [{ pecDeviceId: devs[0]!.id, dataId: 1001 }],
    });
    expect(backwards.json().msg).toContain('endTime');
  });
});
