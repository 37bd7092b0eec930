import { describe, expect, it } from 'vitest';
import { UNSORTED, compareCells, nextSort, sortRows } from '../../src/app/widgets/table/sorting';

describe('table sorting', () => {
  it('a header click goes ascending, descending, then back to the data order', () => {
    const a = nextSort(UNSORTED, 'name');
    expect(a).toEqual({ by: 'name', dir: 'asc' });
    const d = nextSort(a, 'name');
    expect(d).toEqual({ by: 'name', dir: 'desc' });
    expect(nextSort(d, 'name')).toEqual(UNSORTED);
    expect(nextSort(d, 'code')).toEqual({ by: 'code', dir: 'asc' });
  });

  it('numbers by value, text with numbers inside compared as numbers, empty cells last both ways', () => {
    const rows = [{ v: '10#配电柜' }, { v: null }, { v: '2#配电柜' }, { v: '3#配电柜' }, { v: '' }];
    const asc = sortRows(rows, { by: 'v', dir: 'asc' }, (r) => r.v).map((r) => r.v);
    expect(asc).toEqual(['2#配电柜', '3#配电柜', '10#配电柜', null, '']);
    const desc = sortRows(rows, { by: 'v', dir: 'desc' }, (r) => r.v).map((r) => r.v);
    expect(desc).toEqual(['10#配电柜', '3#配电柜', '2#配电柜', null, '']);
    expect(compareCells(9, 10, 'asc')).toBeLessThan(0);
    expect(compareCells(new Date(2026, 0, 2), new Date(2026, 0, 1), 'asc')).toBeGreaterThan(0);
  });

  it('is stable, and leaves the rows alone when unsorted', () => {
    const rows = [
      { k: 1, v: 'b' },
      { k: 2, v: 'a' },
      { k: 3, v: 'b' },
      { k: 4, v: 'a' },
    ];
    expect(sortRows(rows, { by: 'v', dir: 'asc' }, (r) => r.v).map((r) => r.k)).toEqual([2, 4, 1, 3]);
    expect(sortRows(rows, { by: 'v', dir: 'desc' }, (r) => r.v).map((r) => r.k)).toEqual([1, 3, 2, 4]);
    expect(sortRows(rows, UNSORTED, (r) => r.v)).toBe(rows);
  });
});
