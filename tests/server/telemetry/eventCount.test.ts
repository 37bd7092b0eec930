import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { EXACT_COUNT_CAP } from '../../../server/events/eventCount';
import { bearer, login, makeApp, terminalsOfProject } from './helpers';

/** The event list's total: exact up to the cap on every page, a longer list counted once per change. */
describe('event list totals', () => {
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;
  let token: string;
  let device: { id: number; code: string; projectid: number; tenantid: number };
  const T0 = Date.now() - 86_400_000;

  beforeAll(async () => {
    ({ app, cleanup } = await makeApp());
    token = (await login(app, 'zhangsan')).token;
    device = (await terminalsOfProject(app, '西湖文化广场'))[0]!;
  });
  afterAll(() => cleanup());

  const total = async (level?: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/wisdompower/v1/event/list',
      headers: bearer(token),
      payload: {
        rootLabel: 'peceventextend',
        rootCondition: {
          page: { index: 0, limit: 10 },
          filter: { expressions: level === undefined ? [] : [{ prop: 'peceventlevel', operator: 'EQ', limit: level }] },
        },
      },
    });
    expect(res.json().code).toBe(0);
    return res.json().total as number;
  };
  const insert = async (n: number, level: number) => {
    const rows = Array.from({ length: n }, (_, i) => ({
      eventtime: T0 + i,
      endtime: null,
      endeventid: 1,
      customtype: 1,
      peceventlevel: level,
      confirmeventstatus: 1,
      value: 320,
      endvalue: null,
      limitvalue: 300,
      dataid: 1001,
      description: '剩余电流 320mA 超过报警值 300mA',
      remark: null,
      updatetime: null,
      operator: null,
      deviceid: device.id,
      projectid: device.projectid,
      tenantid: device.tenantid,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await app.db
        .insertInto('peceventextend')
        .values(rows.slice(i, i + 500))
        .execute();
  };

  it('counts a list up to the cap exactly on every page, a new row at once', async () => {
    await insert(30, 1);
    expect(await total(1)).toBe(30);
    await insert(1, 1);
    expect(await total(1)).toBe(31);
  });

  it('counts a list past the cap exactly, whatever the filter', async () => {
    await insert(EXACT_COUNT_CAP + 20, 4);
    expect(await total(4)).toBe(EXACT_COUNT_CAP + 20);
    expect(await total()).toBe(EXACT_COUNT_CAP + 51);
  });
});
