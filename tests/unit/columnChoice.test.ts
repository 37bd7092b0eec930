import { describe, expect, it } from 'vitest';
import { columnsThatFit } from '../../src/app/widgets/table/columnChoice';

const optional = [
  { id: 'project', width: 110, priority: 1 },
  { id: 'operator', width: 104, priority: 3 },
  { id: 'remark', width: 120, priority: 2 },
  { id: 'remarkTime', width: 150, priority: 4 },
];

describe('optional columns by priority', () => {
  it('takes columns by priority while they fit, kept in table order', () => {
    expect(columnsThatFit(optional, 240)).toEqual(['project', 'remark']);
    expect(columnsThatFit(optional, 340)).toEqual(['project', 'operator', 'remark']);
  });

  it('skips a column too wide for what is left but still takes a narrower one after it', () => {
    expect(columnsThatFit(optional, 110 + 120 + 104 + 149)).toEqual(['project', 'operator', 'remark']);
    expect(columnsThatFit([{ id: 'wide', width: 300, priority: 1 }, ...optional], 120)).toEqual(['project']);
  });

  it('shows nothing optional when there is no room, everything when there is', () => {
    expect(columnsThatFit(optional, 50)).toEqual([]);
    expect(columnsThatFit(optional, 10_000)).toEqual(['project', 'operator', 'remark', 'remarkTime']);
  });
});
