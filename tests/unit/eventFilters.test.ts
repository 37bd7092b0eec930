import { describe, expect, it } from 'vitest';
import { listBody, scopeQuery, toExpressions, type EventFilters } from '../../src/features/alarmEvent/filterMapping';
import { mergeRows } from '../../src/features/alarmEvent/liveRows';
import type { PecEvent } from '../../domain/telemetry';

const start = new Date(2024, 5, 1);
const end = new Date(2024, 5, 2);
const base: EventFilters = { start, end, types: [], levels: [], status: 'all', confirm: 'all' };
const time = [
  { prop: 'eventtime', operator: 'GE', limit: start.getTime() },
  { prop: 'eventtime', operator: 'LT', limit: end.getTime() },
];

describe('filter → expressions (spec §7)', () => {
  it.each<[string, Partial<EventFilters>, unknown[]]>([
    ['time range only: GE start, LT end', {}, []],
    ['one type: IN of one (spec §7: customtype IN)', { types: [2] }, [{ prop: 'customtype', operator: 'IN', limit: [2] }]],
    ['several types: IN, sorted, deduplicated', { types: [4, 1, 4] }, [{ prop: 'customtype', operator: 'IN', limit: [1, 4] }]],
    ['one level: IN of one (spec §7: peceventlevel IN)', { levels: [1] }, [{ prop: 'peceventlevel', operator: 'IN', limit: [1] }]],
    ['several levels: IN', { levels: [4, 2] }, [{ prop: 'peceventlevel', operator: 'IN', limit: [2, 4] }]],
    ['status active: IN [0]', { status: 0 }, [{ prop: 'endeventid', operator: 'IN', limit: [0] }]],
    ['status end: IN [1]', { status: 1 }, [{ prop: 'endeventid', operator: 'IN', limit: [1] }]],
    ['status all: nothing', { status: 'all' }, []],
    ['unconfirmed: IN [1]', { confirm: 1 }, [{ prop: 'confirmeventstatus', operator: 'IN', limit: [1] }]],
    ['confirmed: IN [3]', { confirm: 3 }, [{ prop: 'confirmeventstatus', operator: 'IN', limit: [3] }]],
    ['confirm all: nothing', { confirm: 'all' }, []],
    [
      'everything together keeps a stable order',
      { types: [1, 2], levels: [2], status: 0, confirm: 1 },
      [
        { prop: 'customtype', operator: 'IN', limit: [1, 2] },
        { prop: 'peceventlevel', operator: 'IN', limit: [2] },
        { prop: 'endeventid', operator: 'IN', limit: [0] },
        { prop: 'confirmeventstatus', operator: 'IN', limit: [1] },
      ],
    ],
  ])('%s', (_name, change, rest) => {
    expect(toExpressions({ ...base, ...change })).toEqual([...time, ...rest]);
  });

  it('builds the list body: eventtime desc, submodels, page, extra expressions after the filters', () => {
    const body = listBody({ ...base, status: 0 }, { index: 2, limit: 20 }, [{ prop: 'id', operator: 'IN', limit: [7] }]);
    expect(body).toEqual({
      rootLabel: 'peceventextend',
      rootCondition: {
        page: { index: 2, limit: 20 },
        filter: { expressions: [...time, { prop: 'endeventid', operator: 'IN', limit: [0] }, { prop: 'id', operator: 'IN', limit: [7] }] },
      },
      orders: [{ propertyLabel: 'eventtime', orderType: 'desc' }],
      include_submodel: true,
    });
  });

  it.each([
    [undefined, ''],
    [{ id: 3, modelLabel: 'project' as const }, '?id=3&modelLabel=project'],
    [{ id: 0, modelLabel: 'province' as const }, '?id=0&modelLabel=province'],
  ])('scope %j → %s', (scope, query) => expect(scopeQuery(scope)).toBe(query));
});

describe('live rows', () => {
  const ev = (id: number, eventtime: number, extra: Partial<PecEvent> = {}) =>
    ({ id, eventtime, confirmeventstatus: 1, ...extra }) as PecEvent;

  it('puts new events on top newest first and replaces known ones in place', () => {
    const current = [ev(5, 500), ev(4, 400), ev(3, 300)];
    const { rows, added } = mergeRows(current, [ev(4, 400, { confirmeventstatus: 3, operator: 'lisi' }), ev(7, 600), ev(8, 700)]);
    expect(added).toBe(2);
    expect(rows.map((r) => r.id)).toEqual([8, 7, 5, 4, 3]);
    expect(rows[3]).toMatchObject({ id: 4, confirmeventstatus: 3, operator: 'lisi' });
  });

  it('an update only is not an insert', () => {
    const current = [ev(5, 500)];
    expect(mergeRows(current, [ev(5, 500, { remark: 'x' })])).toEqual({ rows: [ev(5, 500, { remark: 'x' })], added: 0 });
  });
});
