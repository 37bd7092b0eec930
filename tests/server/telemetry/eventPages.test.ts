import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, login, makeApp, terminalsOfProject } from './helpers';

/**
 * event/list pages by keyset (server/events/eventPage.ts): the page after, before or the same one
 * as a cursor of the previous answer holds the rows an OFFSET page held over the data as the user saw
 * it, whatever arrived or left the filter meanwhile; anything else is an OFFSET page as before.
 */
describe('event list keyset pages', () => {
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;
  let token: string;
  let tokenB: string;
  let device: { id: number; projectid: number; tenantid: number };
  // Far in the past, so the demo's own events (and this file's later inserts) sort apart from these.
  const T0 = Date.UTC(2020, 0, 1);
  const LIMIT = 20;

  beforeAll(async () => {
    ({ app, cleanup } = await makeApp());
    token = (await login(app, 'zhangsan')).token;
    tokenB = (await login(app, 'wangwu')).token;
    device = (await terminalsOfProject(app, '西湖文化广场'))[0]!;
  });
  afterAll(() => cleanup());

  /** n events of one level, three to an event time (so pages split between equal times by id). */
  const insert = async (n: number, level: number, at: (i: number) => number = (i) => T0 + Math.floor(i / 3) * 1000) => {
    const rows = Array.from({ length: n }, (_, i) => ({
      eventtime: at(i),
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
    const ids: number[] = [];
    for (const r of rows) ids.push((await app.db.insertInto('peceventextend').values(r).returning('id').executeTakeFirstOrThrow()).id);
    return ids;
  };

  interface Page {
    code: number;
    msg: string;
    total: number;
    cursor?: string;
    ids: number[];
  }
  const list = async (
    expressions: object[],
    page: { index: number; limit?: number; cursor?: string | undefined },
    opts: { token?: string; orders?: object[] } = {},
  ): Promise<Page> => {
    const res = await app.inject({
      method: 'POST',
      url: '/wisdompower/v1/event/list',
      headers: bearer(opts.token ?? token),
      payload: {
        rootLabel: 'peceventextend',
        rootCondition: { page: { limit: LIMIT, ...page }, filter: { expressions } },
        ...(opts.orders ? { orders: opts.orders } : {}),
      },
    });
    const body = res.json();
    return {
      code: body.code,
      msg: body.msg,
      total: body.total,
      cursor: body.cursor,
      ids: (body.data ?? []).map((r: { id: number }) => r.id),
    };
  };
  /** this file's events of a level (the demo's own events are of today) */
  const level = (n: number, until = Date.UTC(2020, 5, 1)) => [
    { prop: 'peceventlevel', operator: 'EQ', limit: n },
    { prop: 'eventtime', operator: 'LT', limit: until },
  ];
  /** every page of a filter by OFFSET (no cursor) */
  const offsetPages = async (expressions: object[], pages: number) => {
    const out: number[][] = [];
    for (let index = 0; index < pages; index++) out.push((await list(expressions, { index })).ids);
    return out;
  };

  it('walks next, previous and the same page by cursor to exactly the OFFSET pages', async () => {
    await insert(7 * LIMIT + 5, 1);
    const byOffset = await offsetPages(level(1), 9);
    expect(byOffset.slice(0, 7).every((p) => p.length === LIMIT)).toBe(true);
    expect(byOffset[7]).toHaveLength(5);
    expect(byOffset[8]).toEqual([]);
    let p = await list(level(1), { index: 0 });
    expect(p.ids).toEqual(byOffset[0]);
    for (let index = 1; index <= 8; index++) {
      const next = await list(level(1), { index, cursor: p.cursor });
      expect(next.code).toBe(0);
      expect(next.ids).toEqual(byOffset[index]);
      expect(next.total).toBe(7 * LIMIT + 5);
      if (index === 8) expect(next.cursor).toBeUndefined();
      else p = next;
    }
    // back from page 7 to page 1, then the same page again
    for (let index = 6; index >= 1; index--) {
      p = await list(level(1), { index, cursor: p.cursor });
      expect(p.ids).toEqual(byOffset[index]);
    }
    expect((await list(level(1), { index: 1, cursor: p.cursor })).ids).toEqual(byOffset[1]);
  });

  it('keeps the next page where the user was when newer events arrive, while a jump pages by OFFSET over the new list', async () => {
    await insert(4 * LIMIT, 2);
    const snapshot = await offsetPages(level(2), 4);
    const p0 = await list(level(2), { index: 0 });
    const p1 = await list(level(2), { index: 1, cursor: p0.cursor });
    expect(p1.ids).toEqual(snapshot[1]);
    // Seven newer events arrive (on top in the default order), and a late one among page 2's rows.
    const newer = await insert(7, 2, (i) => Date.UTC(2020, 2, 1) + i);
    const page2Top = (
      await app.db.selectFrom('peceventextend').select('eventtime').where('id', '=', snapshot[2]![0]!).executeTakeFirstOrThrow()
    ).eventtime;
    const [late] = await insert(1, 2, () => page2Top - 1);
    const p2 = await list(level(2), { index: 2, cursor: p1.cursor });
    // The page after what the user saw is the OFFSET page of the list without the newer events: the
    // late row in its place, nothing of page 1 again.
    const withoutNewer = await list(level(2, Date.UTC(2020, 1, 1)), { index: 2 });
    expect(p2.ids).toEqual(withoutNewer.ids);
    expect(p2.ids).toContain(late);
    expect(p2.ids.some((id) => newer.includes(id) || snapshot[1]!.includes(id))).toBe(false);
    expect(p2.total).toBe(4 * LIMIT + 8);
    // Without the cursor (a jump), page 2 is the OFFSET page of the list as it is now: shifted by the 7 on top.
    const jumped = await list(level(2), { index: 2 });
    expect(jumped.ids.slice(0, 7)).toEqual(snapshot[1]!.slice(LIMIT - 7));
  });

  it('neither skips nor repeats rows that leave the filter between pages (confirmed while the list shows unconfirmed ones)', async () => {
    const unconfirmed = [...level(3), { prop: 'confirmeventstatus', operator: 'EQ', limit: 1 }];
    await insert(3 * LIMIT, 3);
    const snapshot = await offsetPages(unconfirmed, 3);
    const p0 = await list(unconfirmed, { index: 0 });
    const confirmed = await app.inject({
      method: 'POST',
      url: '/wisdompower/v1/event/save',
      headers: bearer(token),
      payload: p0.ids.map((id) => ({ id, confirmeventstatus: 3 })),
    });
    expect(confirmed.json().code).toBe(0);
    const p1 = await list(unconfirmed, { index: 1, cursor: p0.cursor });
    expect(p1.ids).toEqual(snapshot[1]);
    expect(p1.total).toBe(2 * LIMIT);
    // By OFFSET the same page index now holds what was page 2: page 1's rows were never shown.
    expect((await list(unconfirmed, { index: 1 })).ids).toEqual(snapshot[2]);
    // Back to page 1's predecessor is page 0: always the newest rows of the list as it is now.
    expect((await list(unconfirmed, { index: 0, cursor: p1.cursor })).ids).toEqual(snapshot[1]);
  });

  it('pages by OFFSET for a cursor of another filter, page size or user, and under a column sort', async () => {
    const byOffset = await offsetPages(level(1), 3);
    const other = await list(level(2), { index: 0 });
    expect((await list(level(1), { index: 1, cursor: other.cursor })).ids).toEqual(byOffset[1]);
    const ten = await list(level(1), { index: 0, limit: 10 });
    expect((await list(level(1), { index: 1, cursor: ten.cursor })).ids).toEqual(byOffset[1]);
    // Tenant B's list of the same filter holds none of tenant A's rows, cursor or not.
    const b = await list(level(1), { index: 1, cursor: (await list(level(1), { index: 0 })).cursor }, { token: tokenB });
    expect(b.code).toBe(0);
    expect(b.ids.some((id) => byOffset.flat().includes(id))).toBe(false);
    const orders = [{ propertyLabel: 'id', orderType: 'asc' }];
    const sorted0 = await list(level(1), { index: 0 }, { orders });
    expect(sorted0.cursor).toBeUndefined();
    const sorted1 = await list(level(1), { index: 1, cursor: (await list(level(1), { index: 0 })).cursor }, { orders });
    const all = (await list(level(1), { index: 0, limit: 1000 })).ids;
    expect(sorted1.ids).toEqual([...all].sort((x, y) => x - y).slice(LIMIT, 2 * LIMIT));
  });

  it('refuses a cursor it did not write, naming it', async () => {
    const bad = await list(level(1), { index: 1, cursor: 'bm90LWEtY3Vyc29y' });
    expect(bad.code).toBe(4000);
    expect(bad.msg).toContain('cursor');
    const notBase64 = await list(level(1), { index: 1, cursor: 'a b' });
    expect(notBase64.code).toBe(4000);
    expect(notBase64.msg).toContain('cursor');
  });
});
