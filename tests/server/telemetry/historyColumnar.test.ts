import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { decodeSeries } from '../../../domain/seriesWire';
import { bearer, login, makeApp, terminalsOfProject } from './helpers';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let token: string;
let dev: { id: number; code: string };
const DAY0 = new Date(2025, 0, 10, 0, 0, 0).getTime();

beforeAll(async () => {
  ({ app, cleanup } = await makeApp());
  token = (await login(app, 'zhangsan')).token;
  dev = (await terminalsOfProject(app, '西湖文化广场'))[2]!;
  const values = [];
  for (let k = 0; k < 120; k++) {
    values.push({ dataId: 1001, value: k === 30 ? 512.5 : 100 + k, time: DAY0 + k * 60_000, status: k === 40 ? 3 : 0 });
    values.push({ dataId: 1402, value: k * 0.25, time: DAY0 + k * 60_000 });
  }
  for (let i = 0; i < values.length; i += 240)
    await app.telemetry.ingest({ device: dev.code, time: DAY0, values: values.slice(i, i + 240) }, { trusted: true });
});
afterAll(async () => cleanup());

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const url = () => `/wisdompower/v1/history/${dev.id}/datalog`;

describe('history datalog columnar answers', () => {
  it('columnar JSON carries the same points as the default list', async () => {
    const q = { dataId: 1001, startTime: DAY0, endTime: DAY0 + 7200_000 };
    const list = (await post(url(), q)).json().data;
    const col = (await post(url(), { ...q, format: 'columnar' })).json();
    expect(col.code).toBe(0);
    expect(col.data).toMatchObject({ dataId: 1001, unit: 'mA', upperLimit: 300, lowerLimit: null, count: 120 });
    expect(col.data.time).toEqual(list.dataList.map((p: { time: number }) => p.time));
    expect(col.data.value).toEqual(list.dataList.map((p: { value: number }) => p.value));
    expect(col.data.status[40]).toBe(3);
  });

  it('binary answer decodes into typed arrays, differences included', async () => {
    const res = await post(url(), {
      dataId: 1402,
      startTime: DAY0 + 3600_000,
      endTime: DAY0 + 7200_000,
      isDiffValue: true,
      format: 'binary',
    });
    expect(res.headers['content-type']).toBe('application/octet-stream');
    const raw = res.rawPayload;
    const ab = new Uint8Array(raw).buffer;
    const { meta, cols } = decodeSeries(ab);
    expect(meta).toMatchObject({ dataId: 1402, unit: 'kWh', isDiffValue: true, count: 60 });
    expect(cols.time[0]).toBe(DAY0 + 3600_000);
    expect([...cols.value].every((v) => v === 0.25)).toBe(true);
  });

  it('refuses an unknown format with a clear envelope error', async () => {
    const r = (await post(url(), { dataId: 1001, startTime: DAY0, endTime: DAY0 + 60_000, format: 'csv' })).json();
    expect(r.code).not.toBe(0);
    expect(r.msg).toMatch(/format/);
  });
});
